import Testing

@testable import MaplintAnalysis
@testable import MaplintManifest
@testable import MaplintSolver

/// Questions alike but for the names of their model types are decided once: the verdicts
/// (witnesses renamed) must be exactly those a solver asked about each question alone gives.
@Suite struct SharedVerdictTests {
    /// `groups` copies of one pattern of model types and registrations, `Post<g>` / `Video<g>`.
    static func manifest(groups: Int, extra: String = "") throws -> Manifest {
        var text = """
            version: 1
            host: tableView
            models:
              State: {kind: enum, cases: [draft, published]}
              Author: {kind: struct, properties: {name: String}}

            """
        for group in 0..<groups {
            text += """
                  Post\(group): {kind: class, properties: {likes: Int, state: State, author: Author?, title: String}}
                  Video\(group): {inherits: Post\(group), properties: {isLive: Bool}}

                """
        }
        text += extra + "registrations:\n"
        for group in 0..<groups {
            text += """
                  - {cell: Live\(group), model: Video\(group), condition: "model.isLive && model.state == .published"}
                  - {cell: Popular\(group), model: Post\(group), condition: "model.likes > 10 && model.author != nil"}
                  - {cell: Draft\(group), model: Post\(group), condition: "model.state == .draft"}
                  - {cell: Any\(group), model: Post\(group), condition: "model.likes >= 0 || model.likes < 0"}
                  - {cell: Titled\(group), model: Post\(group), condition: "model.title.hasPrefix(\\"Re\\")"}

                """
        }
        return try #require(ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml").manifest)
    }

    @Test func everyGroupGetsTheVerdictsOfAFreshSolver() throws {
        let manifest = try Self.manifest(groups: 4)
        let context = AnalysisContext(manifest: manifest)
        #expect(context.pairs.count == 4 * 10)
        for pair in context.pairs {
            // A solver that has seen nothing else.
            let fresh = ConditionSolver(manifest: manifest).verdict(pair.first, pair.second)
            #expect(pair.verdict == fresh, "\(pair.first.viewClass.value) / \(pair.second.viewClass.value)")
        }
        for (index, reachability) in context.reachability {
            let registration = try #require(manifest.registrations.first { $0.index == index })
            // The earlier registrations the analysis asks about: overlapping, with no conflicting pin or bound.
            let solver = context.solver
            let earlier = manifest.registrations.filter {
                $0.index < index && solver.modelTypesOverlap($0, registration)
                    && !ConditionSolver.pinsConflict(solver.pinnedValues(of: $0), solver.pinnedValues(of: registration))
                    && !ConditionSolver.boundsConflict(solver.intBounds(of: $0), solver.intBounds(of: registration))
            }
            let fresh = ConditionSolver(manifest: manifest).coverage(of: registration, by: earlier)
            #expect(reachability.verdict == fresh, "\(registration.viewClass.value)")
        }
        // The later groups' witnesses name their own types.
        let live3 = try #require(context.pairs.first { $0.second.viewClass.value == "Popular3" })
        guard case .intersecting(let witness) = live3.verdict, case .object(let type, _) = witness.model else {
            Issue.record("expected an intersecting pair with an object witness, got \(live3.verdict)")
            return
        }
        #expect(type == "Video3")
    }

    @Test func renamedQuestionsShareOneCanonicalForm() throws {
        let manifest = try Self.manifest(groups: 2)
        let shared = SharedVerdicts()
        let registrations = manifest.registrations
        let first = try #require(shared.form(of: [registrations[0], registrations[1]], types: manifest.types))
        let second = try #require(shared.form(of: [registrations[5], registrations[6]], types: manifest.types))
        #expect(first.key == second.key)
        #expect(first.names == ["Video0", "Post0"])
        #expect(second.names == ["Video1", "Post1"])
        // The order of the registrations is part of the question.
        let swapped = try #require(shared.form(of: [registrations[6], registrations[5]], types: manifest.types))
        #expect(swapped.key != second.key)
    }

    /// Past `SharedVerdicts.directPositionLimit` distinct types a form finds positions through a
    /// dictionary: the positions are the same as when looked for directly.
    @Test func formsOfManyTypesKeepTheirPositions() throws {
        let manifest = try Self.manifest(groups: 20)
        let shared = SharedVerdicts()
        let registrations = manifest.registrations
        // `Popular<g>` (model Post<g>, which accepts Post<g> and Video<g>), ten groups, then group 0 again.
        let popular = { (groups: Range<Int>) in
            groups.map { registrations[5 * $0 + 1] } + [registrations[5 * groups.lowerBound + 1]]
        }
        let first = try #require(shared.form(of: popular(0..<10), types: manifest.types))
        let second = try #require(shared.form(of: popular(10..<20), types: manifest.types))
        #expect(first.names.count > SharedVerdicts.directPositionLimit)
        #expect(first.names == (0..<10).flatMap { ["Post\($0)", "Video\($0)"] })
        #expect(second.names == (10..<20).flatMap { ["Post\($0)", "Video\($0)"] })
        // Per registration: model type's position, optionality, count of accepted types, their positions.
        var layout: [Int] = []
        for group in 0..<10 { layout += [2 * group, 0, 2, 2 * group, 2 * group + 1] }
        layout += [0, 0, 2, 0, 1]
        #expect(first.key.layout == layout)
        #expect(first.key == second.key)
    }

    /// A shared witness is renamed in its nested objects and arrays; plain properties stay.
    @Test func renamedWitnessesRenameEveryNestedType() {
        let witness = Witness(
            model: .object(
                type: "Post0",
                properties: [
                    "likes": .int(3),
                    "reply": .object(type: "Video0", properties: ["title": .string("Post0")]),
                    "thread": .array([.object(type: "Post0", properties: [:]), .none]),
                    "author": .object(type: "Author", properties: [:]),
                ]),
            indexPath: ItemIndexPath(section: 1, item: 2), constrainedProperties: ["likes"])
        let renamed = SharedVerdicts.renamed(witness, from: ["Post0", "Video0"], to: ["Post7", "Video7"])
        #expect(
            renamed.model
                == .object(
                    type: "Post7",
                    properties: [
                        "likes": .int(3),
                        "reply": .object(type: "Video7", properties: ["title": .string("Post0")]),
                        "thread": .array([.object(type: "Post7", properties: [:]), .none]),
                        "author": .object(type: "Author", properties: [:]),
                    ]))
        #expect(renamed.indexPath == witness.indexPath)
        #expect(renamed.constrainedProperties == ["likes"])
        // Only plain properties: the same dictionary, the type renamed.
        let flat = Witness(
            model: .object(type: "Video0", properties: ["isLive": .bool(true)]),
            indexPath: ItemIndexPath(section: 0, item: 0))
        #expect(
            SharedVerdicts.renamed(flat, from: ["Post0", "Video0"], to: ["Post7", "Video7"]).model
                == .object(type: "Video7", properties: ["isLive": .bool(true)]))
        #expect(SharedVerdicts.renamed(flat, from: ["Video0"], to: ["Video0"]).model == flat.model)
    }

    @Test func typesThatDifferOrShowElsewhereAreNotRenamed() throws {
        let manifest = try Self.manifest(
            groups: 2,
            extra: """
                  Post8: {kind: class, properties: {likes: Int, state: State, author: Author?, title: String, extra: Int}}
                  Post9: {kind: class, properties: {likes: Int, state: State, author: Author?, title: String, extra: Int}}
                  Node: {kind: class, properties: {likes: Int}}
                  LinkA: {inherits: Node, properties: {next: Node?}}
                  LinkB: {inherits: Node, properties: {next: Node?}}
                  Single: {kind: class, properties: {likes: Int, only: Bool}}
                  Mood: {kind: enum, cases: [calm, busy]}

                """)
        let types = manifest.types
        let shared = SharedVerdicts()
        let plain = try #require(SolverFixture.compiled("model.likes > 10", model: "Post0", types: types))
        let other = try #require(SolverFixture.compiled("model.likes > 10", model: "Post9", types: types))
        // One more property: another signature, so another key.
        let formOf0 = try #require(shared.form(of: [plain], types: types))
        let formOf9 = try #require(shared.form(of: [other], types: types))
        #expect(formOf0.key != formOf9.key)
        // A condition that names a type it would rename.
        let naming = try #require(SolverFixture.compiled("model.title == \"Post0\"", model: "Post0", types: types))
        #expect(shared.form(of: [naming], types: types) == nil)
        // A type its own properties lead back to, a type no other reads alike, an enum model, an
        // opaque condition.
        let linked = try #require(SolverFixture.compiled("model.likes > 1", model: "LinkA", types: types))
        #expect(shared.form(of: [linked], types: types) == nil)
        let single = try #require(SolverFixture.compiled("model.only", model: "Single", types: types))
        #expect(shared.form(of: [single], types: types) == nil)
        let mood = try #require(SolverFixture.compiled("model == .calm", model: "Mood", types: types))
        #expect(shared.form(of: [mood], types: types) == nil)
        #expect(shared.form(of: [SolverFixture.opaque(model: "Post0")], types: types) == nil)
    }
}

extension SolverFixture {
    /// A registration with a custom condition compiled against `types`, nil when it does not compile.
    static func compiled(_ source: String, model: String, types: TypeTable) -> Registration? {
        let type = TypeRef(parsing: model) ?? .model(model)
        guard
            case .success(let condition) = CompiledCondition.compile(
                source, sourceMap: ConditionFixture.map(source), modelType: type, types: types)
        else { return nil }
        return registration(model, .custom(condition))
    }
}
