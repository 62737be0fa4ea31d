import Testing

@testable import MaplintAnalysis
@testable import MaplintManifest
@testable import MaplintOutput
@testable import MaplintReport
@testable import MaplintSolver

@Suite struct CollisionReportTests {
    @Test func witnessJSONHoldsOnlyTheConstrainedProperties() {
        let witness = Witness(
            model: .object(
                type: "Post",
                properties: [
                    "containsVideo": .bool(true), "title": .string("x"),
                    "author": .object(type: "Author", properties: ["isVerified": .bool(true), "name": .string("n")]),
                ]),
            indexPath: ItemIndexPath(section: 1, item: 2),
            constrainedProperties: ["containsVideo", "author.isVerified"])
        #expect(
            CollisionReportJSONFormatter.json(witness).rendered() == """
                {
                  "model": {
                    "type": "Post",
                    "properties": {
                      "containsVideo": true,
                      "author": {
                        "isVerified": true
                      }
                    }
                  },
                  "indexPath": {
                    "section": 1,
                    "item": 2
                  }
                }
                """)
    }

    @Test func builtinAndEnumWitnessesCarryTheirValue() {
        let int = CollisionReportJSONFormatter.json(
            Witness(model: .int(6), indexPath: ItemIndexPath(section: 0, item: 0)))
        #expect(
            int
                == .object([
                    ("model", .object([("type", .string("Int")), ("value", .int(6))])),
                    ("indexPath", .object([("section", .int(0)), ("item", .int(0))])),
                ]))
        let state = CollisionReportJSONFormatter.json(
            Witness(model: .enumCase(type: "PostState", name: "draft"), indexPath: ItemIndexPath(section: 0, item: 0)))
        #expect(state.rendered().contains("\"type\": \"PostState\",\n    \"value\": \"draft\""))
    }

    /// JSON has no NaN or infinities; witnesses name them as strings instead of printing null.
    @Test(arguments: [(Double.nan, "nan"), (Double.infinity, "infinity"), (-Double.infinity, "-infinity")])
    func nonFiniteWitnessValuesHaveAJSONForm(value: Double, expected: String) {
        let witness = CollisionReportJSONFormatter.json(
            Witness(model: .double(value), indexPath: ItemIndexPath(section: 0, item: 0)))
        #expect(
            witness
                == .object([
                    ("model", .object([("type", .string("Double")), ("value", .string(expected))])),
                    ("indexPath", .object([("section", .int(0)), ("item", .int(0))])),
                ]))
    }

    func report(verdict: PairVerdict) throws -> CollisionReport {
        let manifest = try decodeManifest(
            """
            version: 1
            host: tableView
            models:
              Post: {properties: {title: String, containsVideo: Bool}}
            registrations:
              - cell: PostCell
                model: Post
                condition: "model.containsVideo || model.title == \\"<b>\\""
              - cell: VideoPostCell
                model: Post
                condition: "model.containsVideo"
              - header: PostHeader
                model: String
            """)
        let registrations = manifest.registrations
        let context = AnalysisContext(
            manifest: manifest, solver: ConditionSolver(manifest: manifest),
            pairs: [RegistrationPair(first: registrations[0], second: registrations[1], verdict: verdict)],
            reachability: [:])
        return CollisionReport(context: context)
    }

    @Test func pairsCarryVerdictAndViewType() throws {
        let json = CollisionReportJSONFormatter().format(try report(verdict: .disjoint))
        #expect(
            json.contains(
                "\"first\": 0,\n      \"second\": 1,\n      \"viewType\": \"cell\",\n      \"verdict\": \"disjoint\"\n")
        )
        #expect(!json.contains("omittedDisjointPairs"))
    }

    @Test func markdownEscapesPipesAndShowsTheWinner() throws {
        let witness = Witness(
            model: .object(type: "Post", properties: ["containsVideo": .bool(true)]),
            indexPath: ItemIndexPath(section: 0, item: 0), constrainedProperties: ["containsVideo"])
        let markdown = CollisionReportMarkdownFormatter().format(try report(verdict: .intersecting(witness)))
        #expect(markdown.contains("`model.containsVideo \\|\\| model.title == \"<b>\"`"))
        #expect(
            markdown.contains(
                "| #0 PostCell | #1 VideoPostCell | cell | intersecting | a Post with containsVideo == true in any section | #0 PostCell wins (registered first)"
            ))
        #expect(markdown.contains("| #0 PostCell | — | ∩ |"))
    }

    @Test func htmlEscapesText() throws {
        let html = CollisionReportHTMLFormatter().format(try report(verdict: .unknown(reason: "a <reason> & more")))
        #expect(html.contains("model.title == &quot;&lt;b&gt;&quot;"))
        #expect(html.contains("undecided: a &lt;reason&gt; &amp; more"))
        #expect(!html.contains("<b>"))
    }
}
