import Foundation
import MaplintCore

/// Reading registrations from Swift sources (`extract`, `lint --swift`), which needs swift-syntax.
///
/// The `maplint` executable does not link swift-syntax: the Swift runtime searches every protocol
/// conformance of the binary when a program first asks about a type, and swift-syntax's make up
/// almost half of them, a cost every run would pay (docs/performance.md). `maplint-swift`,
/// installed beside `maplint`, is the same command line with a reader set; `maplint` gives it
/// the run, with the same arguments, before writing anything.
package enum SwiftSources {
    /// Set by `maplint-swift` before it parses its arguments; nil in `maplint`.
    nonisolated(unsafe) package static var reader: (any SwiftSourceReader)?

    /// The name of the executable that reads Swift sources.
    package static let executableName = "maplint-swift"

    /// In `maplint`, before the arguments are parsed: when they may ask for Swift sources (one of
    /// them is `extract` or `--swift`), the process becomes `maplint-swift`, saving this one's
    /// parse. `maplint-swift` is the whole command line, so a run handed over on a false alarm
    /// (a folder named `extract`) still does what was asked. Returns when there is nothing to
    /// hand over or no `maplint-swift` to run; `obtainReader()` then says so if it is needed.
    package static func handOverEarly(_ arguments: [String] = CommandLine.arguments) {
        guard reader == nil, arguments.dropFirst().contains(where: { $0 == "extract" || $0 == "--swift" }),
            let helper = helperCandidates().first(where: { access($0, X_OK) == 0 })
        else { return }
        _ = run(helper, arguments)
    }

    /// The reader, or, in `maplint`, never returns: the process becomes `maplint-swift` with the
    /// same arguments, or stops with status 2 when it cannot.
    static func obtainReader() throws -> any SwiftSourceReader {
        if let reader { return reader }
        let candidates = helperCandidates()
        guard let helper = candidates.first(where: { access($0, X_OK) == 0 }) else {
            let folders = candidates.map { ($0 as NSString).deletingLastPathComponent }
            Terminal.writeError(
                "maplint: reading Swift sources needs \(executableName), which is not in \(folders.joined(separator: " or ")); "
                    + "build it with `swift build --product \(executableName)`, or install both with `make install`\n")
            throw ExitStatus.invalidInput.exitCode
        }
        let reason = run(helper, CommandLine.arguments)
        Terminal.writeError("maplint: cannot run \(helper): \(reason)\n")
        throw ExitStatus.invalidInput.exitCode
    }

    /// Replaces the process with `helper`; returns only when that failed, with the reason.
    private static func run(_ helper: String, _ arguments: [String]) -> String {
        execv(helper, arguments.map { strdup($0) } + [nil])
        return String(cString: strerror(errno))
    }

    private static func helperCandidates() -> [String] {
        helperCandidates(executable: Bundle.main.executablePath ?? CommandLine.arguments.first ?? "")
    }

    /// Where `maplint-swift` is looked for: beside the executable as started, then beside the file
    /// its links lead to (an installation that links only `maplint` into a folder on the PATH).
    package static func helperCandidates(executable: String) -> [String] {
        let started = ((executable as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent(executableName)
        let resolved =
            (((executable as NSString).resolvingSymlinksInPath as NSString).deletingLastPathComponent
            as NSString).appendingPathComponent(executableName)
        return started == resolved ? [started] : [started, resolved]
    }
}

/// What the commands ask of swift-syntax: one extraction, in the commands' own terms.
package protocol SwiftSourceReader {
    func extract(_ request: SwiftExtractionRequest) -> SwiftExtraction
}

/// The options of an extraction (`SwiftExtractor.extract`).
package struct SwiftExtractionRequest {
    package var paths: [String]
    package var deploymentTarget: String?
    package var libraryVersion: LibraryVersion?
    /// Which Swift files found in folders are read (the configuration's `included` and `excluded`).
    package var accept: (String) -> Bool = { _ in true }
    package var target: String?
    package var followLinks: Bool
    /// `lint --fix` extracts again from the texts it has fixed so far (path → bytes).
    package var overriding: [String: [UInt8]] = [:]
}

/// What an extraction found, with the operations the commands apply to it.
package struct SwiftExtraction {
    package struct Manifest {
        package var name: String
        /// `Name.maplint.yml`.
        package var fileName: String
        /// The manifest's text; `folder` is where it will be written (relative `# swift:` paths),
        /// nil when it is printed.
        package var text: (_ folder: String?) -> String

        package init(name: String, fileName: String, text: @escaping (_ folder: String?) -> String) {
            self.name = name
            self.fileName = fileName
            self.text = text
        }
    }

    package struct Note: Hashable {
        package var message: String
        package var location: SourceLocation

        package init(message: String, location: SourceLocation) {
            self.message = message
            self.location = location
        }
    }

    package var manifests: [Manifest]
    /// The notes of the whole extraction, then those of each manifest in turn.
    package var notes: [Note]
    /// Inputs that could not be read: the extraction is incomplete (status 2).
    package var problems: [Diagnostic]
    /// The Swift files read.
    package var files: [String]
    /// Why nothing was found in the paths given.
    package var nothingFound: (_ paths: [String]) -> String
    /// Lints the manifests in memory, findings at the Swift lines; fixes edit `sources` when given.
    package var lint:
        (_ resources: InterfaceBuilderResources?, _ configuration: LintConfiguration, _ sources: [String: [UInt8]]?)
            -> LintResult

    package init(
        manifests: [Manifest], notes: [Note], problems: [Diagnostic], files: [String],
        nothingFound: @escaping (_ paths: [String]) -> String,
        lint: @escaping (InterfaceBuilderResources?, LintConfiguration, [String: [UInt8]]?) -> LintResult
    ) {
        self.manifests = manifests
        self.notes = notes
        self.problems = problems
        self.files = files
        self.nothingFound = nothingFound
        self.lint = lint
    }
}
