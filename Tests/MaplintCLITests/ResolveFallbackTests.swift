import Foundation
import Testing

/// `resolve` and `lint` judge an item several registrations match alike: `ambiguous-item` in
/// `resolve` exactly where `lint` reports one, `"fallback": true` (and no problem) where every
/// later candidate is a fallback of the first (ConditionSolver.isFallback: specific first,
/// general last), which `ambiguous-item` leaves alone.
@Suite struct ResolveFallbackTests {
    @Test(arguments: validFixtures())
    func resolveAndLintAgreeOnAmbiguousItems(fixture: String) throws {
        let resolved = try runMaplint(["resolve", fixture, "--format", "json"])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(resolved.stdout.utf8)) as? [String: Any])
        let items = try #require(document["items"] as? [[String: Any]])
        var ambiguous: [String] = []
        for item in items {
            let problems = item["problems"] as? [String] ?? []
            let candidates = item["candidates"] as? [Int] ?? []
            let place = "\(item["section"] ?? "") \(item["item"] ?? "") \(item["element"] ?? "")"
            if item["fallback"] as? Bool == true {
                #expect(candidates.count > 1, "\(place)")
                #expect(!problems.contains("ambiguous-item"), "\(place)")
                #expect(item["resolved"] as? Int == candidates.first, "\(place)")
            }
            if problems.contains("ambiguous-item") { ambiguous.append(place) }
        }
        let linted = try runMaplint(["lint", fixture, "--format", "json"])
        let findings = try #require(
            (try JSONSerialization.jsonObject(with: Data(linted.stdout.utf8)) as? [String: Any])?["diagnostics"]
                as? [[String: Any]])
        #expect(ambiguous.count == findings.count { $0["rule"] as? String == "ambiguous-item" }, "\(fixture)")
    }

    /// Fixtures/feed.maplint.yml registers LiveVideoCell and VideoPostCell for video posts before
    /// the general VideoPost registration: their items get the specific cell, as intended.
    @Test func theFeedsVideoItemsAreFallbacks() throws {
        let output = try runMaplint(["resolve", "Fixtures/feed.maplint.yml"])
        #expect(
            output.stdout.contains(
                "   1        1     cell     VideoPost    LiveVideoCell         LiveVideoCell         fallback (entry 6 first, then 9)\n"
            ))
        #expect(output.stdout.hasSuffix("16 elements: 15 resolved, 0 unresolved, 1 nil; 1 with problems\n"))
    }
}
