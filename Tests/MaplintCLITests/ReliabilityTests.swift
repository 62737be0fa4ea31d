import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Inputs named twice, control characters, unreadable lock files, links as destinations, values
/// that would make a broken manifest, oversized files and inputs that grow a walk: each case runs
/// the built binary with a hang guard (`runGuarded`).
@Suite struct ReliabilityTests {
    static let overlapping = """
        version: 1
        host: tableView
        models: {}
        registrations:
          - cell: C
            model: Int
          - cell: D
            model: Int

        """

    static let overlappingFinding =
        "error: D (entry 1, line 7) can never be used: every item it matches (Int items) is already matched by C "
        + "(entry 0, line 5), registered earlier, and the first matching registration wins, so D never appears; "
        + "register it before that registration with mutually exclusive conditions, or remove it "
        + "[unreachable-registration]"

    static let swiftOverlapping = """
        import DTTableViewManager
        struct Post {}
        final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
        final class OtherCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
        final class FeedVC: UIViewController, DTTableViewManageable {
            func viewDidLoad() {
                manager.register(PostCell.self)
                manager.register(OtherCell.self)
            }
        }

        """

    // MARK: - Files named twice

    @Test func aManifestNamedTwiceIsCheckedOnceUnderItsFirstSpelling() throws {
        let folder = try temporaryFolder()
        try write(Self.overlapping, to: "t.maplint.yml", in: folder)
        for (arguments, shown) in [
            (["t.maplint.yml", "./t.maplint.yml"], "t.maplint.yml"),
            (["./t.maplint.yml", "."], "./t.maplint.yml"),
            ([".", "./t.maplint.yml"], "t.maplint.yml"),
            ([folder.path + "/t.maplint.yml", "t.maplint.yml"], folder.path + "/t.maplint.yml"),
        ] {
            let output = try runGuarded(["lint"] + arguments, in: folder)
            #expect(output.status == 1)
            #expect(
                output.stdout == """
                    \(shown):7:5: \(Self.overlappingFinding)
                    \(shown):5:5: note: C (entry 0, line 5) is registered earlier and matches first
                    1 file checked: 1 error, 0 warnings, 0 notes

                    """, "lint \(arguments)")
        }
        // One manifest, though named twice: --data applies.
        try write("sections: []\n", to: "data.yml", in: folder)
        let withData = try runGuarded(
            ["lint", "t.maplint.yml", "./t.maplint.yml", "--data", "data.yml"], in: folder)
        #expect(withData.status == 1)
        #expect(withData.stdout.hasSuffix("1 file checked: 1 error, 0 warnings, 0 notes\n"))
    }

    @Test func aSwiftFileNamedTwiceIsReadOnce() throws {
        let folder = try temporaryFolder()
        try write(Self.swiftOverlapping, to: "App/Feed.swift", in: folder)
        for arguments in [["App/Feed.swift", "./App/Feed.swift"], ["App", "App/Feed.swift"]] {
            let output = try runGuarded(["lint", "--swift"] + arguments, in: folder)
            #expect(output.status == 1, "lint --swift \(arguments)")
            #expect(!output.stdout.contains("is declared here and at"), "lint --swift \(arguments)")
            #expect(
                output.stdout.components(separatedBy: "[unreachable-registration]").count == 2,
                "lint --swift \(arguments)")
            #expect(output.stdout.hasSuffix("1 file checked: 1 error, 0 warnings, 0 notes\n"))

            let extracted = try runGuarded(["extract"] + arguments, in: folder)
            #expect(extracted.status == 0)
            #expect(extracted.stderr == "")
        }
    }
}
