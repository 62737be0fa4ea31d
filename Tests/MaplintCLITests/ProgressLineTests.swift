import Foundation
import Testing

@testable import MaplintCLI

/// "checked N/M files" on the standard error of a long run on a terminal, cleared at the end.
@Suite struct ProgressLineTests {
    static let clear = "\r\u{1B}[K"

    /// A folder of `count` manifests, each with a warning.
    static func manifests(_ count: Int) throws -> URL {
        let folder = try temporaryFolder()
        for index in 0..<count {
            try write(collisionAndNilManifest, to: "screen\(index).maplint.yml", in: folder)
        }
        return folder
    }

    /// Runs `command` (a shell command line) with a pseudo-terminal for its standard streams
    /// (`script`), in `folder`; returns what the terminal received.
    static func onATerminal(_ command: String, in folder: URL, environment: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = folder
        var variables = ProcessInfo.processInfo.environment
        variables["TERM"] = "xterm"
        variables["NO_COLOR"] = "1"
        for (key, value) in environment { variables[key] = value }
        process.environment = variables
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = readAll(out.fileHandleForReading)
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static var maplint: String { "'\(maplintExecutable().path)'" }

    /// With the delay at 0, every run on a terminal shows the line; it ends cleared, before the
    /// findings, so the terminal's last text is the findings alone.
    @Test func aRunOnATerminalShowsTheLineAndClearsIt() throws {
        let folder = try Self.manifests(12)
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = try Self.onATerminal(
            "\(Self.maplint) lint . 2>&1", in: folder, environment: ["MAPLINT_PROGRESS_DELAY": "0"])
        #expect(screen.hasPrefix("\rchecked 1/12 files\u{1B}[K"), "\(screen.debugDescription)")
        // The last count is always drawn, then the line is cleared before the first finding.
        let last = try #require(screen.range(of: "\rchecked 12/12 files\u{1B}[K" + Self.clear))
        let rest = String(screen[last.upperBound...])
        #expect(rest.hasPrefix("screen0.maplint.yml:"), "\(rest.prefix(80).debugDescription)")
        #expect(!rest.contains("checked "))
        #expect(rest.hasSuffix("12 files checked: 12 errors, 12 warnings, 0 notes (36 related)\r\n"))
        // Counts only go up.
        let counts = screen.components(separatedBy: "\rchecked ").dropFirst().compactMap {
            Int($0.prefix { $0 != "/" })
        }
        #expect(counts == counts.sorted() && counts.last == 12)
    }

    /// JSON on the standard output (here redirected to a file) has nothing of the line in it,
    /// while the terminal still shows it.
    @Test func theStandardOutputNeverGetsTheLine() throws {
        let folder = try Self.manifests(5)
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = try Self.onATerminal(
            "\(Self.maplint) lint . --format json > out.json", in: folder,
            environment: ["MAPLINT_PROGRESS_DELAY": "0"])
        #expect(screen.contains("\rchecked 5/5 files\u{1B}[K"))
        let json = try Data(contentsOf: folder.appendingPathComponent("out.json"))
        #expect(!String(decoding: json, as: UTF8.self).contains("/5 files"))
        #expect((try JSONSerialization.jsonObject(with: json) as? [String: Any]) != nil)
        let sarif = try Self.onATerminal(
            "\(Self.maplint) lint . --format sarif --output out.sarif", in: folder,
            environment: ["MAPLINT_PROGRESS_DELAY": "0"])
        #expect(sarif.contains("\rchecked 5/5 files\u{1B}[K"))
        let document = try String(contentsOf: folder.appendingPathComponent("out.sarif"), encoding: .utf8)
        #expect(!document.contains("/5 files") && !document.contains("\u{1B}"))
    }

    /// No line through a pipe, with `--quiet`, on a dumb terminal, for one file, or on a run
    /// quicker than the delay (the default half second; these runs take far less).
    @Test func noLineWhereItDoesNotBelong() throws {
        let folder = try Self.manifests(4)
        defer { try? FileManager.default.removeItem(at: folder) }
        let quick = ["MAPLINT_PROGRESS_DELAY": "0"]
        let piped = try runMaplint(["lint", "."], in: folder, environment: quick)
        #expect(piped.status == 1 && !piped.stderr.contains("checked") && !piped.stdout.contains("\r"))
        for (command, environment) in [
            ("lint . --quiet", quick), ("lint . -q", quick),
            ("lint .", ["MAPLINT_PROGRESS_DELAY": "0", "TERM": "dumb"]),
            ("lint screen0.maplint.yml", quick), ("lint .", ["MAPLINT_PROGRESS_DELAY": "30"]),
        ] {
            let screen = try Self.onATerminal("\(Self.maplint) \(command) 2>&1", in: folder, environment: environment)
            #expect(!screen.contains("\rchecked"), "\(command)")
            #expect(screen.contains(".maplint.yml:"), "\(command)")
        }
    }

    /// Swift sources: the files read are counted, in `lint --swift` of the files named (one
    /// target, as the build plugin names them) and for each target of an app, `lint --swift`
    /// of a folder included (cleared before the line that says what the target held).
    @Test func swiftSourcesAreCountedToo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<6 { try write("struct Screen\(index) {}\n", to: "Sources/Screen\(index).swift", in: folder) }
        let quick = ["MAPLINT_PROGRESS_DELAY": "0"]
        let swift = try Self.onATerminal(
            "\(Self.maplint) lint --swift Sources/*.swift 2>&1", in: folder, environment: quick)
        let read = try #require(
            swift.range(of: "\rchecked 6/6 Swift files\u{1B}[K" + Self.clear), "\(swift.debugDescription)")
        #expect(swift[read.upperBound...].hasPrefix("maplint: nothing to check: "))
        for command in ["lint", "lint --swift Sources"] {
            let app = try Self.onATerminal("\(Self.maplint) \(command) 2>&1", in: folder, environment: quick)
            let unit = try #require(
                app.range(of: "\rchecked 6/6 Swift files\u{1B}[K" + Self.clear), "\(app.debugDescription)")
            #expect(
                app[unit.upperBound...].hasPrefix("maplint: Swift files in no project or package ("), "\(command)")
            #expect(!app[unit.upperBound...].contains("\rchecked"), "\(command)")
        }
    }

    /// The line's own rules, with a clock and a writer of the test's.
    @Test func theLineAppearsAfterTheDelayAndIsThrottled() {
        final class Recorder: @unchecked Sendable {
            var time: TimeInterval = 100
            var written: [String] = []
        }
        let recorder = Recorder()
        let line = ProgressLine(
            enabled: true, delay: 0.5, now: { recorder.time }, write: { recorder.written.append($0) })
        line.begin(total: 701, of: "files")
        line.advance()
        recorder.time += 0.4
        line.advance()
        #expect(recorder.written.isEmpty)
        recorder.time += 0.1
        line.advance()
        #expect(recorder.written == ["\rchecked 3/701 files\u{1B}[K"])
        recorder.time += 0.05
        line.advance()
        #expect(recorder.written.count == 1)
        recorder.time += 0.06
        line.advance()
        #expect(recorder.written.last == "\rchecked 5/701 files\u{1B}[K")
        line.finish()
        #expect(recorder.written.last == Self.clear)
        line.finish()
        #expect(recorder.written.count == 3)
        // A new count (the next target of an app) starts again from 0, with its own noun.
        line.begin(total: 40, of: "Swift files")
        recorder.time += 1
        line.advance()
        #expect(recorder.written.last == "\rchecked 1/40 Swift files\u{1B}[K")

        // Never drawn, never cleared; disabled, or a single file.
        for (total, enabled) in [(10, false), (1, true)] {
            recorder.written = []
            let quiet = ProgressLine(
                enabled: enabled, delay: 0, now: { recorder.time }, write: { recorder.written.append($0) })
            quiet.begin(total: total, of: "files")
            for _ in 0..<total { quiet.advance() }
            quiet.finish()
            #expect(recorder.written.isEmpty)
        }
    }

    @Test func whenTheLineMayShow() {
        #expect(ProgressLine.shouldShow(quiet: false, environment: [:], isTerminal: { $0 == 2 }))
        #expect(!ProgressLine.shouldShow(quiet: true, environment: [:], isTerminal: { _ in true }))
        #expect(!ProgressLine.shouldShow(quiet: false, environment: [:], isTerminal: { $0 == 1 }))
        #expect(!ProgressLine.shouldShow(quiet: false, environment: ["TERM": "dumb"], isTerminal: { _ in true }))
        #expect(ProgressLine.delay(environment: [:]) == 0.5)
        #expect(ProgressLine.delay(environment: ["MAPLINT_PROGRESS_DELAY": "0"]) == 0)
        #expect(ProgressLine.delay(environment: ["MAPLINT_PROGRESS_DELAY": "-1"]) == 0.5)
        #expect(ProgressLine.delay(environment: ["MAPLINT_PROGRESS_DELAY": "soon"]) == 0.5)
    }
}
