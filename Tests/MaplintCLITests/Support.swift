import Foundation
import Testing

/// The repository's root folder.
let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let goldenFolder = packageRoot.appendingPathComponent("Tests/MaplintCLITests/Golden")

struct ProcessOutput {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The built `maplint` executable (or `name`, another one built with it), next to the test bundle.
func maplintExecutable(_ name: String = "maplint") -> URL {
    let candidates = [
        Bundle.main.bundleURL.appendingPathComponent(name),
        Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name),
        packageRoot.appendingPathComponent(".build/debug/\(name)"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        ?? candidates[candidates.count - 1]
}

/// Runs maplint in the repository root (so paths in the output are the ones the docs show).
func runMaplint(
    _ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:],
    executable: URL = maplintExecutable()
) throws -> ProcessOutput {
    let process = maplintProcess(arguments, in: directory, environment: environment, executable: executable)
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes before waiting so a large output cannot block the child.
    let outData = readAll(out.fileHandleForReading)
    let errData = readAll(err.fileHandleForReading)
    process.waitUntilExit()
    return ProcessOutput(
        status: process.terminationStatus,
        stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

/// A maplint process in `directory`, colour off and `environment` on top of this one's, not started.
func maplintProcess(
    _ arguments: [String], in directory: URL, environment: [String: String] = [:],
    executable: URL = maplintExecutable()
) -> Process {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    return process
}

/// Everything a pipe gives until its end; a read interrupted by a signal is tried again
/// (`readDataToEndOfFile` would trap on it).
func readAll(_ handle: FileHandle) -> Data {
    var data = Data()
    while true {
        do {
            guard let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty else { return data }
            data.append(chunk)
        } catch {
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            if (error as NSError).code == Int(EINTR) || underlying?.code == Int(EINTR) { continue }
            return data
        }
    }
}

/// Compares `actual` with a golden file. With MAPLINT_UPDATE_GOLDEN=1 a file that differs is
/// rewritten instead, and the test records an issue: an update run never passes.
func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = goldenFolder.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["MAPLINT_UPDATE_GOLDEN"] == "1" {
        let changed = (try? String(contentsOf: url, encoding: .utf8)) != actual
        if changed {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
        }
        let state = changed ? "rewritten" : "already current"
        Issue.record(
            "MAPLINT_UPDATE_GOLDEN=1: golden file \(name) \(state), not checked; run the tests again without it",
            sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record(
            "missing golden file \(name); run with MAPLINT_UPDATE_GOLDEN=1 to create it", sourceLocation: sourceLocation
        )
        return
    }
    #expect(actual == expected, "output differs from golden file \(name)", sourceLocation: sourceLocation)
}

/// Every valid manifest under Fixtures (not Fixtures/invalid), relative to the root, sorted.
func validFixtures() -> [String] {
    let fixtures = packageRoot.appendingPathComponent("Fixtures")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
    return names.filter {
        $0.hasSuffix(".maplint.yml") || $0.hasSuffix(".maplint.yaml") || $0.hasSuffix(".maplint.json")
    }
    .sorted().map { "Fixtures/" + $0 }
}

func invalidFixtures() -> [String] {
    let fixtures = packageRoot.appendingPathComponent("Fixtures/invalid")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
    return names.filter { $0.contains(".maplint.") }.sorted().map { "Fixtures/invalid/" + $0 }
}

/// The screens where maplint disagreed with DT's own code (issue #44), under Fixtures/truth.
func truthFixtures() -> [String] {
    let fixtures = packageRoot.appendingPathComponent("Fixtures/truth")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
    return names.filter { $0.contains(".maplint.") }.sorted().map { "Fixtures/truth/" + $0 }
}

/// `Fixtures/feed.maplint.yml` → `feed.maplint.yml`
func fixtureName(_ path: String) -> String {
    String(path.split(separator: "/").last ?? Substring(path))
}
