import Testing

@testable import MaplintFindings
@testable import MaplintManifest

private typealias F = ConditionFixture

@Suite struct ConditionLexerTests {
    private func kinds(_ source: String) throws -> [ConditionToken.Kind] {
        try ConditionLexer.tokenize(Array(source.unicodeScalars)).map(\.kind)
    }

    @Test func tokenizesOperatorsWithLongestMatch() throws {
        let symbols = try kinds("! != == <= >= < > && || ?? ?. . : , ( ) [ ] + - * / %").compactMap { kind -> String? in
            if case .symbol(let symbol) = kind { return symbol.rawValue }
            return nil
        }
        #expect(
            symbols == [
                "!", "!=", "==", "<=", ">=", "<", ">", "&&", "||", "??", "?.", ".", ":", ",", "(", ")", "[", "]", "+",
                "-", "*", "/", "%",
            ])
    }

    @Test func tokenizesNumbers() throws {
        #expect(
            try kinds("42 1_000 2.5 1e3 1.5E-2 7.isOdd") == [
                .integer("42"), .integer("1000"), .decimal(2.5), .decimal(1000), .decimal(0.015),
                .integer("7"), .symbol(.dot), .identifier("isOdd"), .end,
            ])
    }

    @Test func tokenRangesCountUnicodeScalars() throws {
        let tokens = try ConditionLexer.tokenize(Array("\"é😀\" == x".unicodeScalars))
        #expect(tokens.map(\.range) == [0..<4, 5..<7, 8..<9, 9..<9])
    }

    @Test func decodesStringEscapes() throws {
        #expect(try kinds(#""a\"b\\c\nd\te\u{1F600}\u{E9}""#) == [.string("a\"b\\c\nd\te😀é"), .end])
    }

    @Test(arguments: [
        (#""abc"#, 0, "unterminated string literal"),
        (#"x == "a\qb""#, 7, "invalid escape sequence '\\q'"),
        (#""\u{110000}""#, 1, "is not a valid Unicode scalar"),
        (#""\u{}""#, 1, "invalid unicode escape"),
        (#""\u{123456789}""#, 1, "invalid unicode escape"),
        (#""a\(b)""#, 2, "string interpolation is not supported"),
        ("a # b", 2, "unexpected character '#'"),
        ("a = b", 2, "use '=='"),
        ("a & b", 2, "use '&&'"),
        ("a | b", 2, "use '||'"),
        ("a ? b : c", 2, "ternary operator is not supported"),
        ("0x1F", 1, "invalid character 'x' in a number literal"),
        ("1e999", 0, "does not fit in a Double"),
    ])
    func rejectsBadTokensAtTheirOffset(source: String, offset: Int, message: String) {
        do {
            _ = try ConditionLexer.tokenize(Array(source.unicodeScalars))
            Issue.record("tokenized '\(source)'")
        } catch {
            #expect(error.offset == offset)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }
}

@Suite struct ConditionParserTests {
    @Test func reportsExactLineAndColumnThroughTheSourceMap() throws {
        let source = "indexPath.section == 1 && model.likse > 2"
        let diagnostics = F.errors(source)
        let diagnostic = try #require(diagnostics.first)
        // 'likse' is at offset 32 in the string, which starts at 7:17.
        #expect(diagnostic.location == SourceLocation(file: F.file, line: 7, column: 17 + 32))
        #expect(diagnostic.message == "'Post' has no property 'likse' (did you mean 'likes'?)")
    }

    @Test func positionsSyntaxErrorsAtTheOffendingToken() {
        #expect(F.error("model.likes > ")?.column == 15)
        #expect(F.error("model.likes > ")?.message == "expected a value, found the end of the condition")
        #expect(F.error("(model.likes > 1")?.message == "expected ')', found the end of the condition")
        #expect(F.error("model.likes > 1)")?.column == 16)
        #expect(F.error("model.likes 1")?.column == 13)
        #expect(F.error("model.")?.message == "expected a member name after '.', found the end of the condition")
        #expect(F.error("")?.message.contains("empty") == true)
        #expect(F.error("   ")?.column == 1)
    }

    @Test func mapsPositionsOfAConditionSpreadOverLines() throws {
        // A folded YAML scalar: the decoder maps each scalar to its own line and column.
        let source = "model.likes > 1 &&\nmodel.nope"
        var positions: [(line: Int, column: Int)] = []
        for (index, _) in source.unicodeScalars.enumerated() {
            positions.append(index < 19 ? (3, 10 + index) : (4, 10 + index - 19))
        }
        positions.append((4, 20))
        let map = TextSourceMap(file: F.file, positions: positions)
        guard
            case .failure(let errors) = CompiledCondition.compile(
                source, sourceMap: map, modelType: .model("Post"), types: F.types)
        else {
            Issue.record("compiled")
            return
        }
        let diagnostic = try #require(errors.diagnostics.first)
        #expect(diagnostic.location == SourceLocation(file: F.file, line: 4, column: 16))
    }

    @Test func chainedComparisonsAreAnError() {
        let error = F.error("1 < model.likes < 10")
        #expect(error?.column == 17)
        #expect(error?.message.contains("cannot be chained") == true)
    }

    @Test func forceUnwrapIsNotPartOfTheLanguage() {
        let error = F.error("model.author!.isVerified")
        #expect(error?.column == 13)
        #expect(error?.message.contains("force unwrap") == true)
    }

    @Test func precedenceFollowsSwift() {
        #expect(
            F.shape("model.likes + 2 * 3 > 4 || !model.containsVideo && model.likes % 2 == 1")
                == "(((model.likes + (2 * 3)) > 4) || (!model.containsVideo && ((model.likes % 2) == 1)))")
        #expect(F.shape("model.likes - 1 - 2 == 0") == "(((model.likes - 1) - 2) == 0)")
        #expect(F.shape("model.likes / 2 * 2 == 0") == "(((model.likes / 2) * 2) == 0)")
        // `??` binds tighter than comparison and looser than `+`, and groups to the right.
        #expect(F.shape("model.score ?? 1 + 2 > 3") == "((model.score ?? (1 + 2)) > 3)")
        #expect(
            F.shape("model.author?.age ?? model.score ?? 0 == 1") == "((model.author?.age ?? (model.score ?? 0)) == 1)")
        #expect(F.shape("-model.likes * 2 < 0") == "((-model.likes * 2) < 0)")
        #expect(F.shape("!(model.likes > 1)") == "!(model.likes > 1)")
        #expect(F.shape("-5 < model.likes") == "(-5 < model.likes)")
    }

    @Test func flattensLogicalChains() {
        #expect(
            F.shape("model.containsVideo && model.likes > 1 && (indexPath.section == 0 && indexPath.row == 1)")
                == "(model.containsVideo && (model.likes > 1) && (indexPath.section == 0) && (indexPath.item == 1))")
        #expect(
            F.shape("model.containsVideo || model.likes > 1 || (indexPath.section == 0 || indexPath.row == 1)")
                == "(model.containsVideo || (model.likes > 1) || (indexPath.section == 0) || (indexPath.item == 1))")
    }

    @Test func nodesCarryRangesAndAnchors() throws {
        let condition = try #require(F.compiled("model.likes  >  10"))
        let node = condition.expression
        #expect(node.range == 0..<18)
        #expect(node.anchor == 13..<14)
        #expect(condition.location(of: node) == SourceLocation(file: F.file, line: 7, column: 30))
        guard case .comparison(.greater, let lhs, let rhs) = node.kind else {
            Issue.record("not a comparison")
            return
        }
        #expect(condition.text(of: lhs) == "model.likes")
        #expect(lhs.anchor == 6..<11)
        #expect(rhs.range == 16..<18)
    }

    @Test func parenthesesWidenTheRange() throws {
        let condition = try #require(F.compiled("(model.containsVideo)"))
        #expect(condition.expression.range == 0..<21)
        #expect(condition.text(of: condition.expression) == "(model.containsVideo)")
    }

    @Test func negativeLiteralsReachIntMin() {
        #expect(F.evaluate("model.likes > -9223372036854775808") == .value(true))
        #expect(
            F.error("model.likes > 9223372036854775808")?.message
                == "the integer literal 9223372036854775808 does not fit in Int (-9223372036854775808 through 9223372036854775807)"
        )
        #expect(F.error("model.likes > 9223372036854775808")?.column == 15)
        #expect(F.error("model.likes > -(9223372036854775808)")?.column == 17)
    }

    @Test func callArgumentsNeedLabelsAndCommas() {
        #expect(
            F.error("model.likes.isMultiple(3)")?.message
                == "wrong argument label for 'isMultiple'; write isMultiple(of: …)")
        #expect(
            F.error("model.likes.isMultiple(of: 3")?.message == "expected ',' or ')', found the end of the condition")
        #expect(F.error("model.title.hasPrefix(\"a\" \"b\")")?.message == "expected ',' or ')', found a string")
        #expect(F.error("model.title(1)")?.message.contains("not a method") == true)
        #expect(F.error("(model.title)(1)")?.message.contains("can be called") == true)
    }

    @Test func acceptsTrailingCommaInArrays() {
        #expect(F.evaluate("[1, 3,].contains(model.likes)") == .value(true))
    }
}
