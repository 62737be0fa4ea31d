import Testing

@testable import MaplintManifest

private typealias F = ConditionFixture

@Suite struct ConditionTypeCheckTests {
    @Test(arguments: [
        "model.likes > 2",
        "model.rating > 2",
        "model.rating > 2.5",
        "model.rating > 1 + 2",
        "2 * model.rating <= 7",
        "model.rating == -1",
        "model.likes + 1 > 10 && 2 * indexPath.item <= 7",
        "model.likes % 3 == indexPath.row",
        "indexPath.section.isMultiple(of: 2) || indexPath.item.isOdd || model.likes.isEven",
        "model.title == \"Hello\" && model.title < \"Z\" && model.title + \"!\" != \"x\"",
        "model.title.isEmpty || model.title.count > 3",
        "model.title.hasPrefix(\"a\") || model.title.hasSuffix(\"b\") || model.title.contains(\"c\")",
        "model.title.lowercased() == \"hello\"",
        "model.state == .draft || model.state != .archived",
        ".draft == model.state",
        "model.previousState == .draft",
        "model.previousState == nil || nil != model.previousState",
        "model.author != nil && model.author?.isVerified == true",
        "model.author?.name == \"Ann\"",
        "model.author?.address?.city == \"Oslo\"",
        "model.author?.name.isEmpty == false",
        "model.author?.name.count == 3",
        "(model.author)?.name == \"x\"",
        "model.author?.age ?? 0 > 18",
        "model.score ?? 0 > 2",
        "model.weight ?? 1 > 0.5",
        "model.score == 3",
        "model.score != model.likes",
        "model.subtitle ?? model.title == \"x\"",
        "model.author?.age ?? model.score == nil",
        "model.editor.name == \"Ed\" && model.editor.isVerified",
        "model.id == 1",
        "model.containsVideo == false",
        "model.pinned ?? false",
        "[1, 2].contains(model.likes)",
        "[\"a\", \"b\"].contains(model.title)",
        "[.draft, .archived].contains(model.state)",
        "[.draft, .archived].contains(model.previousState)",
        "[1.5, 2].contains(model.rating)",
        "[1, 2].contains(model.rating)",
        "[model.likes, 2].contains(3)",
        "[1.5, 2].contains(2)",
        "[].contains(model.likes)",
        "true",
        "!false",
    ])
    func accepts(_ source: String) {
        _ = F.compiled(source)
    }

    @Test func modelIsTheValueForBuiltinAndEnumModels() {
        #expect(F.evaluate("model > 5", model: .int(7), type: .builtin(.int)) == .value(true))
        #expect(F.evaluate("model.isOdd", model: .int(7), type: .builtin(.int)) == .value(true))
        #expect(F.evaluate("model > 5.5", model: .double(7), type: .builtin(.double)) == .value(true))
        #expect(F.evaluate("model.hasPrefix(\"To\")", model: .string("Today"), type: .builtin(.string)) == .value(true))
        #expect(F.evaluate("model", model: .bool(true), type: .builtin(.bool)) == .value(true))
        #expect(
            F.evaluate("model == .draft", model: .enumCase(type: "PostState", name: "draft"), type: .model("PostState"))
                == .value(true))
        // An optional registration type is the condition's type too (DTModelStorage `modelCondition(_:)`
        // passes a `Model`, here `Int?`): the model needs a default, as in Swift (OptionalModelConditionTests).
        #expect(F.evaluate("(model ?? 0) > 5", model: .int(7), type: .optional(.builtin(.int))) == .value(true))
    }

    @Test func typesTheTree() throws {
        let condition = try #require(F.compiled("model.author?.address?.city == \"Oslo\""))
        guard case .comparison(.equal, let lhs, _) = condition.expression.kind, case .path(let path) = lhs.kind else {
            Issue.record("unexpected tree")
            return
        }
        #expect(lhs.type == .optional(.string))
        #expect(path.root == .model)
        #expect(path.rootType == .model("Post"))
        #expect(
            path.steps == [
                ValuePath.Step(name: "author", declaredType: .optional(.model("Author")), optionalChained: false),
                ValuePath.Step(name: "address", declaredType: .optional(.model("Address")), optionalChained: true),
                ValuePath.Step(name: "city", declaredType: .string, optionalChained: true),
            ])
        #expect(path.description == "model.author?.address?.city")
        #expect(condition.rootType == .model("Post"))
        #expect(condition.expression.type == .bool)
    }

    @Test func samePropertyIsTheSamePathWherever­ItAppears() throws {
        let condition = try #require(F.compiled("model.likes > 3 || model.likes < 1"))
        guard case .or(let operands) = condition.expression.kind, operands.count == 2,
            case .comparison(_, let a, _) = operands[0].kind, case .comparison(_, let b, _) = operands[1].kind,
            case .path(let first) = a.kind, case .path(let second) = b.kind
        else {
            Issue.record("unexpected tree")
            return
        }
        #expect(first == second)
        #expect(a != b)
    }

    @Test func listsThePathsRead() throws {
        let condition = try #require(
            F.compiled("model.likes > 1 && (indexPath.row == 2 || model.author?.age ?? model.likes == 3)"))
        #expect(
            condition.expression.paths.map(\.description) == ["model.likes", "indexPath.item", "model.author?.age"])
    }

    @Test func foldsNegativeLiterals() {
        #expect(F.shape("model.rating > -2.5 && model.likes > -3") == "((model.rating > -2.5) && (model.likes > -3))")
        #expect(
            F.error("model.likes > -2.5")?.message
                == "cannot compare 'Int' with 'Double' literal -2.5; write -3 or -2, or declare likes as Double")
    }

    @Test func indexPathRowIsItem() throws {
        let condition = try #require(F.compiled("indexPath.row == indexPath.item"))
        let (a, b) = try #require(condition.expression.comparisonOperands)
        #expect(a.kind == b.kind)
        #expect(a.type == .int)
    }

    @Test func intLiteralsBecomeDoubleLiteralsNextToDoubles() throws {
        let condition = try #require(F.compiled("model.rating > 1 + 2"))
        let (_, rhs) = try #require(condition.expression.comparisonOperands)
        #expect(rhs.type == .double)
        #expect(F.render(rhs) == "(1.0 + 2.0)")
        #expect(F.shape("2 * model.rating <= 7") == "((2.0 * model.rating) <= 7.0)")
        #expect(F.shape("[1, 2].contains(model.rating)") == "[1.0, 2.0].[T].contains(_:)[model.rating]")
    }

    @Test func rejectsIntComparedWithDoubleLiteral() {
        let error = F.error("model.likes > 2.5")
        #expect(
            error?.message == "cannot compare 'Int' with 'Double' literal 2.5; write 2 or 3, or declare likes as Double"
        )
        #expect(error?.column == 15)
        #expect(
            F.error("model.likes == 2.0")?.message
                == "cannot compare 'Int' with 'Double' literal 2.0; write 2, or declare likes as Double")
        #expect(
            F.error("indexPath.item < 1.5")?.message == "cannot compare 'Int' with 'Double' literal 1.5; write 1 or 2")
        #expect(
            F.error("model.likes > model.rating")?.message
                == "cannot compare 'Int' with 'Double'; Swift does not convert between them implicitly; or declare likes as Double"
        )
        #expect(F.error("model.likes + model.rating > 1")?.message.contains("cannot mix 'Int' and 'Double'") == true)
        #expect(F.error("model.likes + model.rating > 1")?.column == 13)
    }

    @Test(arguments: [
        ("model.likes", 1, "a condition must be a Bool, but 'model.likes' is 'Int'"),
        (
            "model.pinned", 1,
            "a condition must be a Bool, but 'model.pinned' is 'Bool?'; compare it with '== true' to treat nil as false"
        ),
        (
            "model.author?.isVerified && true", 1,
            "'&&' needs Bool operands, but 'model.author?.isVerified' is 'Bool?'; compare it with '== true' to treat nil as false"
        ),
        ("!model.likes", 1, "'!' needs a Bool, but 'model.likes' is 'Int'"),
        ("-model.title == \"\"", 1, "unary '-' needs an Int or a Double, but 'model.title' is 'String'"),
        ("model.likes == \"3\"", 13, "cannot compare 'Int' with 'String'"),
        ("model.title - \"a\" == \"\"", 13, "'-' cannot be applied to 'String' and 'String'"),
        (
            "model.rating % 2 == 0", 14,
            "'%' is unavailable for Double (Swift uses truncatingRemainder(dividingBy:)); use Int operands"
        ),
        ("model.containsVideo < true", 21, "'Bool' values cannot be compared with '<'"),
        ("model.state < .draft", 13, "'PostState' values have no order; only == and != apply"),
        (
            "model.editor == model.editor", 14,
            "values of type 'Author' cannot be compared; compare their properties instead"
        ),
        ("model.state == .drafted", 16, "'PostState' has no case 'drafted' (did you mean 'draft'?)"),
        ("model.likes == .draft", 16, "'.draft' is an enum case, but the other side is 'Int'"),
        (
            ".draft == .published", 1,
            "cannot tell which enum '.draft' belongs to; compare it with an enum value, as in 'model.state == .draft'"
        ),
        ("model.tittle == \"\"", 7, "'Post' has no property 'tittle' (did you mean 'title'?)"),
        ("model.author.name == \"\"", 14, "'model.author' is optional ('Author?'); use '?.name' to reach into it"),
        (
            "model.editor?.name == \"\"", 15,
            "'model.editor' is not optional (its type is 'Author'); use '.name' instead of '?.name'"
        ),
        (
            "(model.author?.name).isEmpty", 22,
            "'(model.author?.name)' is optional ('String?'); use '?.isEmpty' to reach into it"
        ),
        (
            "model.score > 2", 13,
            "'model.score' is optional ('Int?'), so '>' cannot compare it; give it a default first, as in 'model.score ?? …'"
        ),
        ("model.score + 1 == 2", 1, "'model.score' is optional ('Int?'); give it a default with '??' before using '+'"),
        ("model.likes == nil", 13, "'model.likes' is never nil: its type 'Int' is not optional"),
        ("model.score < nil", 13, "'<' cannot compare with nil; only == and != can"),
        ("nil == nil", 5, "comparing nil with nil is always true"),
        ("model.likes ?? 0 > 1", 13, "'model.likes' is not optional (its type is 'Int'), so '??' has no effect"),
        ("model.score ?? 1.5 > 1", 16, "the default after '??' must be a 'Int' like 'model.score', not 'Double'"),
        ("model.score ?? nil == 1", 16, "a nil default makes '??' have no effect"),
        (
            "modle.likes > 1", 1,
            "unknown name 'modle' (did you mean 'model'?); a condition reads 'model' and 'indexPath'"
        ),
        ("indexPath > 1", 1, "'indexPath' is not a value on its own; use indexPath.section or indexPath.item"),
        (
            "indexPath.sectoin == 0", 11,
            "indexPath has no member 'sectoin' (did you mean 'section'?); use section, item or row"
        ),
        ("indexPath?.section == 0", 12, "indexPath is not optional; write indexPath.section"),
        ("model.likes.isOdd()", 13, "'isOdd' is a property; remove the parentheses"),
        ("model.title.lowercased == \"\"", 13, "'lowercased' is a method; call it as lowercased()"),
        ("model.title.hasPrefix", 13, "'hasPrefix' is a method; call it as hasPrefix(…)"),
        ("model.title.lowercased(1) == \"\"", 24, "'lowercased()' takes no arguments"),
        ("model.likes.isMultiple(of: 2.5)", 28, "'isMultiple' needs a 'Int' argument, but '2.5' is 'Double'"),
        (
            "model.likes.isMultiple(of: model.score)", 28,
            "'isMultiple' needs a 'Int' argument, but 'model.score' is 'Int?'"
        ),
        ("model.title.hasPrefix(1)", 23, "'hasPrefix' needs a 'String' argument, but '1' is 'Int'"),
        ("model.title.hasPrefix(\"a\", \"b\")", 13, "'hasPrefix' takes one argument: hasPrefix(_:)"),
        (
            "model.likes.isOod", 13,
            "'Int' has no member 'isOod' (did you mean 'isOdd'?); available: isEven, isMultiple, isOdd"
        ),
        ("model.rating.isOdd", 14, "'Double' has no member 'isOdd'"),
        (
            "model.state.name == \"\"", 13,
            "'PostState' values have no members; compare them with == or !=, as in '== .draft'"
        ),
        (
            "[1, \"a\"].contains(1)", 5,
            "array elements must all have one type: '\"a\"' is 'String', the others are 'Int'"
        ),
        (
            "[1, 2].contains(model.title)", 2,
            "array elements must all have one type: '1' is 'Int', the others are 'String'"
        ),
        ("[model.score].contains(1)", 2, "array elements cannot be optional or nil"),
        (
            "[model.editor].contains(model.editor)", 2,
            "array elements must be Bool, Int, Double, String or enum values, not 'Author'"
        ),
        ("[.draft, .drift].contains(model.state)", 10, "'PostState' has no case 'drift' (did you mean 'draft'?)"),
        (
            "[.draft].contains(.draft)", 2,
            "cannot tell which enum '.draft' belongs to; compare it with an enum value, as in 'model.state == .draft'"
        ),
        ("[].contains(1)", 1, "cannot tell the element type of an empty array literal here"),
        ("[1, 2].contains(of: 1)", 8, "an array's 'contains' takes one unlabelled argument: [a, b].contains(x)"),
        ("[1, 2] == [1, 2]", 8, "arrays cannot be compared; test membership with [a, b].contains(x)"),
        ("model.likes.likes > 1", 13, "'Int' has no member 'likes'"),
    ])
    func rejects(source: String, column: Int, message: String) {
        let error = F.error(source)
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
        #expect(error?.column == column)
    }

    @Test func reportsIndependentErrorsTogether() {
        let errors = F.errors("model.likse > 1 && model.titel == \"\" && model.state == .drft")
        #expect(
            errors.map(\.message) == [
                "'Post' has no property 'likse' (did you mean 'likes'?)",
                "'Post' has no property 'titel' (did you mean 'title'?)",
                "'PostState' has no case 'drft' (did you mean 'draft'?)",
            ])
    }

    @Test func inheritedAndProtocolPropertiesAreVisible() {
        #expect(
            F.evaluate(
                "model.duration > 5 && model.likes > 1 && model.id == 1",
                model: .object(
                    type: "VideoPost",
                    properties: [
                        "duration": .int(10), "likes": .int(2), "id": .int(1),
                    ]), type: .model("VideoPost")) == .value(true))
        #expect(
            F.evaluate(
                "model.id == 7", model: .object(type: "Post", properties: ["id": .int(7)]), type: .model("FeedItem"))
                == .value(true))
        #expect(F.error("model.likes > 1", model: .model("FeedItem"))?.message == "'FeedItem' has no property 'likes'")
        #expect(
            F.error("model.duraton > 1", model: .model("VideoPost"))?.message
                == "'VideoPost' has no property 'duraton' (did you mean 'duration'?)")
    }
}

/// Swift refuses an Int division or remainder by a constant zero at compile time ("division by
/// zero", checked with swiftc 6.3 on `x / 0`, `x % 0`, `x / (1 - 1)`, `x / -0`), so such a
/// condition is not Swift: invalid-manifest, whether or not sample data reaches it.
@Suite struct ConstantDivisorTests {
    @Test(arguments: [
        "model.likes / 0 > 1", "model.likes % 0 == 1", "model.likes / (1 - 1) > 1", "model.likes % -0 == 0",
    ])
    func divisionByAConstantZeroDoesNotCompile(condition: String) {
        let result = ManifestLoader.load(
            bytes: Array(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {likes: Int}}
                registrations:
                  - cell: PostCell
                    model: Post
                    condition: "\(condition)"
                """.utf8), file: "m.maplint.yml")
        #expect(result.manifest == nil)
        #expect(result.diagnostics.map(\.rule) == [.invalidManifest])
        #expect(result.diagnostics.first?.message.hasPrefix("division by zero: Swift does not compile") == true)
        // The error points at the divisor.
        let divisor = condition.range(of: condition.contains("(") ? "(" : (condition.contains("-0") ? "-0" : "0"))!
        #expect(
            result.diagnostics.first?.location.column == 17
                + condition.distance(from: condition.startIndex, to: divisor.lowerBound))
    }

    @Test func aVariableDivisorCompiles() {
        let result = ManifestLoader.load(
            bytes: Array(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {likes: Int}}
                registrations:
                  - cell: PostCell
                    model: Post
                    condition: "10 / model.likes > 1"
                """.utf8), file: "m.maplint.yml")
        #expect(result.diagnostics.isEmpty)
    }
}
