import Foundation
import MaplintLibrary
@_spi(RawSyntax) import SwiftSyntax
import Testing

@testable import MaplintFindings
@testable import MaplintRules
@testable import MaplintSwift

/// Every spelling of the registration API from DT 4 to 11 (`RegistrationSpelling.all`), SwiftUI
/// hosting mappings, deprecated closures, and calls that look like registrations but are not.
@Suite struct RegistrationAPITests {
    /// `UnattributedCalls` walks the raw tree, counting offsets itself: on every fixture file and
    /// on calls written around trivia, unexpected text and UIKit's own `register`, it finds what a
    /// syntax visitor over the same tree finds, at the same places, with the same receivers.
    @Test func theRawWalkFindsWhatAVisitorFinds() throws {
        final class Visitor: SyntaxVisitor {
            var found: [(MaplintFindings.SourceLocation, String)] = []
            let file: SwiftSourceFile
            init(file: SwiftSourceFile) {
                self.file = file
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                    RegistrationTranslator.registersViews(member.declName.baseName.text),
                    !node.arguments.contains(where: { $0.label?.text.contains("ReuseIdentifier") == true })
                else { return .visitChildren }
                let receiver = base.trimmedDescription
                let last = receiver.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).last
                if (last.map(String.init) ?? receiver).lowercased().contains("manager") {
                    found.append((file.location(of: node), receiver))
                }
                return .visitChildren
            }
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
        let paths = try #require(FileManager.default.subpaths(atPath: root.path)).filter { $0.hasSuffix(".swift") }
        var sources: [(String, [UInt8])] = [
            (
                "written.swift",
                Array(
                    """
                    /* register */ let a = 1
                    func f() {
                        self . feedManager /* x */ . register(PostCell.self) { m in m.xibName = "X" }  // after
                        tableView.register(UINib(), forCellReuseIdentifier: "x")
                        coordinator?.manager!.registerHeader(HeaderView.self, for: Post.self) ; )
                        manager.register(
                            PostCell.self
                        ) {
                            $0.condition = .section(manager.register(A.self))
                        }
                        nested(manager).register(X.self)
                    }
                    """.utf8)
            )
        ]
        for path in paths { sources.append((path, Array(try Data(contentsOf: root.appendingPathComponent(path))))) }
        var total = 0
        for (path, bytes) in sources {
            var finder = UnattributedCalls.Finder(bytes: bytes)
            guard
                case .success(let file) = SwiftSourceFile.parse(
                    path: path, bytes: bytes, visiting: { finder.visit($0, at: $1) })
            else { continue }
            let visitor = Visitor(file: file)
            visitor.walk(file.tree)
            let raw = finder.found
            #expect(raw.map { file.location(atOffset: $0.call.lowerBound) } == visitor.found.map(\.0), "\(path)")
            #expect(
                raw.map { String(decoding: bytes[$0.receiver], as: UTF8.self) } == visitor.found.map(\.1), "\(path)")
            total += raw.count
        }
        #expect(total > 20)
    }

    /// An unattributed call's excerpt is worded from the file's bytes between its first and last
    /// token, only when it becomes a note: for every call in the fixtures' Swift files (CRLF and
    /// comments inside included), that is the excerpt of the node itself.
    @Test func excerptsFromBytesAreThoseOfTheNodes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
        let paths = try #require(FileManager.default.subpaths(atPath: root.path)).filter { $0.hasSuffix(".swift") }
        let crlf =
            "class A {\r\n  func f() {\r\n    manager.register(PostCell.self) { mapping in // note\r\n"
            + "      mapping.xibName = \"X\"\r\n    }\r\n  }\r\n}\r\n"
        var sources = [("crlf.swift", Array(crlf.utf8))]
        for path in paths { sources.append((path, Array(try Data(contentsOf: root.appendingPathComponent(path))))) }
        var compared = 0
        for (path, bytes) in sources {
            guard case .success(let file) = SwiftSourceFile.parse(path: path, bytes: bytes) else { continue }
            for call in file.tree.tokens(viewMode: .sourceAccurate).compactMap({
                $0.parent?.parent?.as(FunctionCallExprSyntax.self)
            }) {
                let range =
                    call.positionAfterSkippingLeadingTrivia.utf8Offset..<call.endPositionBeforeTrailingTrivia.utf8Offset
                let candidate = UnattributedCalls.Candidate(call: range, receiver: range)
                #expect(
                    candidate.excerpt(in: bytes) == SwiftShapes.excerpt(call), "\(path): \(file.location(of: call))")
                compared += 1
            }
        }
        #expect(compared > 200)
    }

    /// `UnattributedCalls` walks only the files whose text holds `methodWord`: every method
    /// that registers or unregisters a view must hold it, or its calls would go unreported.
    @Test func everyRegistrationMethodHoldsTheWordFilesAreSearchedFor() {
        let methods = Set(RegistrationSpelling.all.map(\.method)).filter(RegistrationTranslator.registersViews)
        #expect(methods.count > 20)
        #expect(methods.filter { !$0.contains(UnattributedCalls.methodWord) }.isEmpty)
    }

    @Test func theFourthMajorsTableSpellings() throws {
        let result = extract(
            """
            final class ListViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.registerCellClass(PostCell.self)
                    manager.registerNibNamed("BigPostCell", forCellClass: PostCell.self)
                    manager.registerHeaderClass(TitleView.self)
                    manager.registerNiblessFooterClass(TitleView.self)
                    manager.registerNibNamed("BigTitle", forHeaderClass: TitleView.self)
                }
            }
            class PostCell: UITableViewCell, ModelTransfer { func updateWithModel(model: Int) {} }
            class TitleView: UITableViewHeaderFooterView, ModelTransfer { func updateWithModel(_ model: String) {} }
            """, version: "4.8.0")
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Int
                  - cell: PostCell
                    model: Int
                    xib: "BigPostCell"
                    registerNibNamed: true
                  - header: TitleView
                    model: String
                  - footer: TitleView
                    model: String
                    xib: null
                  - header: TitleView
                    model: String
                    xib: "BigTitle"
                """)
        #expect(manifest.notes.isEmpty)
        #expect(result.notes.isEmpty)
    }

    @Test func theFourthMajorsCollectionSpellings() throws {
        let result = extract(
            """
            final class GridViewController: UIViewController, DTCollectionViewManageable {
                override func viewDidLoad() {
                    manager.registerNiblessCellClass(TileCell.self)
                    manager.registerSupplementaryClass(BadgeView.self, forKind: "badge")
                    manager.registerNibNamed("BigBadge", supplementaryClass: BadgeView.self, forKind: "big")
                    manager.registerNiblessSupplementaryClass(BadgeView.self, forKind: UICollectionView.elementKindSectionHeader)
                }
            }
            class TileCell: UICollectionViewCell, ModelTransfer { func update(with model: Int) {} }
            class BadgeView: UICollectionReusableView, ModelTransfer { func update(with model: String) {} }
            """)
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: TileCell
                    model: Int
                    xib: null
                  - supplementary: BadgeView
                    kind: badge
                    model: String
                  - supplementary: BadgeView
                    kind: big
                    model: String
                    xib: "BigBadge"
                  - header: BadgeView
                    model: String
                    xib: null
                """)
        #expect(manifest.notes.isEmpty)
    }

    @Test func hostingCellsAreMappings() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.registerHostingCell(for: Post.self) { post, _ in PostView(post: post) } mapping: { mapping in
                        mapping.condition = .section(0)
                        mapping.configuration.backgroundColor = .clear
                        mapping.didSelect { _, _, _ in }
                    }
                    manager.registerHostingCell(for: Post.self, content: { post, _ in PostView(post: post) }) {
                        $0.hostingCellSubclass = FeedHostingCell.self
                    }
                    manager.registerHostingConfiguration(for: Post.self) { cell, post, indexPath in
                        UIHostingConfiguration { PostRow(post: post) }
                    }
                }
            }
            class Post { var likes = 0 }
            """)
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: HostingTableViewCell
                    model: Post
                    section: 0
                    xib: null
                    reuseIdentifier: "HostingTableViewCell<PostView, Post>"
                    events:
                      - didSelect
                  - cell: FeedHostingCell
                    model: Post
                    xib: null
                    reuseIdentifier: "FeedHostingCell"
                  - cell: UITableViewCell
                    modelTransfer: false
                    model: Post
                    xib: null
                    reuseIdentifier: "PostRow EmptyView Post"
                """)
        #expect(manifest.notes.isEmpty)
    }

    @Test func collectionHostingCells() throws {
        let result = extract(
            """
            final class GridViewController: UIViewController, DTCollectionViewManageable {
                override func viewDidLoad() {
                    manager.registerHostingCell(for: Post.self) { post, _ in PostView(post: post) }
                    manager.registerHostingConfiguration(for: Post.self, cell: TileCell.self) { _, post, _ in
                        UIHostingConfiguration { PostRow(post: post) }
                    }
                }
            }
            class Post { var likes = 0 }
            """)
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: HostingCollectionViewCell
                    model: Post
                    xib: null
                    reuseIdentifier: "HostingCollectionViewCell<PostView, Post>"
                  - cell: TileCell
                    modelTransfer: false
                    model: Post
                    xib: null
                    reuseIdentifier: "PostRow EmptyView Post"
                """)
    }

    /// `configure`, `configureHeader`, … were deprecated in 8.0 but still attach like any
    /// manager-level event: they are events (the deprecated-event rule notes them).
    @Test func deprecatedClosuresAreEvents() throws {
        let result = extract(
            tableScreen(
                """
                        manager.register(PostCell.self)
                        manager.configure(PostCell.self) { cell, post, indexPath in }
                        manager.configureHeader(PostCell.self) { _, _, _ in }
                """))
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                  - event: configure
                    view: PostCell
                  - event: configureHeader
                    view: PostCell
                    element: header
                """)
        #expect(manifest.notes.isEmpty)
        let linted = SwiftExtractor.lint(result)
        #expect(linted.diagnostics.filter { $0.rule == UnknownEventRule.id }.isEmpty)
        #expect(linted.diagnostics.filter { $0.rule == DeprecatedEventRule.id }.map(\.location.line) == [4, 5])
    }

    @Test func callsThatLookLikeRegistrationsAreNoted() throws {
        let result = extract(
            tableScreen(
                """
                        manager.registerCells(PostCell.self)
                        manager.registerNibless(PostCell.self)
                        manager.register(PostCell.self)
                """))
        let manifest = try onlyManifest(result)
        #expect(
            describe(manifest.notes) == [
                "3:9 `manager.registerCells(PostCell.self)` is not extracted: it looks like a registration, but `registerCells` is not a DTTableViewManager method in versions 4 to 11",
                "4:9 `manager.registerNibless(PostCell.self)` is not extracted: `registerNibless` is a DTCollectionViewManager method, not a DTTableViewManager one",
            ])
        #expect(registrations(manifest).count == 1)
    }

    /// DT 8 made `registerNibNamed(_:for:mapping:)` call `register` without the closure. Before 8 (and in
    /// DT 4, TableViewFactory.swift, registerNibNamed(_:forCellClass:), 4.8.0) it registers the nib with no
    /// dequeue probe: `registerNibNamed: true`.
    @Test func registerNibNamedDropsItsClosureFromEight() throws {
        let source = tableScreen(
            """
                    manager.registerNibNamed("BigPostCell", for: PostCell.self) { $0.reuseIdentifier = "big" }
            """)
        let eleven = try onlyManifest(extract(source))
        #expect(
            registrationsYAML(eleven) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    xib: "BigPostCell"
                """)
        #expect(
            describe(eleven.notes) == [
                "3:9 DTTableViewManager 11's `registerNibNamed(_:for:mapping:)` never calls its mapping closure, so "
                    + "the reuse identifier \"big\" is not extracted"
            ])
        let seven = try onlyManifest(extract(source, version: "7.2.0"))
        #expect(
            registrationsYAML(seven) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    xib: "BigPostCell"
                    registerNibNamed: true
                    reuseIdentifier: "big"
                """)
        #expect(seven.notes.isEmpty)
    }

    @Test func managerEventSpellings() throws {
        let result = extract(
            tableScreen(
                """
                        manager.register(PostCell.self)
                        manager.move(PostCell.self) { _, _, _, _ in }
                        manager.commitEditingStyle(for: PostCell.self) { _, _, _, _ in }
                        manager.titleForDeleteConfirmationButton(in: PostCell.self) { _, _, _ in "Delete" }
                        manager.editingStyle(forItem: Post.self) { _, _ in .none }
                        manager.selectionFollowsFocus(for: PostCell.self) { _, _, _ in true }
                """))
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                  - event: moveRowTo
                    view: PostCell
                  - event: commitEditingStyle
                    view: PostCell
                  - event: titleForDeleteConfirmationButton
                    view: PostCell
                  - event: editingStyle
                    model: Post
                """)
        #expect(
            describe(manifest.notes) == [
                "8:9 `selectionFollowsFocus` is not among the DTTableViewManager events maplint models: `manager.selectionFollowsFocus(for: PostCell.self) { _, _, _ in true }` is not checked"
            ])
    }

    @Test func collectionCanEditIsKeyedByModel() throws {
        let result = extract(
            """
            final class GridViewController: UIViewController, DTCollectionViewManageable {
                override func viewDidLoad() {
                    manager.register(TileCell.self)
                    manager.canEdit(Int.self) { _, _ in true }
                }
            }
            class TileCell: UICollectionViewCell, ModelTransfer { func update(with model: Int) {} }
            """)
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: TileCell
                    model: Int
                  - event: canEdit
                    model: Int
                """)
    }

    /// Calls inside `configureEvents` are extracted, and so not reported as calls nothing read.
    @Test func configureEventsCallsAreNotReportedTwice() throws {
        let result = extract(
            tableScreen(
                """
                        manager.configureEvents(for: PostCell.self) { [weak self] cellType, modelType in
                            manager.register(cellType)
                            manager.didSelect(cellType) { _, _, _ in }
                            manager.commitEditingStyle(for: cellType) { _, _, _, _ in }
                            manager.heightForCell(withItem: modelType) { _, _ in 80 }
                        }
                """))
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                  - event: didSelect
                    view: PostCell
                  - event: commitEditingStyle
                    view: PostCell
                  - event: heightForCell
                    model: Post
                """)
        #expect(manifest.notes.isEmpty)
        #expect(result.notes.isEmpty)
    }

    /// The drag events take their cell type labelled `from:` (`DTTableViewManager+Drag.swift`,
    /// `itemsForBeginningDragSession(from:_:)` and `itemsForAddingToDragSession(from:_:)`, 6.0.0
    /// to 11.0.1; the same in DTCollectionViewManager+Drag.swift 6.0.0 to 11.0.0).
    @Test func dragEventsTakeTheirCellTypeLabelledFrom() throws {
        let result = extract(
            tableScreen(
                """
                        manager.register(PostCell.self)
                        manager.itemsForBeginningDragSession(from: PostCell.self) { _, _, _, _ in [] }
                        manager.itemsForAddingToDragSession(from: PostCell.self, addedItems)
                """))
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                  - event: itemsForBeginningDragSession
                    view: PostCell
                  - event: itemsForAddingToDragSession
                    view: PostCell
                """)
        #expect(manifest.notes.isEmpty)
        #expect(result.notes.isEmpty)
    }

    /// The manager-wide drag and drop closures name no view or model: the manager keeps them apart from every
    /// mapping (`appendNonCellReaction`) and calls them for the whole table (DTTableViewManager+Drag.swift,
    /// `dragSessionWillBegin(_:)` …, DTTableViewManager+Drop.swift, `performDropWithCoordinator(_:)`,
    /// `dropPreviewParameters(_:)` …, 6.0.0, 7.2.0, 8.0.1, 11.0.1; DTCollectionViewManager the same, 6.0.0 to
    /// 11.0.0). A manifest has no entry for them, so each is a note rather than passed over in silence.
    @Test func managerWideDragAndDropClosuresAreNoted() throws {
        let result = extract(
            tableScreen(
                """
                        manager.register(PostCell.self)
                        manager.dragSessionWillBegin { _ in }
                        manager.performDropWithCoordinator(handleDrop)
                        manager.dropPreviewParameters { _ in nil }
                        manager.itemsForBeginningDragSession(from: PostCell.self) { _, _, _, _ in [] }
                """))
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                  - event: itemsForBeginningDragSession
                    view: PostCell
                """)
        let tail =
            " is a manager-wide drag and drop closure, tied to no view or model (nothing in it depends on the "
            + "registrations)"
        #expect(
            describe(manifest.notes) == [
                "4:9 `manager.dragSessionWillBegin { _ in }` is not extracted: `dragSessionWillBegin`" + tail,
                "5:9 `manager.performDropWithCoordinator(handleDrop)` is not extracted: `performDropWithCoordinator`"
                    + tail,
                "6:9 `manager.dropPreviewParameters { _ in nil }` is not extracted: `dropPreviewParameters`" + tail,
            ])
    }

    /// The view type is the first argument even when it is labelled and the closure that follows
    /// is passed in the parentheses without a label.
    @Test func aClosureInParenthesesAfterALabelledViewTypeIsNotTheViewType() throws {
        let result = extract(
            tableScreen(
                """
                        manager.configureEvents(for: PostCell.self) { cellType, _ in
                            manager.register(cellType)
                            manager.trailingSwipeActionsConfiguration(for: cellType, { _, _, _ in nil })
                        }
                        manager.leadingSwipeActionsConfiguration(for: PostCell.self, { _, _, _ in nil })
                        manager.heightForCell(withItem: Post.self, { _, _ in 44 })
                """))
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                  - event: trailingSwipeActionsConfiguration
                    view: PostCell
                  - event: leadingSwipeActionsConfiguration
                    view: PostCell
                  - event: heightForCell
                    model: Post
                """)
        #expect(manifest.notes.isEmpty)
        #expect(result.notes.isEmpty)
    }

    /// The table has each spelling once per host, and names only real methods.
    @Test func theTableIsConsistent() {
        var seen: Set<String> = []
        for row in RegistrationSpelling.all {
            for host in row.hosts.sorted(by: { $0.rawValue < $1.rawValue }) {
                #expect(
                    seen.insert("\(row.method) \(row.viewLabel ?? "_") \(host)").inserted,
                    "\(row.method) \(row.viewLabel ?? "_") \(host) twice")
            }
            #expect(row.majors.lowerBound >= 4 && row.majors.upperBound <= 11)
        }
        #expect(RegistrationSpelling.isRegistrationMethod("registerHostingConfiguration"))
        #expect(!RegistrationSpelling.isRegistrationMethod("configure"))
    }
}

extension RegistrationAPITests {
    /// DT 4 apps register a cell's class and then its xib: the second mapping repeats the first,
    /// which is what the error says (not that the cell never appears).
    @Test func aRepeatedRegistrationOfOneViewSaysSo() throws {
        let result = extract(
            tableScreen(
                """
                        manager.registerCellClass(PostCell.self)
                        manager.registerNibNamed("PostCell", forCellClass: PostCell.self)
                """), version: "4.7.0")
        let linted = SwiftExtractor.lint(result)
        let errors = linted.diagnostics.filter { $0.severity == .error }
        #expect(
            errors.map(\.message) == [
                "PostCell (entry 1) repeats PostCell (entry 0) for the same view: this mapping is never chosen"
            ])
        #expect(
            errors.first?.related.dropFirst().map(\.message) == [
                "every item PostCell (entry 1, Feed.swift:4) matches (Post items) is already matched by PostCell (entry 0, "
                    + "Feed.swift:3), and the first matching registration wins, so the mapping's own settings (condition, "
                    + "xib, reuse identifier, events) have no effect",
                "fix: remove it, or give the two mutually exclusive conditions",
            ])
    }
}
