import Testing

@testable import MaplintFindings
@testable import MaplintManifest
@testable import MaplintRules

/// View classes declared with `inherits:` form a hierarchy that DT follows wherever it takes a view class.
/// From 8 a manager-level event attaches to every mapping whose view class `isSubclass(of:)` the event's
/// (DTTableViewDelegateWrapper.swift, `appendMappedReaction`, 11.0.1; DTCollectionViewDelegateWrapper.swift,
/// 11.0.0); before 8 it fires for a view that `isKind(of:)` its class (DTModelStorage EventReactions.swift,
/// `reaction(of:signature:forModel:view:)`, 7.4.1, 8.1.0) and `verifyViewEvent` finds the subclass mapping
/// (DTTableViewManager.swift, `verifyViewEvent(for:methodName:)`, `isSubclass(of:)`, 7.2.0). `unregister`
/// removes the mappings whose view class `is Cell.Type`, subclasses included (TableViewFactory.swift,
/// `unregisterCellClass`, 7.2.0, 11.0.1; CollectionViewFactory.swift, `unregisterCellClass`, 6.6.0, 11.0.0).
@Suite struct ViewClassHierarchyTests {
    private static func manifest(version: String, declared: Bool, entries: String) -> String {
        """
        version: 1
        host: tableView
        libraryVersion: "\(version)"
        models:
          Post: {properties: {likes: Int}}
        """ + (declared ? "\n  PostCell: {inherits: UITableViewCell}\n  VideoPostCell: {inherits: PostCell}" : "")
            + """

            registrations:
            \(entries)
            sample:
              sections:
                - items:
                    - Post: {likes: 3}
            """
    }

    private func rules(version: String = "11.0.1", declared: Bool = true, _ entries: String) throws -> [RuleID] {
        let text = Self.manifest(version: version, declared: declared, entries: entries)
        let manifest = try #require(ManifestLoader.load(bytes: Array(text.utf8), file: "m.maplint.yml").manifest)
        return Analyzer.analyze(manifest).map(\.rule)
    }

    @Test(arguments: ["7.2.0", "8.0.1", "11.0.1"])
    func anEventForASuperclassAttachesToTheSubclassMappings(version: String) throws {
        let entries = """
              - cell: VideoPostCell
                model: Post
              - event: didSelect
                view: PostCell
            """
        #expect(try rules(version: version, entries).isEmpty)
        // Without the hierarchy the classes are unrelated.
        #expect(try rules(version: version, declared: false, entries) == [EventWithoutRegistrationRule.id])
        // A subclass event does not attach to a superclass mapping.
        #expect(
            try rules(
                version: version,
                """
                  - cell: PostCell
                    model: Post
                  - event: didSelect
                    view: VideoPostCell
                """) == [EventWithoutRegistrationRule.id])
    }

    @Test func unregisteringASuperclassRemovesTheSubclassMappings() throws {
        #expect(
            try rules(
                """
                  - cell: VideoPostCell
                    model: Post
                  - unregister: PostCell
                """) == [UnresolvedItemRule.id])
        #expect(
            try rules(
                declared: false,
                """
                  - cell: VideoPostCell
                    model: Post
                  - unregister: PostCell
                """
            ).isEmpty)
        // Unregistering the subclass leaves the superclass mapping.
        #expect(
            try rules(
                """
                  - cell: PostCell
                    model: Post
                  - unregister: VideoPostCell
                """
            ).isEmpty)
        // The removed mapping takes its events with it.
        #expect(
            try rules(
                """
                  - cell: VideoPostCell
                    model: Post
                  - unregister: PostCell
                  - cell: PostCell
                    model: Post
                  - event: didSelect
                    view: VideoPostCell
                """) == [EventWithoutRegistrationRule.id])
    }
}
