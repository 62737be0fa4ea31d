import Foundation
import Testing

/// `lint --fix` gives a colliding registration a distinct reuse identifier; where the library ignores the
/// only difference, `xib:`, there is no collision and nothing to fix. DTTableViewManager 7's
/// `registerCellClass` never reads `mapping.xibName` and registers the class-name nib (TableViewFactory.swift,
/// `registerCellClass`, 7.2.0); DTTableViewManager 8 registers through `register`, which reads it
/// (TableViewFactory.swift, `registerCellClass`, 8.0.1, registers `mapping.xibName`).
@Suite struct IgnoredXibNameFixTests {
    private static func manifest(_ version: String) -> String {
        """
        version: 1
        host: tableView
        libraryVersion: "\(version)"
        registrations:
          - cell: PostCell
            model: Int
            section: 0
          - cell: PostCell
            model: Int
            section: 1
            xib: CompactPostCell

        """
    }

    @Test func fixAddsNoIdentifierWhereTheXibNameIsIgnored() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("feed.maplint.yml")
        try Self.manifest("7.2.0").write(to: file, atomically: true, encoding: .utf8)
        let result = try runMaplint(["lint", "--fix", "feed.maplint.yml"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.stdout
                == "feed.maplint.yml:11:10: error: PostCell (entry 1) never loads CompactPostCell.xib: "
                + "DTTableViewManager 7 ignores `xib: CompactPostCell` [ignored-xib-name]\n"
                + "feed.maplint.yml:11:10: note: PostCell (entry 1, line 8): DTTableViewManager 7 ignores "
                + "`xib: CompactPostCell` (`mapping.xibName` in the mapping closure of register): CompactPostCell.xib "
                + "is never loaded and the class PostCell is registered instead, then PostCell.xib if the app has one: "
                + "without it the cell is created in code and its outlets stay nil, a crash where it reads an "
                + "implicitly unwrapped one\n"
                + "feed.maplint.yml:11:10: note: fix: if the app calls registerNibNamed(\"CompactPostCell\", for: "
                + "PostCell.self), add `registerNibNamed: true`, otherwise register it that way\n"
                + "1 file checked: 1 error, 0 warnings, 0 notes (2 related)\n")
        #expect(result.stderr == "maplint: fixed 0 findings in 0 files\n")
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == Self.manifest("7.2.0"))
    }

    @Test func fixAddsAnIdentifierWhereTheXibNameIsRead() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("feed.maplint.yml")
        try Self.manifest("8.0.1").write(to: file, atomically: true, encoding: .utf8)
        let result = try runMaplint(["lint", "--fix", "--dry-run", "feed.maplint.yml"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                --- a/feed.maplint.yml
                +++ b/feed.maplint.yml
                @@ -9,3 +9,4 @@
                     model: Int
                     section: 1
                     xib: CompactPostCell
                +    reuseIdentifier: compact-post-cell

                """)
        #expect(
            result.stderr
                == "feed.maplint.yml:8:11: would fix: set reuseIdentifier: compact-post-cell (entry 1) "
                + "[reuse-identifier-collision]\nmaplint: would fix 1 finding in 1 file\n")
    }
}
