import MaplintConfiguration
import Testing

@testable import MaplintRules
@testable import MaplintSwift

/// The collection view's layout (`layout:`) and the section events, read from Swift. The
/// flow-layout events run only with a `UICollectionViewFlowLayout` (DTCollectionViewManager.swift,
/// verifyEventsCompatibility, 8.0.1 and 11.0.0), so extraction writes a layout only where the code
/// decides it.
@Suite struct CollectionLayoutTests {
    /// A collection view controller whose members are `members` (line 2 on), registering `PhotoCell`
    /// and `sizeForCell` in `viewDidLoad` after `setUp` (written at the end).
    private func screen(_ members: String, setUp: String = "") -> String {
        """
        final class GalleryViewController: UIViewController, DTCollectionViewManageable {
        \(members)
            override func viewDidLoad() {
                super.viewDidLoad()
        \(setUp)
                manager.register(PhotoCell.self)
                manager.sizeForCell(withItem: Photo.self) { _, _ in .zero }
            }
        }
        final class PhotoCell: UICollectionViewCell, ModelTransfer { func update(with model: Photo) {} }
        struct Photo {}
        """
    }

    private func layout(of source: String) throws -> (String?, [String]) {
        let manifest = try onlyManifest(extract(source))
        let layout = manifest.layout.map { "\($0.value.rawValue) \($0.location.line):\($0.location.column)" }
        return (layout, describe(manifest.notes))
    }

    @Test func aLayoutPassedToTheCollectionViewItCreates() throws {
        let created = try layout(
            of: screen(
                "    var collectionView: UICollectionView!",
                setUp:
                    "        collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())"
            ))
        #expect(created.0 == "flow 5:79")
        #expect(created.1.isEmpty)
        // A lazy property built in a closure, through a local and a method with a general return type.
        let lazy = try layout(
            of: screen(
                """
                    lazy var collectionView: UICollectionView! = {
                        let layout = makeLayout()
                        let view = UICollectionView(frame: .zero, collectionViewLayout: layout)
                        return view
                    }()
                    func makeLayout() -> UICollectionViewLayout {
                        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
                        configuration.showsSeparators = false
                        return UICollectionViewCompositionalLayout.list(using: configuration)
                    }
                """))
        #expect(lazy.0 == "compositional 4:73")
        #expect(lazy.1.isEmpty)
    }

    @Test func assignedLayoutsAndLayoutClassesOfTheApp() throws {
        let custom = try layout(
            of: screen(
                "    @IBOutlet var collectionView: UICollectionView!",
                setUp: "        collectionView.collectionViewLayout = WaterfallLayout()")
                + "\nfinal class WaterfallLayout: UICollectionViewLayout {}\n")
        #expect(custom.0 == "custom 5:47")
        let subclass = try layout(
            of: screen(
                "    @IBOutlet var collectionView: UICollectionView!\n    let grid = GridLayout()",
                setUp: "        self.collectionView?.setCollectionViewLayout(grid, animated: false)")
                + "\nclass PagedLayout: UICollectionViewFlowLayout {}\nfinal class GridLayout: PagedLayout {}\n")
        #expect(subclass.0 == "flow 6:54")
        #expect(subclass.1.isEmpty)
        // A `UICollectionViewController` subclass gives its layout to `super.init(collectionViewLayout:)`.
        let controller = try onlyManifest(
            extract(
                """
                final class GalleryViewController: UICollectionViewController, DTCollectionViewManageable {
                    init() {
                        super.init(collectionViewLayout: UICollectionViewCompositionalLayout { _, _ in nil })
                    }
                    override func viewDidLoad() {
                        manager.register(PhotoCell.self)
                    }
                }
                final class PhotoCell: UICollectionViewCell, ModelTransfer { func update(with model: Int) {} }
                """))
        #expect(controller.layout?.value == .compositional)
        #expect(controller.layout?.location == at(3, 42))
        // `super.init(frame:collectionViewLayout:)` is a UICollectionView subclass's own layout, not the managed view's.
        let ownView = try onlyManifest(
            extract(
                """
                final class TimelineView: UICollectionView, DTCollectionViewManageable {
                    init() {
                        super.init(frame: .zero, collectionViewLayout: UICollectionViewCompositionalLayout { _, _ in nil })
                        manager.register(PhotoCell.self)
                    }
                }
                final class PhotoCell: UICollectionViewCell, ModelTransfer { func update(with model: Int) {} }
                """))
        #expect(ownView.layout == nil && ownView.notes.isEmpty)
    }

    /// Where the code does not decide, nothing is guessed: no `layout:`, and a note where it matters.
    @Test func undecidedLayoutsAreNotesNotGuesses() throws {
        let none = try layout(of: screen("    @IBOutlet var collectionView: UICollectionView!"))
        #expect(none.0 == nil && none.1.isEmpty)
        let unknown = try layout(
            of: screen(
                "    @IBOutlet var collectionView: UICollectionView!",
                setUp: "        collectionView.collectionViewLayout = PinterestLayout(columns: 2)"))
        #expect(unknown.0 == nil)
        #expect(
            unknown.1 == [
                "5:47 the collection view's layout is set here to `PinterestLayout(columns: 2)`, which maplint cannot "
                    + "tell to be a flow, compositional or custom layout: `layout:` is not written, so flow-layout events "
                    + "are not checked"
            ])
        let conditional = try layout(
            of: screen(
                "    @IBOutlet var collectionView: UICollectionView!",
                setUp: """
                            if #available(iOS 13, *) {
                                collectionView.collectionViewLayout = UICollectionViewCompositionalLayout { _, _ in nil }
                            }
                    """))
        #expect(conditional.0 == nil)
        #expect(
            conditional.1 == [
                "6:51 the collection view's layout is set here inside `if`, which may or may not run: `layout:` is not "
                    + "written, so flow-layout events are not checked"
            ])
        let twoKinds = try layout(
            of: screen(
                """
                    @IBOutlet var collectionView: UICollectionView!
                    @objc func showList() {
                        collectionView.setCollectionViewLayout(UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)), animated: true)
                    }
                """,
                setUp: "        collectionView.collectionViewLayout = UICollectionViewFlowLayout()"))
        #expect(twoKinds.0 == nil)
        #expect(
            twoKinds.1 == [
                "8:47 the collection view's layout is set here to `UICollectionViewFlowLayout()` (flow) and at line 4 "
                    + "to `UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain))` (compositional): "
                    + "which one is in place when events run depends on the app; `layout:` is not written, so "
                    + "flow-layout events are not checked"
            ])
    }

    /// End to end: a compositional layout with flow events reports each at its Swift line; a flow layout
    /// reports nothing.
    @Test func flowEventsOnACompositionalLayoutAreReportedAtTheirCalls() throws {
        func findings(_ layout: String) -> [String] {
            let source = screen(
                "    var collectionView: UICollectionView!",
                setUp: """
                            collectionView = UICollectionView(frame: .zero, collectionViewLayout: \(layout))
                            manager.insetForSectionAtIndex { _, _ in .zero }
                            manager.minimumInteritemSpacingForSectionAtIndex(spacing)
                    """)
            return SwiftExtractor.lint(extract(source)).diagnostics.map {
                "\($0.location.line):\($0.location.column) \($0.rule)"
            }
        }
        #expect(
            findings("UICollectionViewCompositionalLayout(section: section)") == [
                "6:9 flow-event-without-flow-layout", "7:9 flow-event-without-flow-layout",
                "9:9 flow-event-without-flow-layout",
            ])
        #expect(findings("UICollectionViewFlowLayout()").isEmpty)
    }

    /// `manager.insetForSectionAtIndex { … }` and the spacings become entries of their own, with
    /// neither view nor model (DTCollectionViewManager+Delegate.swift, 6.0.0 to 11.0.0).
    @Test func sectionEventsAreEntriesWithoutViewOrModel() throws {
        let manifest = try onlyManifest(
            extract(
                screen(
                    "",
                    setUp: """
                                manager.insetForSectionAtIndex { _, section in .zero }
                                manager.minimumLineSpacingForSectionAtIndex { _, _ in 8 }
                        """)))
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - event: insetForSectionAtIndex
                  - event: minimumLineSpacingForSectionAtIndex
                  - cell: PhotoCell
                    model: Photo
                  - event: sizeForCell
                    model: Photo
                """)
        // A table manager has no such event: the call is not read as one.
        let table = try onlyManifest(
            extract(
                tableScreen(
                    "        manager.register(PostCell.self)\n        manager.insetForSectionAtIndex { _, _ in .zero }")
            ))
        #expect(!registrationsYAML(table).contains("insetForSectionAtIndex"))
    }
}

/// A view class's overridden `reuseIdentifier` (`viewReuseIdentifier:`), compared with the mapping's by
/// the library at registration (TableViewFactory.swift, verifyCell, 11.0.1; CollectionViewFactory.swift,
/// verifySupplementaryView, 11.0.0).
@Suite struct OverriddenReuseIdentifierExtractionTests {
    private func screen(_ cell: String) -> String {
        tableScreen("        manager.register(CountCell.self)") + "\n" + cell + "\n"
    }

    @Test func aLiteralOverrideIsWrittenAtItsValue() throws {
        for (cell, column) in [
            (
                "final class CountCell: UITableViewCell, ModelTransfer {\n    override var reuseIdentifier: String? { \"Count\" }\n    func update(with model: Int) {}\n}",
                45
            ),
            (
                "final class CountCell: UITableViewCell, ModelTransfer {\n    override var reuseIdentifier: String? { return \"Count\" }\n    func update(with model: Int) {}\n}",
                52
            ),
            (
                "final class CountCell: UITableViewCell, ModelTransfer {\n    public override var reuseIdentifier: String? { get { return \"Count\" } }\n    func update(with model: Int) {}\n}",
                65
            ),
        ] {
            let manifest = try onlyManifest(extract(screen(cell)))
            let registration = try #require(registrations(manifest).first)
            #expect(registration.viewReuseIdentifier?.value == "Count")
            #expect(registration.viewReuseIdentifier?.location == at(15, column))
            #expect(plainYAML(manifest).hasSuffix("    model: Int\n    viewReuseIdentifier: \"Count\""))
        }
    }

    @Test func anInheritedOverrideCountsAndAnUnreadableOneIsANote() throws {
        let inherited = try onlyManifest(
            extract(
                screen(
                    """
                    class BaseCell: UITableViewCell {
                        override var reuseIdentifier: String? { "Base" }
                    }
                    final class CountCell: BaseCell, ModelTransfer { func update(with model: Int) {} }
                    """)))
        #expect(registrations(inherited).first?.viewReuseIdentifier?.value == "Base")
        let computed = try onlyManifest(
            extract(
                screen(
                    """
                    final class CountCell: UITableViewCell, ModelTransfer {
                        override var reuseIdentifier: String? { String(describing: Self.self) }
                        func update(with model: Int) {}
                    }
                    """)))
        #expect(registrations(computed).first?.viewReuseIdentifier == nil)
        #expect(
            describe(computed.notes) == [
                "15:45 `CountCell` overrides reuseIdentifier with `String(describing: Self.self)`, which is not a string "
                    + "literal: whether it differs from the reuse identifier `CountCell` is registered under is not checked"
            ])
    }

    /// End to end: the table reports differentCellReuseIdentifier at the override (TableViewFactory.swift,
    /// verifyCellInstance, 11.0.1); the same value as the mapping's is no finding.
    @Test func aDifferentOverrideIsReportedAtTheOverride() throws {
        let cell =
            "final class CountCell: UITableViewCell, ModelTransfer {\n    override var reuseIdentifier: String? { \"Count\" }\n    func update(with model: Int) {}\n}"
        let findings = SwiftExtractor.lint(extract(screen(cell))).diagnostics
        #expect(
            findings.map { "\($0.location.line):\($0.location.column) \($0.rule)" } == [
                "15:45 overridden-reuse-identifier"
            ])
        let same = cell.replacingOccurrences(of: "\"Count\"", with: "\"CountCell\"")
        #expect(SwiftExtractor.lint(extract(screen(same))).diagnostics.isEmpty)
    }
}

/// A model-keyed event given a view class no registration names: `verifyItemEvent` decides by the class alone
/// (DTTableViewManager.swift, verifyItemEvent(for:eventMethod:), 11.0.1), so extraction declares the class a
/// view (`inherits: UITableViewCell`) and the manifest reports it.
@Suite struct UnregisteredViewClassEventTests {
    @Test func theViewClassIsDeclaredAndReported() throws {
        let source =
            tableScreen(
                "        manager.register(PostCell.self)\n        manager.heightForCell(withItem: LegacyCell.self) { _, _ in 44 }"
            )
            + "\nclass BaseCell: UITableViewCell {}\nfinal class LegacyCell: BaseCell {}\n"
        let manifest = try onlyManifest(extract(source))
        #expect(
            modelsYAML(manifest) == postModelsYAML + """

                  LegacyCell:
                    kind: class
                    inherits: UITableViewCell
                """)
        let findings = SwiftExtractor.lint(extract(source)).diagnostics
        #expect(
            findings.map { "\($0.location.line):\($0.location.column) \($0.rule)" } == [
                "4:9 model-event-with-view-class"
            ])
        #expect(findings.first?.explanation.contains("(a UITableViewCell subclass)") == true)
    }
}

/// `MemoryStorage.insertItems(_:to:)` reports batchInsertionItemCountMismatch and inserts nothing when
/// `items.count != indexPaths.count` (MemoryStorage.swift, insertItems(_:to:), DTModelStorage 7.1.0, 9.1.2 and
/// 11.0.2; 7.x also throws). With two array literals the counts are known before run time.
@Suite struct BatchInsertionTests {
    private let source = tableScreen(
        """
                manager.register(PostCell.self)
                try? manager.memoryStorage.insertItems([Post(), Post()], to: [IndexPath(row: 0, section: 0)])
                manager.memoryStorage.insertItems([Post()], to: [IndexPath(row: 0, section: 0)])
                storage.insertItems(posts, to: [IndexPath(row: 0, section: 0)])
                queue.insertItems([Post(), Post()], to: [IndexPath(row: 0, section: 0)])
                if reload { self.storage.insertItems([], to: [IndexPath(row: 1, section: 0)]) }
        """)

    @Test func literalArraysOfDifferentLengthsAreRecorded() throws {
        let manifest = try onlyManifest(extract(source))
        #expect(
            describe(manifest.batchInsertions) == [
                "4:14 `manager.memoryStorage.insertItems([Post(), Post()], to: [IndexPath(row: 0, se...` gives "
                    + "2 items and 1 index path",
                "8:21 `self.storage.insertItems([], to: [IndexPath(row: 1, section: 0)])` gives 0 items and 1 index path",
            ])
        #expect(
            yaml(manifest).contains(
                "\n# batch-insertion-count-mismatch: Sources/Feed.swift:4:14: `manager.memoryStorage.insertItems("))
    }

    @Test func theyAreReportedAtTheirCalls() throws {
        let findings = SwiftExtractor.lint(extract(source)).diagnostics
        #expect(
            findings.map { "\($0.location.line):\($0.location.column) \($0.rule) \($0.severity)" } == [
                "4:14 batch-insertion-count-mismatch warning", "8:21 batch-insertion-count-mismatch warning",
            ])
        #expect(
            findings.first?.explanation.hasSuffix(
                "gives 2 items and 1 index path: MemoryStorage inserts nothing and reports the anomaly "
                    + "batchInsertionItemCountMismatch; give one index path per item") == true)
        var disabled = LintConfiguration()
        disabled.disabledRules = [BatchInsertionCountMismatchRule.id]
        #expect(SwiftExtractor.lint(extract(source), configuration: disabled).diagnostics.isEmpty)
    }
}
