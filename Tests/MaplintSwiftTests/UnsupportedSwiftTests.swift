import MaplintManifest
import MaplintRules
import Testing

@testable import MaplintSwift

/// Swift that extraction cannot translate gives an `unsupported-swift` note at the right place;
/// nothing is dropped silently.
@Suite struct UnsupportedSwiftTests {
    /// The manifest of a table screen running `body`, with `postDeclarations`.
    private func extracted(_ body: String) throws -> ManifestDraft {
        try onlyManifest(extract(tableScreen(body)))
    }

    @Test func registrationsThatMayNotRunAreNoted() throws {
        let manifest = try extracted(
            """
                    if showsAds {
                        manager.register(PostCell.self)
                    } else {
                        manager.register(PostCell.self) { $0.condition = .section(1) }
                    }
                    switch mode {
                    case .compact: manager.register(PostCell.self)
                    default: break
                    }
                    for section in 0..<3 {
                        manager.register(PostCell.self) { $0.condition = .section(section) }
                    }
                    while retries > 0 { manager.register(PostCell.self) }
                    repeat { manager.register(PostCell.self) } while false
                    guard isReady else { manager.register(PostCell.self); return }
                    DispatchQueue.main.async { [weak self] in self?.manager.register(PostCell.self) }
                    UIView.performWithoutAnimation { manager.register(PostCell.self) }
                    _ = flag ? manager.register(PostCell.self) : ()
                    _ = flag ? () : manager.register(PostCell.self)
                    #if DEBUG
                    manager.register(PostCell.self)
                    #endif
                    do {
                        try manager.register(PostCell.self)
                    } catch {}
                    defer { manager.register(PostCell.self) }
                    func local() { manager.register(PostCell.self) }
                    manager.register(PostCell.self)
            """)
        // Only the last one always runs.
        #expect(registrations(manifest).map(\.location) == [at(30, 9)])
        let suffix = "is not extracted: it may or may not run, so it is not checked"
        #expect(
            describe(manifest.notes) == [
                "4:13 `manager.register(PostCell.self)` inside `if` \(suffix)",
                "6:13 `manager.register(PostCell.self) { $0.condition = .section(1) }` inside `if` \(suffix)",
                "9:24 `manager.register(PostCell.self)` inside `switch` \(suffix)",
                "13:13 `manager.register(PostCell.self) { $0.condition = .section(section) }` inside a `for` loop \(suffix)",
                "15:29 `manager.register(PostCell.self)` inside a `while` loop \(suffix)",
                "16:18 `manager.register(PostCell.self)` inside a `repeat` loop \(suffix)",
                // The guard may return: the registration after it is extracted, with a note.
                "17:9 the code after this may not run (it can return early): the registrations after it are extracted as if it does run",
                "17:30 `manager.register(PostCell.self)` inside `guard` \(suffix)",
                "18:51 `self?.manager.register(PostCell.self)` inside a closure \(suffix)",
                "19:42 `manager.register(PostCell.self)` inside a closure \(suffix)",
                "20:20 `manager.register(PostCell.self)` inside a `?:` expression \(suffix)",
                "21:25 `manager.register(PostCell.self)` inside a `?:` expression \(suffix)",
                "23:9 `manager.register(PostCell.self)` inside `#if` \(suffix)",
                "26:17 `manager.register(PostCell.self)` inside `do`/`catch` \(suffix)",
                "28:17 `manager.register(PostCell.self)` inside `defer` \(suffix)",
                "29:24 `manager.register(PostCell.self)` inside a local function \(suffix)",
            ])
    }

    @Test func registrationsInAPlainDoBlockRun() throws {
        let manifest = try extracted(
            """
                    do {
                        manager.register(PostCell.self)
                    }
            """)
        #expect(registrations(manifest).map(\.location) == [at(4, 13)])
        #expect(manifest.notes.isEmpty)
    }

    @Test func eventsAndUnregistrationsInsideBranchesAreNotedToo() throws {
        let manifest = try extracted(
            """
                    manager.register(PostCell.self)
                    if editing {
                        manager.didSelect(PostCell.self) { _, _, _ in }
                        manager.unregister(PostCell.self)
                    }
            """)
        #expect(manifest.entries.count == 1)
        #expect(
            describe(manifest.notes) == [
                "5:13 `manager.didSelect(PostCell.self) { _, _, _ in }` inside `if` is not extracted: it may or may not run, so it is not checked",
                "6:13 `manager.unregister(PostCell.self)` inside `if` is not extracted: it may or may not run, so it is not checked",
            ])
    }

    @Test func theManagerPassedOnOrStoredElsewhere() throws {
        let manifest = try extracted(
            """
                    Helper.setUp(manager)
                    configureFeed(with: self.manager, animated: true)
                    let other = manager
                    other.register(PostCell.self)
                    var copy: DTTableViewManager = self.manager
                    manager.register(PostCell.self)
            """)
        #expect(registrations(manifest).map(\.location) == [at(8, 9)])
        #expect(
            describe(manifest.notes) == [
                "3:22 the manager is passed to `Helper.setUp`: registrations made there are not part of this screen",
                "4:29 the manager is passed to `configureFeed`: registrations made there are not part of this screen",
                "5:21 the manager is stored in `other`: calls through it are not followed",
                "7:40 the manager is stored in `copy`: calls through it are not followed",
            ])
    }

    @Test func cellsThatCannotBeResolved() throws {
        let manifest = try onlyManifest(
            extract(
                """
                final class FeedViewController: UIViewController, DTTableViewManageable {
                    override func viewDidLoad() {
                        manager.register(ThirdPartyBannerCell.self)
                        manager.register(NoModelCell.self)
                        manager.register(cellClass)
                        manager.register(PostCell.self, for: modelClass)
                        manager.registerSupplementary(PostCell.self, ofKind: kind)
                        manager.register(PostCell.self)
                    }
                }
                class NoModelCell: UITableViewCell {}
                class PostCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }
                """))
        #expect(registrations(manifest).map(\.location) == [at(8, 9)])
        #expect(
            describe(manifest.notes) == [
                "3:9 `manager.register(ThirdPartyBannerCell.self)` is not extracted: `ThirdPartyBannerCell` is not declared in the Swift files read, so its model type is unknown",
                "4:9 `manager.register(NoModelCell.self)` is not extracted: `NoModelCell` declares no model type (`ModelTransfer`'s `update(with:)` or `typealias ModelType`) and the call names none with `for:`",
                "5:9 the view type of `manager.register(cellClass)` is not a `Type.self` literal: it is not extracted",
                "6:9 the model type of `manager.register(PostCell.self, for: modelClass)` is not a `Type.self` literal: it is not extracted",
                "7:9 `manager.registerSupplementary(PostCell.self, ofKind: kind)`: a table view has no supplementary kinds besides headers and footers; not extracted",
            ])
    }

    @Test func longCallsAreCutInNotes() throws {
        let manifest = try extracted(
            """
                    if flag {
                        manager.register(PostCell.self) { mapping in
                            mapping.condition = mapping.modelCondition { indexPath, model in model.likes > 100 && model.containsVideo }
                        }
                    }
            """)
        let note = try #require(manifest.notes.first)
        #expect(
            note.message
                == "`manager.register(PostCell.self) { mapping in mapping.condition = mapping.mode...` inside `if` is not extracted: it may or may not run, so it is not checked"
        )
        #expect(note.location == at(4, 13))
    }

    @Test func aSyntaxErrorIsANoteOnTheFile() throws {
        let result = extract(
            tableScreen(
                """
                        manager.register(PostCell.self)
                        manager.register(PostCell.self {
                """))
        #expect(
            describe(result.notes) == [
                "5:6 the file has a syntax error here: only the code the parser could read is extracted"
            ])
        #expect(result.notes.first?.location.file == "Sources/Feed.swift")
        #expect(result.problems.isEmpty)
        // What the parser could read is still extracted.
        let manifest = try onlyManifest(result)
        #expect(registrations(manifest).map(\.location) == [at(3, 9)])
    }

    @Test func aMissingTokenIsASyntaxErrorToo() {
        let result = extract("let x = (1 + \nclass A {}\n")
        #expect(
            describe(result.notes) == [
                "1:14 the file has a syntax error here: only the code the parser could read is extracted"
            ])
        #expect(result.manifests.isEmpty)
    }

    @Test func notesAreWrittenIntoTheManifestAndReadBackByTheLinter() throws {
        let result = extract(
            tableScreen(
                """
                        if flag { manager.register(PostCell.self) }
                        manager.register(PostCell.self)
                """))
        let manifest = try onlyManifest(result)
        let text = yaml(manifest)
        #expect(
            text.contains(
                "\n# unsupported-swift: Sources/Feed.swift:3:19: `manager.register(PostCell.self)` inside `if` is not extracted: it may or may not run, so it is not checked\nversion: 1"
            ))
        let lint = SwiftExtractor.lint(result)
        let notes = lint.diagnostics.filter { $0.rule == UnsupportedSwiftRule.id }
        #expect(notes.map(\.location) == [at(3, 19)])
        #expect(notes.map(\.severity) == [.note])
        #expect(!lint.diagnostics.contains { $0.severity == .error })
    }

    @Test func lintFindingsPointAtTheSwiftCode() throws {
        let result = extract(
            tableScreen(
                """
                        manager.register(PostCell.self)
                        manager.register(PostCell.self) { mapping in
                            mapping.xibName = "WidePostCell"
                        }
                """))
        _ = try onlyManifest(result)
        let lint = SwiftExtractor.lint(result)
        let collision = try #require(lint.diagnostics.first { $0.rule == ReuseIdentifierCollisionRule.id })
        #expect(collision.location.file == "Sources/Feed.swift")
        #expect([3, 4, 5].contains(collision.location.line))
    }

    static let elsewhere =
        "registrations are read from the methods of types that conform to DTTableViewManageable or "
        + "DTCollectionViewManageable or keep a manager, and from functions that receive one; this call is elsewhere "
        + "(a property, an observer, another type) or on a manager that cannot be followed "

    /// A registration in a property's closure or an observer is a note too.
    @Test func registrationsInPropertiesAreNoted() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                var showsAds = false {
                    didSet { manager.register(AdCell.self) }
                }
                lazy var setUp: Void = { manager.register(PostCell.self) }()
            }
            """)
        #expect(
            describe(result.notes) == [
                "3:18 `manager.register(AdCell.self)` is not extracted: " + Self.elsewhere + "(`manager`)",
                "5:30 `manager.register(PostCell.self)` is not extracted: " + Self.elsewhere + "(`manager`)",
            ])
    }

    /// Registrations after a `guard` or an `if` that returns are extracted, with one note at it.
    @Test func registrationsAfterAnEarlyExitAreExtractedWithANote() throws {
        let manifest = try onlyManifest(
            extract(
                """
                final class FeedViewController: UIViewController, DTTableViewManageable {
                    override func viewDidLoad() {
                        guard isViewLoaded else { return }
                        registerCells()
                        manager.register(TitleCell.self)
                    }
                    func registerCells() {
                        if flag { return }
                        manager.register(PostCell.self)
                    }
                }
                final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }
                final class TitleCell: UITableViewCell, ModelTransfer { func update(with model: String) {} }
                """))
        #expect(manifest.entries.count == 2)
        let early =
            "the code after this may not run (it can return early): the registrations after it are extracted as if it does run"
        #expect(describe(manifest.notes) == ["3:9 " + early, "8:9 " + early])
    }

    /// `MappingCondition.section(1)` is `.section(1)`.
    @Test func theConditionTypeMayBeNamed() throws {
        let manifest = try onlyManifest(
            extract(
                """
                final class FeedViewController: UIViewController, DTTableViewManageable {
                    override func viewDidLoad() {
                        manager.register(PostCell.self) { $0.condition = MappingCondition.section(1) }
                    }
                }
                final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }
                """))
        #expect(manifest.notes.isEmpty)
        #expect(registrationsYAML(manifest).contains("section: 1"))
    }

    /// A registration on a manager that belongs to no managed view is a note, not silence;
    /// UIKit's own `register(_:forCellReuseIdentifier:)` and other libraries' `register` are not.
    @Test func registrationsOnAnUnknownManagerAreNoted() throws {
        let result = extract(
            """
            final class FeedCoordinator {
                func start(screen: FeedScreen) {
                    screen.feedManager.register(PostCell.self)
                    screen.tableView.register(UITableViewCell.self, forCellReuseIdentifier: "plain")
                    container.register(Service.self) { _ in Service() }
                    screen.feedManager.unregisterHeader(TitleView.self)
                }
            }
            """)
        #expect(result.manifests.isEmpty)
        #expect(
            describe(result.notes) == [
                "3:9 `screen.feedManager.register(PostCell.self)` is not extracted: " + Self.elsewhere
                    + "(`screen.feedManager`)",
                "6:9 `screen.feedManager.unregisterHeader(TitleView.self)` is not extracted: " + Self.elsewhere
                    + "(`screen.feedManager`)",
            ])
    }

    /// Calls a scanner read, even those left out (inside `if`), get their own note only.
    @Test func callsReadByAScannerAreNotReportedTwice() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    if flag { manager.register(PostCell.self) }
                }
            }
            final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }
            """)
        #expect(result.notes.isEmpty)
        let manifest = try onlyManifest(result)
        #expect(manifest.notes.count == 1)
    }
}
