import Testing

@testable import MaplintManifest
@testable import MaplintSolver

@Suite("Condition solver: pairs")
struct ConditionSolverTests {
    let solver = SolverFixture.solver
    typealias F = SolverFixture

    // MARK: The documentation's examples

    @Test func unconditionalAndConditionalIntersect() {
        let witness = F.witness(solver.verdict(F.registration("Post"), F.when("model.containsVideo")))
        #expect(F.property(witness, "containsVideo") == .bool(true))
        #expect(witness?.constrainedProperties == ["containsVideo"])
        #expect(witness?.constrainsSection == false)
        #expect(witness?.indexPath == ItemIndexPath(section: 0, item: 0))
    }

    @Test func complementaryBoolsAreDisjoint() {
        #expect(solver.verdict(F.when("model.containsVideo"), F.when("!model.containsVideo")) == .disjoint)
        #expect(
            solver.verdict(F.when("model.containsVideo == true"), F.when("model.containsVideo == false")) == .disjoint)
    }

    @Test func differentSectionsAreDisjoint() {
        #expect(solver.verdict(F.section(0), F.section(1)) == .disjoint)
        let witness = F.witness(solver.verdict(F.section(2), F.when("indexPath.section > 1")))
        #expect(witness?.indexPath == ItemIndexPath(section: 2, item: 0))
        #expect(witness?.constrainsSection == true)
        #expect(solver.verdict(F.section(-1), F.registration("Post")) == .disjoint)
    }

    @Test func witnessSetsEveryNonOptionalProperty() throws {
        let witness = try #require(F.witness(solver.verdict(F.registration("Post"), F.registration("Post"))))
        guard case .object(let type, let properties) = witness.model else {
            Issue.record("expected an object, got \(witness.model)")
            return
        }
        #expect(type == "Post")
        #expect(properties["likes"] == .int(0))
        #expect(properties["title"] == .string(""))
        #expect(properties["state"] == .enumCase(type: "PostState", name: "draft"))
        #expect(properties["rating"] == .double(0))
        #expect(properties["id"] == .int(0))
        #expect(
            properties["editor"]
                == .object(type: "Author", properties: ["isVerified": .bool(false), "name": .string("")]))
        #expect(properties["author"] == nil)
        #expect(properties["score"] == nil)
    }

    // MARK: Model types

    @Test func modelTypesOverlapThroughSubclassesAndProtocols() {
        #expect(solver.modelTypesOverlap(F.registration("Post"), F.registration("VideoPost")))
        #expect(solver.modelTypesOverlap(F.registration("FeedItem"), F.registration("VideoPost")))
        #expect(!solver.modelTypesOverlap(F.registration("Post"), F.registration("Author")))
        #expect(!solver.modelTypesOverlap(F.registration("Int"), F.registration("String")))
        #expect(solver.modelTypesOverlap(F.registration("Int?"), F.registration("Int")))
        #expect(solver.verdict(F.registration("Post"), F.registration("Author")) == .disjoint)
    }

    @Test func subclassWitnessHasTheSubclassType() {
        let witness = F.witness(
            solver.verdict(F.when("model.likes > 3", model: "VideoPost"), F.when("model.id == 4", model: "FeedItem")))
        guard case .object(let type, let properties)? = witness?.model else {
            Issue.record("expected an object")
            return
        }
        #expect(type == "VideoPost")
        #expect(properties["likes"] == .int(4))
        #expect(properties["id"] == .int(4))
        #expect(properties["duration"] == .int(0))
    }

    @Test func protocolAndClassShareProperties() {
        #expect(
            solver.verdict(F.when("model.id == 1", model: "FeedItem"), F.when("model.id == 2", model: "Post"))
                == .disjoint)
        #expect(
            solver.verdict(F.when("model.id > 1", model: "FeedItem"), F.when("model.id < 3", model: "VideoPost"))
                != .disjoint)
    }

    // MARK: Ints

    @Test func linearIntsAreNormalised() {
        #expect(solver.verdict(F.when("model.likes + 1 > 10"), F.when("model.likes < 10")) == .disjoint)
        let witness = F.witness(solver.verdict(F.when("model.likes + 1 > 10"), F.when("model.likes <= 10")))
        #expect(F.property(witness, "likes") == .int(10))
        let item = F.witness(solver.verdict(F.when("2 * indexPath.item <= 7"), F.when("indexPath.item >= 2")))
        #expect(item?.indexPath == ItemIndexPath(section: 0, item: 2))
        #expect(item?.constrainsItem == true)
        #expect(solver.verdict(F.when("2 * indexPath.item <= 7"), F.when("indexPath.row == 4")) == .disjoint)
        let reversed = F.witness(solver.verdict(F.when("10 - model.likes < 3"), F.when("model.likes < 9")))
        #expect(F.property(reversed, "likes") == .int(8))
        #expect(solver.verdict(F.when("-model.likes > 3"), F.when("model.likes > -4")) == .disjoint)
        #expect(
            solver.verdict(F.when("model.likes / 2 == 3"), F.when("model.likes < 6 || model.likes > 7")) == .disjoint)
    }

    @Test func overflowIsATrapNotAMatch() {
        #expect(
            solver.verdict(F.when("model.likes + 1 > 0"), F.when("model.likes == 9223372036854775807")) == .disjoint)
        #expect(
            solver.verdict(F.when("model.likes * 2 != 0"), F.when("model.likes > 4611686018427387903")) == .disjoint)
        // A trap in the right operand only happens when the left one does not decide.
        let witness = F.witness(
            solver.verdict(
                F.when("model.likes > 3 || model.likes * 4611686018427387904 == 1"), F.registration("Post")))
        #expect(F.property(witness, "likes") == .int(4))
    }

    @Test func truncatingRemainderOfNegativeInts() {
        #expect(solver.verdict(F.when("model.likes % 3 == -1"), F.when("model.likes >= 0")) == .disjoint)
        let negative = F.witness(solver.verdict(F.when("model.likes % 3 == -1"), F.when("model.likes < 0")))
        #expect(F.property(negative, "likes") == .int(-1))
        #expect(solver.verdict(F.when("model.likes % 3 == 2"), F.when("model.likes < 0")) == .disjoint)
        let seven = F.witness(solver.verdict(F.when("model.likes % 3 == -1"), F.when("model.likes < -5")))
        #expect(F.property(seven, "likes") == .int(-7))
        #expect(solver.verdict(F.when("model.likes % -3 == 1"), F.when("model.likes % 3 == 2")) == .disjoint)
        #expect(solver.verdict(F.when("(model.likes + 1) % 4 == 0"), F.when("model.likes % 4 == 0")) == .disjoint)
        let shifted = F.witness(solver.verdict(F.when("(model.likes + 1) % 4 == 0"), F.when("model.likes > 0")))
        #expect(F.property(shifted, "likes") == .int(3))
    }

    @Test func multiplesOddAndEven() {
        #expect(solver.verdict(F.when("model.likes.isOdd"), F.when("model.likes.isMultiple(of: 4)")) == .disjoint)
        let zero = F.witness(solver.verdict(F.when("model.likes.isEven"), F.when("model.likes.isMultiple(of: 3)")))
        #expect(F.property(zero, "likes") == .int(0))
        let six = F.witness(
            solver.verdict(F.when("model.likes.isEven && model.likes > 0"), F.when("model.likes.isMultiple(of: 3)")))
        #expect(F.property(six, "likes") == .int(6))
        #expect(solver.verdict(F.when("model.likes.isMultiple(of: 0)"), F.when("model.likes != 0")) == .disjoint)
        #expect(solver.verdict(F.when("indexPath.item.isOdd"), F.when("indexPath.item % 2 == 0")) == .disjoint)
        let odd = F.witness(solver.verdict(F.when("indexPath.item.isOdd"), F.when("indexPath.item % 4 != 1")))
        #expect(odd?.indexPath.item == 3)
    }

    @Test func intModelItself() {
        #expect(solver.verdict(F.when("model > 5", model: "Int"), F.when("model < 6", model: "Int")) == .disjoint)
        let witness = F.witness(
            solver.verdict(F.when("model > 5", model: "Int"), F.when("model?.isMultiple(of: 5) == true", model: "Int?"))
        )
        #expect(witness?.model == .int(10))
        #expect(witness?.constrainedProperties == [])
    }

    // MARK: Doubles

    @Test func doubleComparisonsAndNaN() {
        #expect(solver.verdict(F.when("model.rating < 5"), F.when("model.rating >= 5")) == .disjoint)
        let nan = F.witness(solver.verdict(F.when("!(model.rating < 5)"), F.when("!(model.rating >= 5)")))
        if case .double(let value)? = F.property(nan, "rating") {
            #expect(value.isNaN)
        } else {
            Issue.record("expected NaN")
        }
        let between = F.witness(solver.verdict(F.when("model.rating > 0.5"), F.when("model.rating < 0.6")))
        #expect(F.property(between, "rating") == .double(0.51))
        let integer = F.witness(solver.verdict(F.when("model.rating > 2.5"), F.registration("Post")))
        #expect(F.property(integer, "rating") == .double(3))
        #expect(solver.verdict(F.when("model.rating == 1"), F.when("model.rating != 1.0")) == .disjoint)
        #expect(solver.verdict(F.when("model.rating * 2 > 3"), F.when("model.rating <= 1.5")) == .disjoint)
        #expect(
            solver.verdict(
                F.when("[1.5, 2.5].contains(model.rating)"), F.when("model.rating > 1.5 && model.rating < 2.5"))
                == .disjoint)
    }

    // MARK: Strings, enums, optionals

    @Test func stringEquality() {
        #expect(solver.verdict(F.when("model.title == \"a\""), F.when("model.title == \"b\"")) == .disjoint)
        let member = F.witness(
            solver.verdict(F.when("[\"a\", \"b\"].contains(model.title)"), F.when("model.title != \"a\"")))
        #expect(F.property(member, "title") == .string("b"))
        let fresh = F.witness(solver.verdict(F.when("model.title != \"x\""), F.when("model.title != \"\"")))
        #expect(F.property(fresh, "title") == .string("y"))
        #expect(solver.verdict(F.when("model.title.isEmpty"), F.when("model.title == \"a\"")) == .disjoint)
        #expect(solver.verdict(F.when("model.title.isEmpty"), F.when("model.title != \"\"")) == .disjoint)
    }

    @Test func enumEqualityAndMembership() {
        let draft = F.witness(
            solver.verdict(F.when("model.state == .draft"), F.when("[.draft, .published].contains(model.state)")))
        #expect(F.property(draft, "state") == .enumCase(type: "PostState", name: "draft"))
        #expect(solver.verdict(F.when("model.state != .draft"), F.when("[.draft].contains(model.state)")) == .disjoint)
        #expect(
            solver.verdict(
                F.when("model.state != .draft && model.state != .published"), F.when("model.state != .archived"))
                == .disjoint)
        let archived = F.witness(
            solver.verdict(F.when("model == .archived", model: "PostState"), F.registration("PostState")))
        #expect(archived?.model == .enumCase(type: "PostState", name: "archived"))
    }

    @Test func optionals() {
        #expect(solver.verdict(F.when("model.author == nil"), F.when("model.author?.name == \"x\"")) == .disjoint)
        let verified = F.witness(
            solver.verdict(F.when("model.author?.isVerified == true"), F.when("model.author != nil")))
        #expect(F.property(verified, "author.isVerified") == .bool(true))
        #expect(F.property(verified, "author.name") == .string(""))
        #expect(verified?.constrainedProperties == ["author", "author.isVerified"])
        let nick = F.witness(solver.verdict(F.when("(model.subtitle ?? \"\") == \"a\""), F.registration("Post")))
        #expect(F.property(nick, "subtitle") == .string("a"))
        let none = F.witness(
            solver.verdict(F.when("(model.subtitle ?? \"\") == \"\""), F.when("model.subtitle == nil")))
        #expect(F.property(none, "subtitle") == nil)
        #expect(solver.verdict(F.when("model.score == 3"), F.when("model.score == nil")) == .disjoint)
        let unset = F.witness(solver.verdict(F.when("model.score != 3"), F.when("(model.score ?? 0) < 1")))
        #expect(F.property(unset, "score") == nil)
        #expect(solver.verdict(F.when("(model.score ?? 5) > 4"), F.when("model.score == nil")) != .disjoint)
        #expect(solver.verdict(F.when("(model.score ?? 3) > 4"), F.when("model.score == nil")) == .disjoint)
        let city = F.witness(solver.verdict(F.when("model.author?.address?.city == \"Oslo\""), F.registration("Post")))
        #expect(F.property(city, "author.address.city") == .string("Oslo"))
        #expect(
            solver.verdict(F.when("model.author?.address?.city == \"Oslo\""), F.when("model.author?.address == nil"))
                == .disjoint)
        #expect(solver.verdict(F.when("model.author?.age == 3"), F.when("(model.author?.age ?? 0) > 3")) == .disjoint)
        #expect(solver.verdict(F.when("model.pinned == true"), F.when("model.pinned ?? true == false")) == .disjoint)
        let odd = F.witness(solver.verdict(F.when("model.score?.isOdd == true"), F.when("(model.score ?? 0) < 0")))
        #expect(F.property(odd, "score") == .int(-1))
        #expect(
            solver.verdict(F.when("(model.weight ?? 0) > 1"), F.when("model.weight == nil || model.weight == 0.5"))
                == .disjoint)
    }

    // MARK: Outside the fragment

    @Test func opaqueConditionsAreUnknown() {
        guard case .unknown(let reason, let parts) = solver.verdict(F.opaque(), F.registration("Post")) else {
            Issue.record("expected unknown")
            return
        }
        #expect(reason.contains("model.isSpecial"))
        #expect(parts.count == 1 && parts.first?.hasPrefix("the opaque condition '") == true)
        #expect(solver.verdict(F.opaque(), F.registration("Author")) == .disjoint)
        #expect(solver.verdict(F.opaque(), F.when("model.likes > 1 && model.likes < 1")) == .disjoint)
    }

    @Test func outsideTheFragment() {
        #expect(
            solver.verdict(F.when("model.title.hasPrefix(\"a\")"), F.when("!model.title.hasPrefix(\"a\")")) == .disjoint
        )
        #expect(
            solver.verdict(
                F.when("model.likes > model.id && model.containsVideo"), F.when("!model.containsVideo")) == .disjoint)
        guard
            case .unknown(let reason, let parts) = solver.verdict(
                F.when("model.likes > model.id"), F.when("model.likes < 0"))
        else {
            Issue.record("expected unknown")
            return
        }
        #expect(reason.contains("model.likes > model.id"))
        // The sub-expression that left the question open, as written, for undecided-conditions.
        #expect(parts == ["'model.likes > model.id'"])
        // A witness found anyway is checked and reported.
        let both = F.witness(solver.verdict(F.when("model.title.count == 0"), F.when("model.likes == 2")))
        #expect(F.property(both, "likes") == .int(2))
    }

    @Test func witnessesForPartsOutsideTheFragmentTryTheirLiterals() {
        let prefix = F.witness(solver.verdict(F.when("model.title.hasPrefix(\"ab\")"), F.when("model.likes > 3")))
        #expect(F.property(prefix, "title") == .string("ab"))
        #expect(F.property(prefix, "likes") == .int(4))
        let count = F.witness(solver.verdict(F.when("model.title.count == 3"), F.when("model.containsVideo")))
        #expect(F.property(count, "title") == .string("xxx"))
        let lower = F.witness(
            solver.verdict(
                F.when("model.title.lowercased() == \"abc\" && model.title != \"abc\""), F.registration("Post")))
        #expect(F.property(lower, "title") == .string("ABC"))
        let suffix = F.witness(
            solver.verdict(F.when("model.author?.name.hasSuffix(\"z\") == true"), F.registration("Post")))
        #expect(F.property(suffix, "author.name") == .string("z"))
    }

    @Test func twoBoolVariablesInOneComparison() {
        #expect(
            solver.verdict(F.when("model.containsVideo == model.author?.isVerified"), F.registration("Post"))
                != .disjoint)
        #expect(
            solver.verdict(
                F.when("model.containsVideo == (model.likes > 3)"), F.when("model.containsVideo && model.likes < 2"))
                == .disjoint)
    }

    // MARK: Pins

    @Test func pinnedValues() {
        let pins = solver.pinnedValues(
            of: F.when("model.id == 7 && indexPath.section == 2 && model.containsVideo && model.state == .draft"))
        #expect(
            pins == [
                .model("id"): .int(7), .section: .int(2), .model("containsVideo"): .bool(true),
                .model("state"): .enumCase(type: "PostState", name: "draft"),
            ])
        #expect(solver.pinnedValues(of: F.section(3)) == [.section: .int(3)])
        #expect(solver.pinnedValues(of: F.when("model.id == 7 || model.id == 8")).isEmpty)
        #expect(ConditionSolver.pinsConflict([.section: .int(1)], [.section: .int(2)]))
        #expect(!ConditionSolver.pinsConflict([.section: .int(1)], [.item: .int(2)]))
        #expect(!ConditionSolver.pinsConflict([.model("rating"): .int(1)], [.model("rating"): .double(1)]))
    }
}

/// Index paths are never negative, and table headers and footers are asked for at row 0
/// (`DTTableViewDelegate.viewForHeaderInSection` resolves `IndexPath(row: 0, section:)`,
/// DTTableViewManager 11.0.1): witnesses live in that domain.
@Suite("Condition solver: index path domain")
struct IndexPathDomainTests {
    let solver = SolverFixture.solver
    typealias F = SolverFixture

    @Test func aPairThatOnlyMeetsAtItemMinusOneIsDisjoint() {
        #expect(solver.verdict(F.when("indexPath.item + 1 == 0"), F.registration("Post")) == .disjoint)
        #expect(
            solver.verdict(F.when("indexPath.section < 0 || model.likes > 3"), F.when("model.likes < 2")) == .disjoint)
    }

    @Test func witnessesOutsideTheFragmentAreRealIndexPaths() {
        // Two variables in one comparison: outside the fragment, so witnesses come from trying values.
        let verdict = solver.verdict(
            F.when("model.likes == indexPath.item + 1"), F.when("indexPath.item + 1 == 0 || model.likes < 1"))
        if case .intersecting(let witness) = verdict {
            Issue.record("no real index path satisfies both, but got \(witness)")
        }
    }

    @Test func headersAreAskedForAtRowZero() {
        func header(_ source: String) -> Registration {
            var registration = F.when(source)
            registration.viewType = .header(for: .tableView)
            return registration
        }
        #expect(solver.verdict(header("indexPath.row == 1"), header("model.likes > 0")) == .disjoint)
        let verdict = solver.verdict(header("indexPath.row == model.likes - 5"), header("model.likes < 5"))
        if case .intersecting(let witness) = verdict {
            Issue.record("headers are asked for at row 0 only, but got \(witness)")
        }
    }

    /// The row is 0 wherever a header or footer is asked for (TV `DTTableViewDelegate.swift`,
    /// `tableView(_:viewForHeaderInSection:)` and `viewForFooterInSection`, `IndexPath(row: 0, section:)`,
    /// 8.0.1 and 11.0.1; CV `DTCollectionViewDataSource.swift`,
    /// `collectionView(_:viewForSupplementaryElementOfKind:at:)`, the flow layout's item 0, 11.0.0), so a
    /// condition reading the model and the row together reads one variable there and is decided exactly.
    @Test(arguments: [ViewType.header(for: .tableView), .footer(for: .collectionView)])
    func headerConditionsMixingModelAndRowAreDecidedAtRowZero(viewType: ViewType) throws {
        func view(_ source: String) -> Registration {
            var registration = F.when(source)
            registration.viewType = viewType
            return registration
        }
        #expect(solver.verdict(view("indexPath.row == model.likes - 5"), view("model.likes < 5")) == .disjoint)
        #expect(solver.verdict(view("model.likes == indexPath.row"), view("model.likes > 0")) == .disjoint)
        let verdict = solver.verdict(view("model.likes == indexPath.row"), view("indexPath.section > 1"))
        guard case .intersecting(let witness) = verdict else {
            Issue.record("expected an exact intersection, got \(verdict)")
            return
        }
        #expect(witness.indexPath == ItemIndexPath(section: 2, item: 0))
        #expect(F.property(witness, "likes") == .int(0))
        // The section stays free: where it meets the model, the analysis is not exact.
        let mixedSection = solver.verdict(view("model.likes == indexPath.section"), view("model.likes > 3"))
        if case .disjoint = mixedSection { Issue.record("the section is free: likes 4 at section 4 matches both") }
        // Cells are asked at every row: the same pair is not decided this way.
        let cells = solver.verdict(F.when("model.likes == indexPath.row"), F.when("model.likes > 0"))
        if case .disjoint = cells { Issue.record("cells meet at likes 1, row 1") }
        let coverage = solver.coverage(of: view("model.likes == indexPath.row + 1"), by: [view("model.likes > 0")])
        #expect(coverage == .covered)
    }
}
