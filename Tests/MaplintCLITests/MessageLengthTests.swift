import Foundation
import Testing

/// Finding messages are sized for Xcode's issue navigator and for CI annotations, which show the
/// message and drop the related notes: the first clause names the places and the consequence, and
/// why and how to fix it follow as related notes.
@Suite struct MessageLengthTests {
    /// The longest a median first clause may be, in characters.
    static let limit = 120

    /// A message's first clause: up to its first ". " or ";" (whichever comes first), or all of it.
    static func firstClause(_ message: String) -> Substring {
        var end = message.endIndex
        if let period = message.range(of: ". ") { end = min(end, period.lowerBound) }
        if let semicolon = message.firstIndex(of: ";") { end = min(end, semicolon) }
        return message[..<end]
    }

    /// The median of the lengths (the mean of the two middle ones for an even count).
    static func median(_ lengths: [Int]) -> Double {
        let sorted = lengths.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? Double(sorted[middle]) : Double(sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Every run over the fixtures: each manifest under Fixtures/ (those with Interface Builder
    /// resources with them), the Swift app, and each app repository of Fixtures/apps.
    static func runs() throws -> [[String]] {
        let fixtures = packageRoot.appendingPathComponent("Fixtures")
        var runs: [[String]] = []
        let files = FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil)
        var manifests: [String] = []
        while let url = files?.nextObject() as? URL {
            let path = String(url.path.dropFirst(packageRoot.path.count + 1))
            guard path.hasSuffix(".maplint.yml") || path.hasSuffix(".maplint.json"), !path.hasPrefix("Fixtures/apps/")
            else { continue }
            manifests.append(path)
        }
        for manifest in manifests.sorted() {
            let folder = (manifest as NSString).deletingLastPathComponent
            if folder.hasPrefix("Fixtures/ib/") {
                runs.append(["lint", manifest, "--resources", folder + "/Resources", "--format", "json"])
            } else {
                runs.append(["lint", manifest, "--format", "json"])
            }
        }
        runs.append(["lint", "--swift", "Fixtures/swift/FeedApp", "--format", "json"])
        let apps = try FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent("apps").path)
        for app in apps.sorted() where !app.hasPrefix(".") {
            runs.append(["lint", "Fixtures/apps/" + app, "--format", "json"])
        }
        return runs
    }

    @Test func theMedianFirstClauseOfTheFixturesFindingsFitsXcode() throws {
        var messages: [String] = []
        for arguments in try Self.runs() {
            let output = try runMaplint(arguments)
            let json = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
            let diagnostics = try #require(json?["diagnostics"] as? [[String: Any]], "\(arguments): \(output.stderr)")
            messages += diagnostics.compactMap { $0["message"] as? String }
        }
        let lengths = messages.map { Self.firstClause($0).count }
        // Enough findings for a median to mean something: the fixtures have dozens.
        #expect(lengths.count >= 40, "\(lengths.count) findings")
        let median = Self.median(lengths)
        let longest = zip(lengths, messages).sorted { $0.0 > $1.0 }.prefix(5).map { "\($0.0): \($0.1)" }
        #expect(
            median <= Double(Self.limit),
            "median first clause \(median) characters over \(lengths.count) findings; longest:\n\(longest.joined(separator: "\n"))"
        )
    }

    @Test func theFirstClauseEndsAtAPeriodOrASemicolon() {
        #expect(Self.firstClause("a b; c. d") == "a b")
        #expect(Self.firstClause("a b. c; d") == "a b")
        #expect(Self.firstClause("version 1.2 is old") == "version 1.2 is old")
        #expect(Self.median([3, 1, 2]) == 2 && Self.median([4, 1, 2, 3]) == 2.5)
    }
}
