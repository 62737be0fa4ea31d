import Dispatch
import Foundation
import MaplintConcurrency
import MaplintFiles
import MaplintFindings
import MaplintLibrary
import MaplintSwift

// A libFuzzer target for Xcode projects: the input is the text of a `project.pbxproj`, read as
// `maplint` reads it (the plain OpenStep reader, Foundation's parser for what it leaves, then the
// targets, build phases, file references, synchronised folders and build settings). Every input
// ends in a project or an error, never a signal or a stall; the project's files are Swift files
// inside the repository (a folder made for the run, holding a few Swift files a synchronised
// folder may find), each once; a deployment target is one a manifest can write; each problem is
// placed on a line and column the text has. Each run is on a thread with the stack `maplint`
// gives its main work, as the command does (one thread for the whole run).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProject(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    StackWorker.shared.run { ProjectFuzz.check(bytes) }
    return 0
}

/// One thread with the stack `maplint` gives its main work, made once, that runs each input in
/// turn: a thread made for each input cost its setup and teardown every time (AddressSanitizer
/// maps the shadow of the whole 512 MiB stack again when a thread ends), and the run's memory
/// grew to 2 GB in 150 s.
final class StackWorker: @unchecked Sendable {
    static let shared = StackWorker()
    private let start = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var job: () -> Void = {}

    private init() {
        _ = OwnThread.start(stackSize: 512 << 20) { [self] in
            while true {
                start.wait()
                job()
                done.signal()
            }
        }
    }

    func run(_ body: @escaping () -> Void) {
        job = body
        start.signal()
        done.wait()
    }
}

enum ProjectFuzz {
    /// The repository: `.git`, `App/Feed.swift`, `App/Sub/Profile.swift`, `App/Notes.txt` and
    /// the `Feed.xcodeproj` folder, made once.
    static let root: String = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "maplint-fuzz-project-\(ProcessInfo.processInfo.processIdentifier)")
        let files = ["App/Feed.swift", "App/Sub/Profile.swift", "App/Notes.txt"]
        for folder in [".git", "App/Sub", "Feed.xcodeproj"] {
            try? FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in files { try? Data("final class A {}\n".utf8).write(to: root.appendingPathComponent(file)) }
        return RepositoryBoundary.resolved(root.path)
    }()

    static func check(_ bytes: [UInt8]) {
        let projectPath = root + "/Feed.xcodeproj"
        let boundary = RepositoryBoundary(roots: [root])
        let project: XcodeProject
        switch XcodeProject.parse(Data(bytes), projectPath: projectPath, boundary: boundary) {
        case .success(let parsed): project = parsed
        case .failure(let error):
            guard !error.description.isEmpty else { fatalError("an error with no words") }
            return
        }
        for target in project.targets {
            var seen: Set<String> = []
            for file in target.swiftFiles {
                guard file.hasSuffix(".swift"), boundary.contains(file), seen.insert(file).inserted else {
                    fatalError("the target \(target.name) reads \(file.prefix(200)) (outside, not Swift, or twice)")
                }
            }
            if let version = target.deploymentTarget, DeploymentTarget.normalized(version) != version {
                fatalError("the deployment target '\(version.prefix(200))' is not one a manifest writes")
            }
        }
        // Each problem is at a line of the text and a column of that line; a line ends at LF,
        // CR LF or a lone CR, counted on the bytes.
        let lines = Self.lines(of: bytes)
        for problem in project.problems {
            let place = problem.location
            guard place.file == projectPath + "/project.pbxproj", place.line >= 1, place.line <= lines.count,
                place.column >= 1,
                place.column <= String(decoding: lines[place.line - 1], as: UTF8.self).unicodeScalars.count + 1
            else { fatalError("a problem outside the text: \(place) \(problem.message.prefix(200))") }
        }
    }

    static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A || bytes[index] == 0x0D {
                lines.append(bytes[start..<index])
                if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        lines.append(bytes[start...])
        return lines
    }
}
