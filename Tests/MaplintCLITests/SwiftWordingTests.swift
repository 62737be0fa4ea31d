import Foundation
import Testing

/// The findings of an app run speak Swift: the settings they name and the fixes they give are what the code
/// writes (`mapping.xibName`, `cellRegisteredByStoryboard`, `registerNiblessHeader`, `.section(n)`), never a
/// manifest's keys (`xib:`, `storyboard: true`, `xib: null`, `section:`, `element:`), and the folders they
/// searched are the app's.
@Suite struct SwiftWordingTests {
    /// A DT 11 table app: a cell whose xib name has a typo, a cell whose xib is empty, a plain header set to no
    /// xib, a storyboard flag with no prototype, a cell event keyed by a header, and a storyboard prototype
    /// registered with a xib name.
    static let tableApp: [String: String] = [
        "App/Compact.xib": TablePrototypeProbeTests.xib(of: "PostCell"),
        "App/EmptyCell.xib": TablePrototypeProbeTests.xib(of: nil),
        "App/Main.storyboard": TablePrototypeProbeTests.storyboard(sceneController: "PrototypeController"),
        "App/Screens.swift": """
        import UIKit
        import DTTableViewManager

        class PostCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }
        class EmptyCell: UITableViewCell, ModelTransfer { func update(with model: String) {} }
        class BannerCell: UITableViewCell, ModelTransfer { func update(with model: Double) {} }
        class StoryCell: UITableViewCell, ModelTransfer { func update(with model: Float) {} }
        class PlainView: UIView, ModelTransfer { func update(with model: Int) {} }
        class TitleView: UITableViewHeaderFooterView, ModelTransfer { func update(with model: String) {} }

        class MissingXibController: UIViewController, DTTableViewManageable {
            @IBOutlet var tableView: UITableView!
            override func viewDidLoad() {
                super.viewDidLoad()
                manager.register(PostCell.self) { $0.xibName = "Compakt" }
                manager.register(EmptyCell.self)
                manager.registerHeader(PlainView.self) { $0.xibName = nil }
                manager.register(StoryCell.self) { $0.cellRegisteredByStoryboard = true }
                manager.registerHeader(TitleView.self)
                manager.didSelect(TitleView.self) { _, _, _ in }
            }
        }

        class PrototypeController: UIViewController, DTTableViewManageable {
            @IBOutlet var tableView: UITableView!
            override func viewDidLoad() {
                super.viewDidLoad()
                manager.register(BannerCell.self) { $0.xibName = "Compact" }
            }
        }

        """,
    ]

    /// A DT 7 table app: a header chosen by section, and a header whose named xib is missing.
    static let headerApp: [String: String] = [
        "App/Screens.swift": """
        import UIKit
        import DTTableViewManager

        class TitleView: UITableViewHeaderFooterView, ModelTransfer { func update(with model: String) {} }
        class NoteView: UITableViewHeaderFooterView, ModelTransfer { func update(with model: Int) {} }

        class HeaderController: UIViewController, DTTableViewManageable {
            @IBOutlet var tableView: UITableView!
            override func viewDidLoad() {
                super.viewDidLoad()
                manager.registerNiblessHeader(TitleView.self) { $0.condition = .section(0) }
                manager.registerNibNamed("Missing", forHeader: NoteView.self)
            }
        }

        """
    ]

    static func lines(_ files: [String: String], version: String) throws -> [String] {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try BoundaryTests.write(files, in: folder)
        let output = try runMaplint(["--library-version", version], in: folder)
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        return output.stdout.split(separator: "\n").map(String.init)
    }

    /// What a manifest would say that Swift code cannot: its keys, and `--resources` for folders the run found.
    static let manifestWords = [
        "`xib", "storyboard: true", "(headerFooterView:", "`section:", "`element:", "`kind:", "--resources",
        "`registerNibNamed:",
    ]

    @Test func aTableAppsFixesNameWhatTheCodeWrites() throws {
        let lines = try Self.lines(Self.tableApp, version: "11.0.1")
        let expected = [
            "App/Screens.swift:15:43: note: fix: add Compakt.xib to the app target, correct the name (did you mean "
                + "\"Compact\"?), or remove the xib name \"Compakt\" if the view is made in code",
            "App/Screens.swift:16:9: note: fix: add the EmptyCell view to EmptyCell.xib in Interface Builder, or "
                + "remove EmptyCell.xib from the app if the view is made in code",
            "App/Screens.swift:17:50: note: PlainView (entry 2, Screens.swift:17) is a plain UIView header: "
                + "DTTableViewManager 11 never registers it and, with nothing registered under 'PlainView', loads it "
                + "from its xib each time; it is registered with no xib, so no header is shown",
            "App/Screens.swift:18:9: note: fix: add the prototype with identifier 'StoryCell' and custom class "
                + "StoryCell to the storyboard, or register the view in code (remove "
                + "`mapping.cellRegisteredByStoryboard = true`)",
            "App/Screens.swift:20:9: note: fix: use the header's own event for it",
            "App/Screens.swift:28:45: note: BannerCell (entry 0, Screens.swift:28) is a storyboard prototype, so the "
                + "manager never loads a xib for it and the xib name \"Compact\" has no effect",
            "App/Screens.swift:28:45: note: fix: remove the xib name, or remove the 'BannerCell' prototype from the "
                + "storyboard and `mapping.cellRegisteredByStoryboard = true` if the view comes from Compact.xib",
        ]
        for line in expected { #expect(lines.contains(line), "\(lines.joined(separator: "\n"))") }
        #expect(lines.contains { $0.contains("no storyboard under . has a StoryCell prototype 'StoryCell'") })
        for word in Self.manifestWords {
            #expect(!lines.contains { $0.contains(word) }, "\(word): \(lines.joined(separator: "\n"))")
        }
    }

    @Test func aHeaderAppsFixesNameWhatTheCodeWrites() throws {
        let lines = try Self.lines(Self.headerApp, version: "7.2.0")
        let expected = [
            "App/Screens.swift:11:72: note: TitleView (entry 0, Screens.swift:11): DTTableViewManager 7 chooses a "
                + "header at IndexPath(index: section), an index path of one element, and `.section(0)` reads "
                + "indexPath.section, which traps: the app crashes when a header whose model is a String is shown",
            "App/Screens.swift:12:34: note: fix: add Missing.xib to the app target, correct the name, or register it "
                + "with `registerNiblessHeader(NoteView.self)` if the view is made in code",
        ]
        for line in expected { #expect(lines.contains(line), "\(lines.joined(separator: "\n"))") }
        for word in Self.manifestWords {
            #expect(!lines.contains { $0.contains(word) }, "\(word): \(lines.joined(separator: "\n"))")
        }
    }
}
