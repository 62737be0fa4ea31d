import Testing

@testable import MaplintLint
@testable import MaplintManifest

private typealias F = ConditionFixture

/// A mapping for `Post?` passes its condition a `Post?`: DTModelStorage's `modelCondition(_:)` is
/// `(IndexPath, Model) -> Bool` with `Model` the mapping's model type, and its closure is called
/// after `guard let model = model as? Model` (ViewModelMapping.swift, `modelCondition(_:)`, 11.0.2;
/// ModelTransfer.swift, `modelCondition(_:)`, 7.4.1 and 8.0.0). swiftc (5.10 and 6) then accepts
/// `(model?.likes ?? 0) > 3` and rejects `model.likes > 3` with "value of optional type 'Post?' must
/// be unwrapped to refer to member 'likes' of wrapped base type 'Post'".
@Suite struct OptionalModelConditionTests {
    private let optionalPost = TypeRef.optional(.model("Post"))

    @Test func theModelIsOptionalAndIsReadThroughOptionalChaining() throws {
        let compiled = try #require(F.compiled("(model?.likes ?? 0) > 3", model: optionalPost))
        #expect(compiled.rootType == .optional(.model("Post")))
        #expect(compiled.expression.type == .bool)
        #expect(
            F.evaluate("(model?.likes ?? 0) > 3", model: F.post(["likes": .int(5)]), type: optionalPost)
                == .value(true))
        #expect(
            F.evaluate("(model?.likes ?? 0) > 3", model: F.post(["likes": .int(1)]), type: optionalPost)
                == .value(false))
        #expect(F.evaluate("model != nil", type: optionalPost) == .value(true))
        #expect(F.evaluate("model?.title == \"Hello\"", type: optionalPost) == .value(true))
    }

    @Test func readingAMemberWithoutOptionalChainingIsRejectedAsSwiftcDoes() throws {
        let error = try #require(F.error("model.likes > 3", model: optionalPost))
        #expect(error.message == "'model' is optional ('Post?'); use '?.likes' to reach into it")
        #expect(error.column == 7)
        // `model?.likes` is an `Int?`: swiftc refuses to compare it with `>` without a default.
        let compared = try #require(F.error("model?.likes > 3", model: optionalPost))
        #expect(
            compared.message
                == "'model?.likes' is optional ('Int?'), so '>' cannot compare it; give it a default first, as in 'model?.likes ?? …'"
        )
    }

    @Test func anOptionalBuiltinModelNeedsADefault() throws {
        let int = TypeRef.optional(.builtin(.int))
        #expect(F.evaluate("(model ?? 0) > 5", model: .int(7), type: int) == .value(true))
        let error = try #require(F.error("model > 5", model: int))
        #expect(
            error.message
                == "'model' is optional ('Int?'), so '>' cannot compare it; give it a default first, as in 'model ?? …'"
        )
    }

    @Test func aNonOptionalModelStillRejectsOptionalChaining() throws {
        let error = try #require(F.error("model?.likes ?? 0 > 3"))
        #expect(error.message == "'model' is not optional (its type is 'Post'); use '.likes' instead of '?.likes'")
    }

    /// The whole manifest: the condition compiles, resolves the sample, and nothing is invalid.
    @Test func aManifestWithAnOptionalModelConditionLints() throws {
        let findings = Linter.lint(
            bytes: Array(
                """
                version: 1
                host: tableView
                models:
                  Post:
                    kind: class
                    properties:
                      likes: Int
                registrations:
                  - cell: PopularPostCell
                    model: Post?
                    condition: "(model?.likes ?? 0) > 3"
                  - cell: PostCell
                    model: Post?
                    condition: "(model?.likes ?? 0) <= 3"
                sample:
                  sections:
                    - items:
                        - Post: { likes: 5 }
                        - Post: { likes: 1 }

                """.utf8), file: "feed.maplint.yml")
        #expect(findings.map { "\($0.rule) \($0.message)" } == [])
        let old = Linter.lint(
            bytes: Array(
                """
                version: 1
                host: tableView
                models:
                  Post:
                    kind: class
                    properties:
                      likes: Int
                registrations:
                  - cell: PostCell
                    model: Post?
                    condition: "model.likes > 3"

                """.utf8), file: "feed.maplint.yml")
        #expect(
            old.map { "\($0.location) \($0.rule) \($0.message)" } == [
                "feed.maplint.yml:11:23 invalid-manifest 'model' is optional ('Post?'); use '?.likes' to reach into it"
            ])
    }
}
