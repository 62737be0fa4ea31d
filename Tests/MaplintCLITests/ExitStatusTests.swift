import Foundation
import Testing

/// One table of exit statuses (`ExitStatus.table`): the same in `--help`, in docs/commands.md and
/// in what the commands do, a run per row.
@Suite struct ExitStatusTests {
    /// The rows of the page's table, as "status meaning".
    static func documentedRows() throws -> [String] {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("docs/commands.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## Exit status\n").last)
        return section.split(separator: "\n").prefix { !$0.hasPrefix("## ") }.compactMap { line -> String? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard line.hasPrefix("| "), cells.count == 2, Int(cells[0]) != nil else { return nil }
            return "\(cells[0]) \(cells[1])"
        }
    }

    @Test func theHelpAndThePageShowTheSameTable() throws {
        let help = try runMaplint(["lint", "--help"])
        // The paragraph, unwrapped.
        let start = try #require(help.stdout.range(of: "Exit status: 0 "), "\(help.stdout)")
        let paragraph = help.stdout[start.lowerBound...].components(separatedBy: "\n\n")[0]
        let line = paragraph.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let rows = try Self.documentedRows()
        #expect(rows.count == 4)
        #expect(line == "Exit status: " + rows.joined(separator: "; ") + ".")
        #expect(try runMaplint(["extract", "--help"]).stdout.contains("Exit status: 0 no finding"))
    }

    @Test func zeroForNoErrorAndForNothingToCheck() throws {
        let empty = try temporaryFolder()
        #expect(try runMaplint(["Fixtures/table-reuse-collision-fixed.maplint.yml"]).status == 0)
        #expect(try runMaplint([], in: empty).status == 0)
        #expect(try runMaplint(["lint", "--swift"], in: empty).status == 0)
        #expect(try runMaplint(["lint", "--swift", "Fixtures/swift/FeedApp/Sources/FeedApp/Models"]).status == 0)
        #expect(try runMaplint(["extract", "."], in: empty).status == 0)
        #expect(try runMaplint(["report"], in: empty).status == 0)
        #expect(try runMaplint(["resolve"], in: empty).status == 0)
    }

    @Test func oneForAFindingOfSeverityError() throws {
        #expect(try runMaplint(["Fixtures/table-reuse-collision.maplint.yml"]).status == 1)
        #expect(try runMaplint([], in: AppCommandTests.apps.appendingPathComponent("Monorepo")).status == 1)
    }

    @Test func twoWhenSomeInputCannotBeChecked() throws {
        #expect(try runMaplint(["Fixtures/no-such.maplint.yml"]).status == 2)
        #expect(try runMaplint(["Fixtures/invalid/yaml-syntax.maplint.yml"]).status == 2)
        let folder = try temporaryFolder()
        try write("strict: maybe\n", to: ".maplint.yml", in: folder)
        #expect(try runMaplint([], in: folder).status == 2)
    }

    @Test func sixtyFourForBadArguments() throws {
        #expect(try runMaplint(["lint", "--no-such-option"]).status == 64)
        #expect(try runMaplint(["lnt"]).status == 64)
    }
}
