import Foundation
import Testing

@testable import MaplintFiles
@testable import MaplintLint
@testable import MaplintRules

/// `--fix` never loses a change saved while it ran: `AtomicFileWriter` replaces a file only while
/// it still holds the bytes the fixes were made on (docs/limits-and-safety.md, "--fix").
@Suite struct SafeWriteTests {
    private func failure(_ result: Result<Void, FileWriteError>) -> String? {
        if case .failure(let error) = result { return error.message }
        return nil
    }

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("maplint-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aFileThatChangedSinceItWasReadIsNotReplaced() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("a.maplint.yml")
        try Data("read by maplint\n".utf8).write(to: file)
        // Saved by an editor after maplint read it.
        try Data("saved meanwhile\n".utf8).write(to: file)
        let result = AtomicFileWriter().write(
            Array("fixed\n".utf8), to: file.path, replacing: Array("read by maplint\n".utf8))
        #expect(failure(result) == AtomicFileWriter.changedMeanwhile)
        #expect(try String(contentsOf: file, encoding: .utf8) == "saved meanwhile\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["a.maplint.yml"])
    }

    @Test func aFileThatDisappearedIsNotWrittenAgain() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("a.maplint.yml")
        let result = AtomicFileWriter().write(Array("fixed\n".utf8), to: file.path, replacing: Array("old\n".utf8))
        #expect(failure(result) == AtomicFileWriter.changedMeanwhile)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func anUnchangedFileIsReplaced() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("a.maplint.yml")
        try Data("old\n".utf8).write(to: file)
        let result = AtomicFileWriter().write(Array("fixed\n".utf8), to: file.path, replacing: Array("old\n".utf8))
        #expect(failure(result) == nil)
        #expect(try String(contentsOf: file, encoding: .utf8) == "fixed\n")
    }

    /// The whole `--fix` path: a run's texts, then a change on disk before its write.
    @Test func aFixRunDoesNotOverwriteAChangeSavedWhileItRan() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("feed.maplint.yml").path
        let text = """
            version: 1
            host: tableView
            models: {Post: {}}
            registrations:
              - {cell: PostCell, model: Post, section: 0}
              - {cell: OtherCell, model: Post, section: 1, reuseIdentifier: PostCell}

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let run = FixRun.run([file: Array(text.utf8)], fixableRules: [ReuseIdentifierCollisionRule.id]) { texts in
            Linter.lint(bytes: texts[file] ?? [], file: file)
        }
        #expect(run.changedFiles == [file])
        try Data((text + "# saved meanwhile\n").utf8).write(to: URL(fileURLWithPath: file))
        let result = run.write(within: [root.path])
        #expect(result.written.isEmpty)
        #expect(result.failures.map(\.problem) == [AtomicFileWriter.changedMeanwhile])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text + "# saved meanwhile\n")
        // What the run reports for that file is what is on disk: the findings from before.
        #expect(run.findings(unwritten: [file]) == run.before)
    }
}
