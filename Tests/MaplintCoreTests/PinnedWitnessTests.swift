import Testing

@testable import MaplintAnalysis
@testable import MaplintManifest
@testable import MaplintSolver

/// A registration whose condition pins what it reads is shown reachable by an item made from
/// those values, without a search; the verdict must be the search's wherever it matters.
@Suite struct PinnedWitnessTests {
    static func manifest(_ registrations: String) throws -> Manifest {
        let text = """
            version: 1
            host: tableView
            models:
              Post: {kind: struct, properties: {id: Int, likes: Int}}
              Item: {kind: struct, properties: {n: Int, likes: Int}}
              Row: {kind: struct, properties: {title: String}}
            registrations:
            \(registrations)
            """
        return try #require(ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml").manifest)
    }

    /// Every registration of the partition, against the earlier ones the analysis asks about.
    static func earlier(_ registration: Registration, in manifest: Manifest, solver: ConditionSolver) -> [Registration]
    {
        manifest.registrations.filter {
            $0.index < registration.index && solver.modelTypesOverlap($0, registration)
                && !ConditionSolver.pinsConflict(solver.pinnedValues(of: $0), solver.pinnedValues(of: registration))
                && !ConditionSolver.boundsConflict(solver.intBounds(of: $0), solver.intBounds(of: registration))
        }
    }

    @Test func partitionsByConstantsAreReachableWithTheirOwnValues() throws {
        let lines =
            (0..<40).map { "  - {cell: Id\($0)Cell, model: Post, condition: \"model.id == \($0)\"}" }
            + (0..<10).map {
                "  - {cell: N\($0)Cell, model: Item, condition: \"model.n % 10 == \($0) && model.likes >= 5\"}"
            }
            + (0..<5).map { "  - {cell: S\($0)Cell, model: Row, section: \($0)}" }
        let manifest = try Self.manifest(lines.joined(separator: "\n"))
        let solver = ConditionSolver(manifest: manifest)
        for registration in manifest.registrations {
            let earlier = Self.earlier(registration, in: manifest, solver: solver)
            let witness = try #require(solver.pinnedWitness(of: registration, against: earlier))
            // The search agrees that it can be chosen.
            guard case .reachable = ConditionSolver(manifest: manifest).coverage(of: registration, by: earlier) else {
                Issue.record("\(registration.viewClass.value): the search does not find it reachable")
                continue
            }
            let name = registration.viewClass.value
            if name.hasPrefix("Id") {
                #expect(witness.value(atPath: "id") == .int(Int(name.dropFirst(2).dropLast(4)) ?? -1))
            } else if name.hasPrefix("N") {
                #expect(witness.value(atPath: "n") == .int(Int(name.dropFirst(1).dropLast(4)) ?? -1))
                #expect(witness.value(atPath: "likes") == .int(5))
            } else {
                #expect(witness.indexPath.section == Int(name.dropFirst(1).dropLast(4)))
            }
        }
        let context = AnalysisContext(manifest: manifest)
        #expect(context.reachability.values.allSatisfy { !$0.isUnreachable })
    }

    /// An item that leaves a property some condition reads unset proves nothing: the search decides.
    @Test func aPropertyReadButNotPinnedLeavesItToTheSearch() throws {
        let manifest = try Self.manifest(
            """
              - {cell: AnyCell, model: Post, condition: "model.likes >= 0 || model.likes < 0"}
              - {cell: SevenCell, model: Post, condition: "model.id == 7"}
            """)
        let solver = ConditionSolver(manifest: manifest)
        let registrations = manifest.registrations
        #expect(solver.pinnedWitness(of: registrations[1], against: [registrations[0]]) == nil)
        #expect(solver.coverage(of: registrations[1], by: [registrations[0]]) == .covered)
        #expect(AnalysisContext(manifest: manifest).isUnreachable(1))
    }

    @Test func anEarlierRegistrationMatchingThePinnedItemLeavesItToTheSearch() throws {
        let manifest = try Self.manifest(
            """
              - {cell: SmallCell, model: Post, condition: "model.likes < 100"}
              - {cell: TenCell, model: Post, condition: "model.likes >= 10 && model.likes < 20"}
              - {cell: BigCell, model: Post, condition: "model.likes >= 50"}
            """)
        let solver = ConditionSolver(manifest: manifest)
        let registrations = manifest.registrations
        // likes = 10 is matched by SmallCell first; TenCell is covered, which only the search proves.
        #expect(solver.pinnedWitness(of: registrations[1], against: [registrations[0]]) == nil)
        // likes = 50 is matched by SmallCell too; 100 and more is BigCell's, which the search finds.
        #expect(solver.pinnedWitness(of: registrations[2], against: [registrations[0]]) == nil)
        let context = AnalysisContext(manifest: manifest)
        #expect(context.isUnreachable(1))
        #expect(!context.isUnreachable(2))
    }
}
