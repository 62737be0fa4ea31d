import Foundation
import Testing

@Suite struct BaselineCommandTests {
    @Test func writtenBaselineHidesTodaysFindingsEvenWhenLinesMove() throws {
        let folder = try temporaryFolder()
        try write(collisionAndNilManifest, to: "screen.maplint.yml", in: folder)
        let written = try lintJSON(["--write-baseline", "baseline.json"], in: folder)
        #expect(written.status == 1)
        #expect(written.findings.count == 2)

        let clean = try lintJSON(["--baseline", "baseline.json"], in: folder)
        #expect(clean.status == 0)
        #expect(clean.findings.isEmpty)

        // Lines move: a comment block on top and a blank line between the registrations.
        let moved =
            "# The title screen.\n# Two cells.\n\n"
            + collisionAndNilManifest.replacingOccurrences(of: "  - cell: CountCell", with: "\n  - cell: CountCell")
        try write(moved, to: "screen.maplint.yml", in: folder)
        let stillClean = try lintJSON(["--baseline", "baseline.json"], in: folder)
        #expect(stillClean.status == 0)
        #expect(stillClean.findings.isEmpty)

        // A new collision is the one finding reported.
        let added = moved.replacingOccurrences(
            of: "sample:",
            with: """
                  - cell: FlagCell
                    model: Bool
                  - cell: SwitchCell
                    model: Double
                    reuseIdentifier: FlagCell
                sample:
                """)
        try write(added, to: "screen.maplint.yml", in: folder)
        let fresh = try lintJSON(["--baseline", "baseline.json"], in: folder)
        #expect(fresh.status == 1)
        #expect(fresh.rules == ["reuse-identifier-collision"])
    }

    @Test func theConfigurationNamesTheBaselineRelativeToItself() throws {
        let folder = try temporaryFolder()
        try write(collisionAndNilManifest, to: "screen.maplint.yml", in: folder)
        #expect(try lintJSON(["--write-baseline", "ci/baseline.json"], in: folder).status == 1)
        try write("baseline: baseline.json\n", to: "ci/maplint.yml", in: folder)
        let result = try lintJSON(["--config", "ci/maplint.yml"], in: folder)
        #expect(result.status == 0)
        #expect(result.findings.isEmpty)
    }

    @Test func aMissingOrBrokenBaselineIsStatus2() throws {
        let folder = try temporaryFolder()
        try write(collisionAndNilManifest, to: "screen.maplint.yml", in: folder)
        let missing = try runMaplint(["lint", "--baseline", "nowhere.json"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr == "maplint: --baseline nowhere.json: no such file or folder\n")
        #expect(missing.stdout.isEmpty)
        try write("{\"findings\": []}", to: "old.json", in: folder)
        let old = try runMaplint(["lint", "--baseline", "old.json"], in: folder)
        #expect(old.status == 2)
        #expect(old.stderr.contains("old.json: the baseline has no 'version' 1"))
    }
}
