import Testing

@testable import MaplintManifest
@testable import MaplintResolver
@testable import MaplintRules

/// Resolution through the pinned-value index must equal evaluating every condition.
@Suite struct ResolverPinIndexTests {
    static func manifest(_ registrations: [String], items: [String]) throws -> Manifest {
        let text = """
            version: 1
            host: tableView
            models:
              Post: {properties: {id: Int, state: S, flag: Bool, likes: Int, nick: String?}}
              S: {kind: enum, cases: [a, b, c]}
            registrations:

            """ + registrations.map { "  - " + $0 + "\n" }.joined() + """
                sample:
                  sections:
                    - items:

                """ + items.map { "      - " + $0 + "\n" }.joined()
        let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml")
        return try #require(loaded.manifest, "\(loaded.diagnostics.map(\.message))")
    }

    /// Candidates and failures by evaluating every type-matching registration's condition.
    static func bruteForce(_ manifest: Manifest) -> [([Int], Int)] {
        let live = LiveRegistrations(manifest: manifest).live
        var result: [([Int], Int)] = []
        for (item, sample) in (manifest.sample?.sections.first?.items ?? []).enumerated() {
            var candidates: [Int] = []
            var failures = 0
            for registration in live {
                switch registration.condition {
                case .none: candidates.append(registration.index)
                case .section(let section): if section.value == 0 { candidates.append(registration.index) }
                case .custom(let condition):
                    switch condition.evaluate(model: sample.value, at: ItemIndexPath(section: 0, item: item)) {
                    case .value(true): candidates.append(registration.index)
                    case .value(false): break
                    case .failure: failures += 1
                    }
                case .opaque: break
                }
            }
            result.append((candidates, failures))
        }
        return result
    }

    static func check(_ manifest: Manifest) {
        let resolution = Resolver(manifest: manifest).resolve()
        let expected = bruteForce(manifest)
        #expect(resolution.items.count == expected.count)
        for (element, (candidates, failures)) in zip(resolution.items, expected) {
            #expect(element.candidates == candidates, "item \(element.item)")
            #expect(element.conditionFailures.count == failures, "item \(element.item)")
        }
    }

    @Test func pinnedPartitionsResolveLikeAFullScan() throws {
        var registrations = (0..<40).map {
            "{cell: C\($0), model: Post, condition: \"model.id == \($0) && model.flag\"}"
        }
        registrations += [
            "{cell: S, model: Post, condition: \"model.state == .b\"}",
            "{cell: N, model: Post, condition: \"model.nick == \\\"x\\\"\"}",
            "{cell: Any, model: Post, condition: \"model.id >= 38\"}",
        ]
        let items = (0..<45).map {
            "Post: {id: \($0 % 42), state: \(["a", "b", "c"][$0 % 3]), flag: \($0 % 5 != 0), likes: 1\($0 % 4 == 0 ? ", nick: x" : "")}"
        }
        Self.check(try Self.manifest(registrations, items: items))
    }

    @Test func arithmeticTurnsTheIndexOffSoTrapsStillShow() throws {
        var registrations = (0..<30).map { "{cell: C\($0), model: Post, condition: \"model.id == \($0)\"}" }
        registrations.append("{cell: T, model: Post, condition: \"model.likes + 1 > 0 && model.id == 99\"}")
        let items = [
            "Post: {id: 3, state: a, flag: true, likes: 9223372036854775807}",
            "Post: {id: 99, state: a, flag: true, likes: 1}",
        ]
        let manifest = try Self.manifest(registrations, items: items)
        Self.check(manifest)
        #expect(Resolver(manifest: manifest).resolve().items.first?.problemRules.contains("condition-error") == true)
    }

    @Test func anUnsetPropertyTurnsTheIndexOffForThatItem() throws {
        var registrations = (0..<30).map { "{cell: C\($0), model: Post, condition: \"model.id == \($0)\"}" }
        registrations.append("{cell: L, model: Post, condition: \"model.likes > 0 && model.id == 99\"}")
        let items = ["Post: {id: 3, state: a, flag: true}", "Post: {id: 4, state: a, flag: true, likes: 2}"]
        let manifest = try Self.manifest(registrations, items: items)
        Self.check(manifest)
        #expect(Resolver(manifest: manifest).resolve().items.first?.problemRules.contains("condition-error") == true)
    }

    @Test func intervalPartitionsResolveLikeAFullScan() throws {
        var registrations = (0..<40).map {
            "{cell: C\($0), model: Post, condition: \"model.likes >= \($0 * 10) && model.likes < \($0 * 10 + 10) && !model.flag\"}"
        }
        registrations.append("{cell: Any, model: Post, condition: \"model.likes > 395 || model.flag\"}")
        let items = (0..<45).map { "Post: {id: 1, state: a, flag: \($0 % 7 == 0), likes: \($0 * 9)}" }
        Self.check(try Self.manifest(registrations, items: items))
    }
}
