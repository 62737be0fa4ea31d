import Foundation
import Testing

/// A table registration whose reuse identifier has a prototype of its class in its view controller's
/// storyboard scene is answered by that prototype, whatever the code says: `registerCellClass` dequeues the
/// identifier first and, when a cell comes back, registers nothing (TableViewFactory.swift,
/// `registerCellClass`, 6.6.0, 7.2.0, 8.0.1, 10.0.0, 11.0.1). Before 8 no flag can say it in code, so the
/// app run takes such a registration as `storyboard: true`, as a manifest says it.
@Suite struct TablePrototypeProbeTests {
    /// A table screen `ScreenController` whose `viewDidLoad` runs `body`, the storyboard scene of
    /// `sceneController` with a `BannerCell` prototype (identifier `BannerCell`), and `Compact.xib` of
    /// `BannerCell`.
    static func app(_ body: String, sceneController: String = "ScreenController") throws -> URL {
        let folder = try temporaryFolder()
        try write(
            """
            import UIKit
            import DTTableViewManager

            class BannerCell: UITableViewCell, ModelTransfer {
                func update(with model: Int) {}
            }

            class ScreenController: UIViewController, DTTableViewManageable {
                @IBOutlet var tableView: UITableView!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    \(body)
                }
            }

            """, to: "App/Screen.swift", in: folder)
        try write(Self.storyboard(sceneController: sceneController), to: "App/Main.storyboard", in: folder)
        try write(Self.xib(of: "BannerCell"), to: "App/Compact.xib", in: folder)
        return folder
    }

    /// A storyboard whose scene of `sceneController` holds a table with a `BannerCell` prototype (identifier
    /// `BannerCell`).
    static func storyboard(sceneController: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="1" targetRuntime="iOS.CocoaTouch">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="c1" customClass="\(sceneController)" sceneMemberID="viewController">
                            <tableView key="view" dataMode="prototypes" id="v1">
                                <prototypes>
                                    <tableViewCell reuseIdentifier="BannerCell" id="p1" customClass="BannerCell"/>
                                </prototypes>
                            </tableView>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """
    }

    /// A xib whose top-level view is a table cell of `cellClass` (nil: no top-level view).
    static func xib(of cellClass: String?) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="1" targetRuntime="iOS.CocoaTouch">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
        \(cellClass.map { "        <tableViewCell id=\"x1\" customClass=\"\($0)\"/>\n" } ?? "")    </objects>
        </document>

        """
    }

    static func findings(
        _ body: String, version: String, sceneController: String = "ScreenController"
    ) throws
        -> [String]
    {
        let folder = try app(body, sceneController: sceneController)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try runMaplint(["--library-version", version, "--format", "json"], in: folder)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        return try AppCommandTests.findings(output)
    }

    /// DT 7's `registerNibNamed(_:for:)` registers its nib without the probe (TableViewFactory.swift,
    /// `registerNibNamed(_:forCellClass:mappingBlock:)`, 7.2.0), replacing the prototype of the identifier.
    @Test func registerNibNamedOverAPrototypeOfTheSceneReplacesIt() throws {
        let body = #"manager.registerNibNamed("Compact", for: BannerCell.self)"#
        #expect(
            try Self.findings(body, version: "7.2.0") == [
                "storyboard-with-xib App/Screen.swift:13:34 BannerCell (entry 0) is a storyboard prototype with the xib name \"Compact\": Compact.xib replaces the prototype"
            ])
        // Another scene's prototype does not answer this table's probe: the xib is registered, nothing to say.
        #expect(try Self.findings(body, version: "7.2.0", sceneController: "OtherController").isEmpty)
    }

    /// DT 6's `register` finds the prototype with its probe, so the mapping's `xibName` is never read.
    @Test func aPlainRegistrationOfThePrototypeNeverLoadsItsXib() throws {
        let body = #"manager.register(BannerCell.self) { $0.xibName = "Compact" }"#
        #expect(
            try Self.findings(body, version: "6.6.0") == [
                "storyboard-with-xib App/Screen.swift:13:45 BannerCell (entry 0) is a storyboard prototype with the xib name \"Compact\": the xib has no effect"
            ])
        // From 8 the probe is the same, with or without `cellRegisteredByStoryboard`, which the table never reads.
        #expect(
            try Self.findings(body, version: "11.0.1") == [
                "storyboard-with-xib App/Screen.swift:13:45 BannerCell (entry 0) is a storyboard prototype with the xib name \"Compact\": the xib has no effect"
            ])
    }

    /// `extract` reads the xibs and storyboards of its folders (or `--resources`) and writes such a registration
    /// `storyboard: true`: the extracted manifest, linted with the same resources, gives what the app run gives.
    @Test func anExtractedManifestSaysWhatTheProbeFinds() throws {
        let folder = try Self.app(#"manager.register(BannerCell.self) { $0.xibName = "Compact" }"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let extracted = try runMaplint(["extract", "App", "--library-version", "6.6.0", "--output", "out"], in: folder)
        #expect(extracted.status == 0, "\(extracted.stderr)")
        let manifest = try String(
            contentsOf: folder.appendingPathComponent("out/ScreenController.maplint.yml"), encoding: .utf8)
        #expect(
            manifest.hasSuffix(
                """
                registrations:
                  - cell: BannerCell  # swift: ../App/Screen.swift:13:9
                    model: Int  # swift: ../App/Screen.swift:5:29
                    xib: "Compact"  # swift: ../App/Screen.swift:13:45
                    storyboard: true  # swift: ../App/Screen.swift:13:9

                """), "\(manifest)")
        let linted = try runMaplint(["lint", "out", "--resources", "App", "--format", "json"], in: folder)
        #expect(
            try AppCommandTests.findings(linted) == [
                "storyboard-with-xib App/Screen.swift:13:45 BannerCell (entry 0) is a storyboard prototype with the xib name \"Compact\": the xib has no effect"
            ])
        // With `--resources` naming a folder without the storyboard, nothing answers the probe.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        let elsewhere = try runMaplint(
            ["extract", "App", "--library-version", "6.6.0", "--resources", "Empty"], in: folder)
        #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
        #expect(!elsewhere.stdout.contains("storyboard:"), "\(elsewhere.stdout)")
        // A storyboard found by default that cannot be read is said, not skipped in silence.
        try Data("<document".utf8).write(to: folder.appendingPathComponent("App/Broken.storyboard"))
        let broken = try runMaplint(["extract", "App", "--library-version", "6.6.0"], in: folder)
        #expect(broken.status == 0, "\(broken.stderr)")
        #expect(broken.stderr.contains("App/Broken.storyboard"), "\(broken.stderr)")
        #expect(
            broken.stderr.contains("(not read: no storyboard prototype in it is looked for)"), "\(broken.stderr)")
        #expect(broken.stdout.contains("storyboard: true"), "\(broken.stdout)")
    }
}
