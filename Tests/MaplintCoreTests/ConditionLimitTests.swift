import Testing

@testable import MaplintManifest

private typealias F = ConditionFixture

@Suite struct ConditionLimitTests {
    @Test func hundredThousandParenthesesGiveACleanError() {
        let source = String(repeating: "(", count: 100_000) + "true" + String(repeating: ")", count: 100_000)
        let error = F.error(source)
        #expect(error?.message == "the condition is too long (200004 characters; the limit is 10000)")
        #expect(error?.column == 1)
    }

    @Test func deepParenthesesWithinTheLengthLimitGiveADepthError() {
        let source = String(repeating: "(", count: 4_000) + "true" + String(repeating: ")", count: 4_000)
        let error = F.error(source)
        #expect(error?.message.contains("nests too deeply") == true)
        #expect(error?.column == ConditionLimits.maxDepth + 1)
    }

    @Test func unclosedParenthesesAndPrefixOperatorsAreBounded() {
        #expect(F.error(String(repeating: "(", count: 9_000))?.message.contains("nests too deeply") == true)
        #expect(F.error(String(repeating: "!", count: 9_000) + "true")?.message.contains("nests too deeply") == true)
        #expect(F.error(String(repeating: "-", count: 9_000) + "1 > 0")?.message.contains("nests too deeply") == true)
        #expect(F.error(String(repeating: "[", count: 9_000))?.message.contains("nests too deeply") == true)
        #expect(
            F.error("model.title.hasPrefix(" + String(repeating: "model.title.hasPrefix(", count: 400))?.message
                .contains("nests too deeply") == true)
    }

    @Test func nestingJustUnderTheLimitWorks() {
        let depth = ConditionLimits.maxDepth - 1
        let source = String(repeating: "(", count: depth) + "true" + String(repeating: ")", count: depth)
        #expect(F.evaluate(source) == .value(true))
        #expect(F.evaluate(String(repeating: "!", count: 100) + "true") == .value(true))
    }

    @Test func longLeftDeepChainsCountAsNesting() {
        let plus = "indexPath.item" + String(repeating: " + 1", count: 1_000) + " > 0"
        let error = F.error(plus)
        #expect(error?.message.contains("nests too deeply") == true)
        // `indexPath.item` is two levels, so the error is at the (maxDepth - 1)th `+`.
        #expect(error?.column == "indexPath.item".count + 4 * (ConditionLimits.maxDepth - 2) + 2)
        let coalesce = String(repeating: "model.score ?? ", count: 500) + "0 > 1"
        #expect(F.error(coalesce)?.message.contains("nests too deeply") == true)
        let members = "model" + String(repeating: ".editor", count: 200) + ".name == \"\""
        #expect(F.error(members)?.message.contains("nests too deeply") == true)
        let shorter = "indexPath.item" + String(repeating: " + 1", count: 100) + " == 100"
        #expect(F.evaluate(shorter) == .value(true))
    }

    @Test func longLogicalChainsAreFlatAndFast() throws {
        let terms = 1_100
        let source = Array(repeating: "indexPath.item != 3", count: terms).joined(separator: " && ")
        #expect(source.count > 10_000)
        #expect(F.error(source)?.message.contains("too long") == true)

        let fitting = Array(repeating: "!false", count: 900).joined(separator: " && ")
        let condition = try #require(F.compiled(fitting))
        guard case .and(let operands) = condition.expression.kind else {
            Issue.record("not flattened")
            return
        }
        #expect(operands.count == 900)
        #expect(condition.evaluate(model: F.post(), at: ItemIndexPath(section: 0, item: 0)) == .value(true))
    }

    @Test func tenThousandTermAndChainIsRejectedByLength() {
        let source = Array(repeating: "true", count: 10_000).joined(separator: " && ")
        #expect(F.error(source)?.message.hasPrefix("the condition is too long") == true)
    }

    @Test func bigArrayLiteralsAreFine() {
        let source = "[" + (0..<1_500).map(String.init).joined(separator: ",") + "].contains(indexPath.item)"
        #expect(F.evaluate(source, item: 1_499) == .value(true))
    }

    @Test func errorsAreCapped() {
        let source = Array(repeating: "model.nope", count: 50).joined(separator: " && ")
        #expect(F.errors(source).count == CompiledCondition.maxDiagnostics)
    }
}
