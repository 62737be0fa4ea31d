import Testing

@testable import MaplintSwift

/// DT 4 (Swift 2 and 3) spellings are extracted or noted at their place, never dropped in silence
/// (DTTableViewManager.swift and DTCollectionViewManager.swift, 4.8.0: `registerCellClass(_:)`,
/// `registerCellClass(_:whenSelected:)`, `whenSelected(_:_:)`, `cellSelection(_:)`, `cellConfiguration(_:)`).
@Suite struct DT4SpellingTests {
    @Test func aBareTypeNameIsTheViewClass() throws {
        let manifest = try onlyManifest(
            extract(
                tableScreen(
                    """
                            manager.registerCellClass(PostCell)
                            manager.whenSelected(PostCell) { cell, post, indexPath in }
                    """)))
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                  - event: didSelect
                    view: PostCell
                """)
        #expect(describe(manifest.notes) == [])
    }

    @Test func theSelectionClosureOfRegisterCellClassIsADidSelectEvent() throws {
        let manifest = try onlyManifest(
            extract(
                tableScreen(
                    """
                            manager.registerCellClass(PostCell.self, whenSelected: { cell, post, indexPath in })
                            manager.registerCellClass(PostCell.self) { cell, post, indexPath in }
                    """)))
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                  - event: didSelect
                    view: PostCell
                  - cell: PostCell
                    model: Post
                  - event: didSelect
                    view: PostCell
                """)
        #expect(describe(manifest.notes) == [])
    }

    @Test func eventsByMethodPointerAreNoted() throws {
        let result = extract(
            tableScreen(
                """
                        manager.registerCellClass(PostCell.self)
                        manager.cellSelection(FeedViewController.selectPost)
                        manager.cellConfiguration(FeedViewController.configurePost)
                """))
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                """)
        #expect(
            describe(manifest.notes) == [
                "4:9 `manager.cellSelection(FeedViewController.selectPost)` is DTTableViewManager 4's `didSelect` event "
                    + "through a method: its view class is the type of that method's first parameter, which is not read "
                    + "here, so the event is not extracted and not checked",
                "5:9 `manager.cellConfiguration(FeedViewController.configurePost)` is DTTableViewManager 4's `configure` "
                    + "event through a method: its view class is the type of that method's first parameter, which is "
                    + "not read here, so the event is not extracted and not checked",
            ])
    }

    /// From 5 a bare type name does not compile: it is not taken for a type.
    @Test func aBareTypeNameIsNotATypeFrom5() throws {
        let manifest = try onlyManifest(
            extract(
                tableScreen(
                    """
                            manager.registerCellClass(PostCell.self)
                            manager.register(PostCell)
                    """)))
        #expect(
            describe(manifest.notes) == [
                "4:9 the view type of `manager.register(PostCell)` is not a `Type.self` literal: it is not extracted"
            ])
    }
}
