import Testing

@testable import MaplintFindings
@testable import MaplintManifest
@testable import MaplintResolver
@testable import MaplintRules

/// A mapping whose model type is `Any` or `AnyObject` takes every item of its view type. DTModelStorage
/// matches a model to a mapping with `$0 is T.ModelType` (ViewModelMapping.swift, `init(viewType:viewClass:…)`,
/// `modelTypeCheckingBlock`, 7.4.1 and 8.0.0; `{ $0 is Model }`, 9.1.2 and 11.0.2) after unwrapping the
/// item's optionals (`mappingCandidates(for:withModel:at:)`, `RuntimeHelper.recursivelyUnwrapAnyValue`), and
/// swiftc 6.3 answers true for every value with `Any`, and with `AnyObject` too (a value type is boxed).
/// A nil item is looked up by nothing (DTTableViewDataSource.swift, 7.2.0, 11.0.1).
@Suite struct AnyModelTests {
    private func load(_ text: String) throws -> Manifest {
        let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: "m.maplint.yml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
        return try #require(loaded.manifest)
    }

    private let screen = """
        version: 1
        host: tableView
        libraryVersion: "7.2.0"
        models:
          Post: {kind: class, properties: {likes: Int}}
          Ad: {kind: struct}
        registrations:
          - cell: AnythingCell
            model: Any
          - cell: PostCell
            model: Post
          - cell: ObjectCell
            model: AnyObject
        sample:
          sections:
            - items:
                - Post: {likes: 1}
                - Ad: {}
                - 3
                - null

        """

    @Test func anAnyMappingTakesEveryItemButNil() throws {
        let resolution = Resolver(manifest: try load(screen)).resolve()
        #expect(resolution.items.map(\.candidates) == [[0, 1, 2], [0, 2], [0, 2], []])
        #expect(resolution.items.map(\.resolved) == [0, 0, 0, nil])
        #expect(resolution.items[3].isNil)
    }

    @Test func registrationsAfterAnAnyMappingAreUnreachable() throws {
        let findings = Analyzer.analyze(try load(screen)).filter { $0.rule == "unreachable-registration" }
        #expect(
            findings.map { "\($0.location.line): \($0.message)" } == [
                "10: PostCell (entry 1) is never used: AnythingCell (entry 0) takes every item it matches",
                "12: ObjectCell (entry 2) is never used: AnythingCell (entry 0) takes every item it matches",
            ])
    }

    /// With more model types registered for a view type than the resolver asks one by one, it lists the
    /// types an item is: `Any` is among them for every item.
    @Test func anAnyMappingAmongManyModelTypesTakesEveryItem() throws {
        let count = Resolver.directModelTypeLimit + 1
        var lines = ["version: 1", "host: tableView", "libraryVersion: \"7.2.0\"", "models:"]
        lines += (0..<count).map { "  M\($0): {kind: struct}" }
        lines.append("registrations:")
        lines += (0..<count).map { "  - {cell: Cell\($0), model: M\($0)}" }
        lines += ["  - {cell: AnythingCell, model: Any}", "sample:", "  sections:", "    - items:", "        - M3: {}"]
        let resolution = Resolver(manifest: try load(lines.joined(separator: "\n") + "\n")).resolve()
        #expect(resolution.items.map(\.candidates) == [[3, count]])
    }

    /// Swift cannot declare `Any` or `AnyObject`; a manifest that does (as `maplint extract` wrote
    /// one before it knew them) is told where.
    @Test func anyCannotBeDeclared() {
        let loaded = ManifestLoader.load(
            bytes: Array(
                """
                version: 1
                host: tableView
                models:
                  Any: {kind: class}
                registrations:
                  - cell: AnythingCell
                    model: Any

                """.utf8), file: "m.maplint.yml")
        #expect(
            loaded.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
                "4:3 'Any' is the type every model is and cannot be declared; remove it from 'models'"
            ])
    }
}
