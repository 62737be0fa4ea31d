import Testing

@testable import MaplintFindings
@testable import MaplintOutput
@testable import MaplintReport

/// The report of an app: its formats answer to the names of a manifest's, its links are relative
/// paths to the lines, and its screens come the worst first.
@Suite struct AppReportTests {
    /// `--format` takes one list per command: an app's report and resolution have the same names
    /// as a manifest's, the same default first.
    @Test func anAppHasTheFormatsOfAManifest() {
        #expect(OutputFormats.appReport.identifiers == OutputFormats.collisionReport.identifiers)
        #expect(OutputFormats.appResolution.identifiers == OutputFormats.resolution.identifiers)
    }

    @Test func linksAreRelativePathsToTheLine() {
        let links = SourceLinks(folder: "/repo/build/site")
        #expect(
            links.href(SourceLocation(file: "/repo/App/Feed View.swift", line: 12, column: 3))
                == "../../App/Feed%20View.swift#L12")
        #expect(links.href(SourceLocation(file: "/repo/build/site/A.swift", line: 1, column: 1)) == "A.swift#L1")
        #expect(
            links.href(SourceLocation(file: "/other/(x)#.swift", line: 2, column: 1))
                == "../../../other/%28x%29%23.swift#L2")
        #expect(links.href(SourceLocation(file: "/repo/ä.swift", line: 3, column: 1)) == "../../%C3%A4.swift#L3")
        // No file or no line: no link.
        #expect(links.href(SourceLocation(file: "", line: 3, column: 1)) == nil)
        #expect(links.href(SourceLocation(file: "/repo/A.swift", line: 0, column: 0)) == nil)
        #expect(SourceLinks(folder: "/").href(SourceLocation(file: "/a/b.swift", line: 5, column: 1)) == "a/b.swift#L5")
    }

    @Test func theWorstScreenComesFirst() {
        func screen(_ name: String, line: Int, _ severities: [Severity]) -> AppReport.Screen {
            AppReport.Screen(
                name: name, host: .tableView, location: SourceLocation(file: "A.swift", line: line, column: 1),
                manifest: nil,
                findings: severities.map {
                    Diagnostic(
                        rule: "nil-model", severity: $0, message: "m",
                        location: SourceLocation(file: "A.swift", line: line, column: 1))
                })
        }
        let app = AppReport(
            title: ".",
            screens: [
                screen("Clean", line: 1, []), screen("Warned", line: 2, [.warning, .warning, .note]),
                screen("Failing", line: 3, [.error]), screen("AlsoWarned", line: 4, [.warning, .warning]),
                screen("MoreWarned", line: 5, [.warning, .warning, .warning]),
            ], findings: [], files: 1, links: SourceLinks(folder: "/"))
        #expect(app.screens.map(\.name) == ["Failing", "MoreWarned", "Warned", "AlsoWarned", "Clean"])
        #expect(app.summary == "5 screens, 1 Swift file: 1 error, 7 warnings, 1 note")
    }
}
