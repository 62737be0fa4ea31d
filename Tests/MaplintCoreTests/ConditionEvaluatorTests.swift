import Testing

@testable import MaplintFindings
@testable import MaplintManifest

private typealias F = ConditionFixture

@Suite struct ConditionEvaluatorTests {
    @Test func evaluatesIndexPathConditions() {
        #expect(F.evaluate("indexPath.section == 1 && !model.containsVideo", section: 1) == .value(true))
        #expect(F.evaluate("indexPath.section == 1 && !model.containsVideo", section: 0) == .value(false))
        #expect(F.evaluate("indexPath.row == 4 && indexPath.item == 4", item: 4) == .value(true))
        #expect(F.evaluate("2 * indexPath.item <= 7", item: 3) == .value(true))
        #expect(F.evaluate("2 * indexPath.item <= 7", item: 4) == .value(false))
    }

    @Test func arithmeticFollowsSwift() {
        #expect(F.evaluate("model.likes == -7 % 3 + 4", model: F.post(["likes": .int(3)])) == .value(true))
        #expect(F.evaluate("model.likes % 3 == -1", model: F.post(["likes": .int(-7)])) == .value(true))
        #expect(F.evaluate("model.likes % -3 == 1", model: F.post(["likes": .int(7)])) == .value(true))
        #expect(F.evaluate("model.likes / 2 == -3", model: F.post(["likes": .int(-7)])) == .value(true))
        #expect(F.evaluate("model.rating / 2 == 2.25") == .value(true))
        #expect(F.evaluate("model.rating > 1 / 2") == .value(true))
        // 1 / 2 is Double here, as Swift infers from the other side.
        #expect(F.evaluate("model.rating == 9 * (1 / 2)", model: F.post(["rating": .double(4.5)])) == .value(true))
        #expect(F.evaluate("model.title + \"!\" == \"Hello!\"") == .value(true))
    }

    @Test func overflowIsAFailureAtTheOperator() {
        let max = F.post(["likes": .int(Int.max)])
        #expect(
            F.failure("model.likes + 1 > 0", model: max)?.message
                == "9223372036854775807 + 1 overflows Int; the app would crash here")
        #expect(F.failure("model.likes + 1 > 0", model: max)?.column == 13)
        #expect(F.failure("model.likes * 2 > 0", model: max)?.column == 13)
        #expect(F.failure("-model.likes - 2 > 0", model: max)?.column == 14)
        let min = F.post(["likes": .int(Int.min)])
        #expect(
            F.failure("-model.likes > 0", model: min)?.message
                == "-(-9223372036854775808) overflows Int; the app would crash here")
        #expect(F.failure("-model.likes > 0", model: min)?.column == 1)
        #expect(
            F.failure("model.likes / -1 > 0", model: min)?.message
                == "-9223372036854775808 / -1 overflows Int; the app would crash here")
        #expect(F.failure("model.likes % -1 == 0", model: min)?.column == 13)
        #expect(F.evaluate("model.likes % 1 == 0", model: min) == .value(true))
        #expect(F.failure("9223372036854775807 + 1 > 0")?.column == 21)
    }

    @Test func divisionByZeroIsAFailure() {
        let zero = F.post(["likes": .int(0)])
        #expect(
            F.failure("10 / model.likes > 1", model: zero)?.message
                == "division by zero in 10 / 0; the app would crash here")
        #expect(F.failure("10 / model.likes > 1", model: zero)?.column == 4)
        #expect(F.failure("10 % model.likes > 1", model: zero)?.column == 4)
        #expect(F.failure("indexPath.item % indexPath.section == 0")?.column == 16)
    }

    @Test func doublesFollowIEEE() {
        let zero = F.post(["rating": .double(0)])
        #expect(F.evaluate("1 / model.rating > 1000000", model: zero) == .value(true))
        #expect(F.evaluate("model.rating / model.rating == model.rating / model.rating", model: zero) == .value(false))
        #expect(F.evaluate("model.rating / model.rating != model.rating / model.rating", model: zero) == .value(true))
        #expect(F.evaluate("-1 / model.rating < 0", model: zero) == .value(true))
    }

    @Test func isMultipleOfFollowsSwift() {
        #expect(F.evaluate("model.likes.isMultiple(of: 0)", model: F.post(["likes": .int(0)])) == .value(true))
        #expect(F.evaluate("model.likes.isMultiple(of: 0)", model: F.post(["likes": .int(3)])) == .value(false))
        #expect(F.evaluate("model.likes.isMultiple(of: -1)", model: F.post(["likes": .int(Int.min)])) == .value(true))
        #expect(F.evaluate("model.likes.isMultiple(of: 3)", model: F.post(["likes": .int(-9)])) == .value(true))
        #expect(F.evaluate("model.likes.isOdd", model: F.post(["likes": .int(-3)])) == .value(true))
        #expect(F.evaluate("model.likes.isEven", model: F.post(["likes": .int(Int.min)])) == .value(true))
    }

    @Test func stringMembers() {
        let post = F.post(["title": .string("Café Ü")])
        #expect(F.evaluate("model.title.count == 6", model: post) == .value(true))
        #expect(F.evaluate("model.title.lowercased() == \"café ü\"", model: post) == .value(true))
        #expect(
            F.evaluate("model.title.hasPrefix(\"Caf\") && model.title.hasSuffix(\"Ü\")", model: post) == .value(true))
        #expect(F.evaluate("model.title.contains(\"é \")", model: post) == .value(true))
        #expect(F.evaluate("model.title.contains(\"\")", model: post) == .value(false))
        #expect(F.evaluate("model.title.isEmpty", model: F.post(["title": .string("")])) == .value(true))
        #expect(F.evaluate("model.title < \"Z\" && \"a\" > model.title", model: post) == .value(true))
        // Canonically equivalent strings are equal, as in Swift.
        #expect(F.evaluate("model.title == \"Cafe\\u{301} Ü\"", model: post) == .value(true))
    }

    @Test func optionalsAndNilCoalescing() {
        let none = F.post()
        let some = F.post([
            "score": .int(5),
            "author": .object(type: "Author", properties: ["name": .string("Ann"), "isVerified": .bool(true)]),
        ])
        #expect(F.evaluate("model.score == nil", model: none) == .value(true))
        #expect(F.evaluate("model.score == nil", model: some) == .value(false))
        #expect(F.evaluate("model.score == 5", model: some) == .value(true))
        #expect(F.evaluate("model.score != 5", model: none) == .value(true))
        #expect(F.evaluate("model.score ?? 1 > 2", model: none) == .value(false))
        #expect(F.evaluate("model.score ?? 1 > 2", model: some) == .value(true))
        #expect(F.evaluate("model.author?.name == \"Ann\"", model: some) == .value(true))
        #expect(F.evaluate("model.author?.name == nil", model: none) == .value(true))
        #expect(F.evaluate("model.author?.name.count == 3", model: some) == .value(true))
        #expect(F.evaluate("model.author?.name.isEmpty == nil", model: none) == .value(true))
        #expect(F.evaluate("model.author?.address?.city == nil", model: some) == .value(true))
        #expect(F.evaluate("model.author?.age ?? model.score ?? 0 == 5", model: some) == .value(true))
        #expect(F.evaluate("model.score == nil", model: F.post(["score": .none])) == .value(true))
        #expect(F.evaluate("model.weight ?? 1 > 0.5", model: none) == .value(true))
        #expect(F.evaluate("model.weight == 2", model: F.post(["weight": .int(2)])) == .value(true))
        #expect(F.evaluate("[1, 5].contains(model.score)", model: some) == .value(true))
        #expect(F.evaluate("[1, 5].contains(model.score)", model: none) == .value(false))
        #expect(F.evaluate("model.author != nil && model.author?.isVerified == true", model: some) == .value(true))
    }

    @Test func enums() {
        let draft = F.post(["state": .enumCase(type: "PostState", name: "draft")])
        #expect(F.evaluate("model.state == .draft", model: draft) == .value(true))
        #expect(F.evaluate("model.state != .draft", model: draft) == .value(false))
        #expect(F.evaluate("[.draft, .archived].contains(model.state)", model: draft) == .value(true))
        #expect(F.evaluate("[.published, .archived].contains(model.state)", model: draft) == .value(false))
        #expect(F.evaluate("model.previousState == .draft", model: draft) == .value(false))
        #expect(F.evaluate("model.previousState != .draft", model: draft) == .value(true))
    }

    @Test func nestedProperties() {
        #expect(F.evaluate("model.editor.name == \"Ed\" && model.editor.isVerified") == .value(true))
        let missing = F.post(["editor": .object(type: "Author", properties: ["isVerified": .bool(true)])])
        #expect(
            F.failure("model.editor.name == \"Ed\"", model: missing)?.message
                == "the sample model has no value for 'editor.name'")
        #expect(F.failure("model.editor.name == \"Ed\"", model: missing)?.column == 14)
    }

    @Test func readingAnUnsetPropertyIsAFailure() {
        let post = Value.object(type: "Post", properties: ["containsVideo": .bool(true)])
        let failure = F.failure("model.containsVideo && model.likes > 2", model: post)
        #expect(failure?.message == "the sample model has no value for 'likes'")
        #expect(failure?.column == 30)
        // Optional properties that are not listed are nil.
        #expect(F.evaluate("model.author == nil", model: post) == .value(true))
    }

    @Test func wrongSampleValuesAreFailuresNotCrashes() {
        #expect(
            F.failure("model.likes > 2", model: F.post(["likes": .string("x")]))?.message
                == "the sample value of 'likes' is \"x\", which is not a 'Int'")
        #expect(
            F.failure("model.likes > 2", model: F.post(["likes": .none]))?.message
                == "the sample value of 'likes' is nil, but its type 'Int' is not optional")
        #expect(F.failure("model > 2", model: .string("x"), type: .builtin(.int)) != nil)
        #expect(F.failure("model.likes > 2", model: .int(3)) != nil)
    }

    @Test func wrongNestedSampleValuesNameTheirDottedPath() {
        let editor = Value.object(type: "Author", properties: ["name": .int(4), "isVerified": .bool(true)])
        let post = F.post(["editor": editor])
        let failure = F.failure("model.likes > 2 && model.editor.name == \"Ed\"", model: post)
        #expect(failure?.message == "the sample value of 'editor.name' is 4, which is not a 'String'")
        #expect(failure?.column == 33)
        let unnamed = F.post(["editor": .object(type: "Author", properties: ["name": .none])])
        #expect(
            F.failure("model.editor.name == \"Ed\"", model: unnamed)?.message
                == "the sample value of 'editor.name' is nil, but its type 'String' is not optional")
        // The failure points into the manifest: the condition starts at line 7, column 17.
        let outcome = F.evaluate("model.editor.name == \"Ed\"", model: post)
        #expect(
            outcome
                == .failure(
                    ConditionFailure(
                        message: "the sample value of 'editor.name' is 4, which is not a 'String'",
                        location: SourceLocation(file: F.file, line: 7, column: 17 + 13))))
    }

    @Test func logicalOperatorsShortCircuit() {
        let unset = Value.object(type: "Post", properties: ["containsVideo": .bool(false)])
        #expect(F.evaluate("model.containsVideo && model.likes > 2", model: unset) == .value(false))
        #expect(F.evaluate("!model.containsVideo || model.likes > 2", model: unset) == .value(true))
        #expect(F.evaluate("indexPath.section != 0 && 10 / indexPath.section > 1") == .value(false))
        #expect(F.evaluate("indexPath.section == 0 || 10 / indexPath.section > 1") == .value(true))
        #expect(F.failure("indexPath.section == 0 && 10 / indexPath.section > 1")?.column == 30)
        // The default of `??` is only evaluated when needed.
        #expect(
            F.evaluate("model.score ?? 1 / indexPath.section > 0", model: F.post(["score": .int(1)])) == .value(true))
    }

    @Test func programHoldsEachNodeOnceChildrenFirst() throws {
        let condition = try #require(
            F.compiled("model.likes % 3 == 0 && (model.title.hasPrefix(\"a\") || !model.containsVideo)"))
        let program = condition.program
        // and, ==, %, model.likes, 3, 0, ||, hasPrefix, model.title, "a", !, model.containsVideo
        #expect(program.instructions.count == 12)
        guard case .and(let conjuncts) = program.instructions[program.root].operation else {
            Issue.record("the root is not the '&&'")
            return
        }
        #expect(conjuncts.count == 2)
        #expect(program.literals == [.int(3), .int(0), .string("a")])
        #expect(program.paths.map(\.propertyPath) == ["likes", "title", "containsVideo"])
        // The operands of `&&` and `||` and the argument of `hasPrefix`.
        #expect(program.operands.count == 5)
        for (position, instruction) in program.instructions.enumerated() {
            let operands: [Int]
            switch instruction.operation {
            case .literal, .path: operands = []
            case .not(let operand), .negate(let operand): operands = [operand]
            case .arrayLiteral(let range), .and(let range), .or(let range): operands = Array(program.operands[range])
            case .arithmetic(_, let lhs, let rhs), .comparison(_, let lhs, let rhs), .nilCoalescing(let lhs, let rhs):
                operands = [lhs, rhs]
            case .call(_, let receiver, let arguments, _): operands = [receiver] + program.operands[arguments]
            case .containsLiteral(let element, _): operands = [element]
            }
            #expect(operands.allSatisfy { $0 < position })
        }
        let post = F.post(["likes": .int(6), "title": .string("b"), "containsVideo": .bool(false)])
        #expect(condition.evaluate(model: post, at: ItemIndexPath(section: 0, item: 0)) == .value(true))
    }

    @Test func literalListsAreComparedWithoutBuildingThem() throws {
        let condition = try #require(F.compiled("[.draft, .archived].contains(model.previousState)"))
        #expect(condition.program.instructions.count == 2)
        #expect(
            condition.program.literals == [
                .enumCase(type: "PostState", name: "draft"), .enumCase(type: "PostState", name: "archived"),
            ])
        let at = ItemIndexPath(section: 0, item: 0)
        let archived = F.post(["previousState": .enumCase(type: "PostState", name: "archived")])
        #expect(condition.evaluate(model: archived, at: at) == .value(true))
        #expect(condition.evaluate(model: F.post(), at: at) == .value(false))
        // A list with an element that is not a literal is built, each element evaluated in order.
        #expect(F.evaluate("[model.likes, 10 / indexPath.item].contains(3)", item: 5) == .value(true))
        #expect(F.failure("[model.likes, 10 / indexPath.item].contains(3)")?.column == 18)
    }

    @Test func evaluatesSubexpressions() throws {
        let condition = try #require(F.compiled("model.likes + 1 > 3"))
        let (lhs, _) = try #require(condition.expression.comparisonOperands)
        #expect(condition.value(of: lhs, model: F.post(), at: ItemIndexPath(section: 0, item: 0)) == .success(.int(4)))
    }
}
