import Testing

@testable import MaplintSolver

/// Pairs of string, optional and enum conditions with the verdict each must get.
@Suite struct StringConditionSolverTests {
    static func verdict(_ first: String, _ second: String) -> PairVerdict {
        SolverFixture.solver.verdict(SolverFixture.when(first, index: 0), SolverFixture.when(second, index: 1))
    }

    static func title(of verdict: PairVerdict) -> String? {
        guard case .intersecting(let witness) = verdict, case .object(_, let properties) = witness.model,
            case .string(let title)? = properties["title"]
        else { return nil }
        return title
    }

    @Test(arguments: [
        // The issue's example: both can hold, and the witness is the shortest title that does.
        ("model.title.hasPrefix(\"AD\")", "model.title.count > 3", "ADxx"),
        ("model.title.hasSuffix(\"?\")", "model.title.contains(\"why\")", "why?"),
        ("model.title.hasPrefix(\"ab\") && model.title.hasSuffix(\"ba\")", "model.title.count == 3", "aba"),
        ("model.title.contains(\"ab\") && model.title.contains(\"ba\")", "!model.title.contains(\"aba\")", "bab"),
        ("!model.title.isEmpty && model.title != \"x\"", "model.title.count < 2", "y"),
        ("model.title.count.isEven && model.title.count > 2", "model.title.hasPrefix(\"a\")", "axxx"),
        (
            "model.title == \"Hello\" || model.title == \"Hi\"",
            "model.title.hasPrefix(\"H\") && model.title.count < 3", "Hi"
        ),
    ])
    func intersectingWithTheShortestWitness(first: String, second: String, title: String) {
        let verdict = Self.verdict(first, second)
        #expect(Self.title(of: verdict) == title, "\(verdict)")
    }

    @Test(arguments: [
        ("model.title.hasPrefix(\"AD\")", "model.title.isEmpty"),
        ("model.title.hasPrefix(\"AD\")", "model.title.hasPrefix(\"AB\")"),
        ("model.title.hasSuffix(\"?\")", "!model.title.contains(\"?\")"),
        // What contains finds, it finds a part of too.
        ("model.title.contains(\"ab\")", "!model.title.contains(\"b\")"),
        ("model.title.contains(\"abc\")", "model.title.count < 3"),
        ("model.title.hasPrefix(\"ab\") && model.title.hasSuffix(\"ba\")", "model.title.count == 2"),
        ("model.title.count % 2 == 1", "model.title.isEmpty || model.title.count.isEven"),
        ("model.title == \"AD\"", "!model.title.hasPrefix(\"A\")"),
        // Optionals: nil, and the value's own conditions.
        ("model.subtitle?.hasPrefix(\"Re\") == true", "model.subtitle == nil"),
        ("model.subtitle?.hasPrefix(\"Re\") ?? false", "(model.subtitle?.count ?? 0) < 2"),
        ("(model.subtitle ?? \"\").isEmpty", "model.subtitle?.contains(\"a\") == true"),
        // A Bool property of an optional: nil, true and false.
        ("model.author?.isVerified == true", "!(model.author?.isVerified ?? false)"),
        ("model.author?.name.hasPrefix(\"Dr\") == true", "model.author == nil || model.author?.name.isEmpty == true"),
        ("model.state == .draft && model.title.hasPrefix(\"x\")", "[.published, .archived].contains(model.state)"),
    ])
    func disjoint(first: String, second: String) {
        #expect(Self.verdict(first, second) == .disjoint)
    }

    @Test func optionalAndEnumPairsHaveCheckedWitnesses() throws {
        let first = SolverFixture.when("model.subtitle?.hasSuffix(\"!\") == false && model.state != .draft", index: 0)
        let second = SolverFixture.when("model.author?.isVerified != true && model.previousState == nil", index: 1)
        guard case .intersecting(let witness) = SolverFixture.solver.verdict(first, second) else {
            Issue.record("not intersecting")
            return
        }
        for registration in [first, second] {
            #expect(
                SolverFixture.solver.matches(
                    registration, model: witness.model, typeName: "Post", at: witness.indexPath)
                    == true)
        }
    }

    /// Foundation's contains finds "b" inside the one Character "\u{600}b", so this pair is not
    /// disjoint: it stays undecided rather than being called disjoint on ASCII alone.
    @Test func containsInsideACharacterIsUndecidedNotDisjoint() {
        let verdict = Self.verdict(
            "model.title.contains(\"b\") && model.title.count == 1", "!model.title.hasPrefix(\"b\")")
        guard case .unknown(let reason, _) = verdict else {
            Issue.record("expected unknown, got \(verdict)")
            return
        }
        #expect(reason.contains("String.contains can match inside a Character"))
    }

    /// Beyond the fragment: literals that are not ASCII, lowercased(), and witnesses longer than
    /// the bound stay undecided (or intersecting with a checked witness), never disjoint.
    @Test func outsideTheFragmentIsNeverDisjoint() {
        let pairs = [
            ("model.title.lowercased() == \"ad\"", "model.title.hasPrefix(\"A\")"),
            ("model.title.hasPrefix(\"é\")", "model.title.count == 1"),
            ("model.title.count > 5000", "model.title.hasPrefix(\"a\")"),
        ]
        for (first, second) in pairs {
            let verdict = Self.verdict(first, second)
            #expect(verdict != .disjoint, "\(first) × \(second)")
            if case .unknown = verdict { continue }
            #expect(Self.title(of: verdict) != nil, "\(first) × \(second): \(verdict)")
        }
        if case .unknown(let reason, _) = Self.verdict("model.title.count > 5000", "model.title.hasPrefix(\"a\")") {
            #expect(reason.contains("over 4096 characters"), "\(reason)")
        } else {
            Issue.record("a 5001-character witness is past the bound")
        }
    }
}
