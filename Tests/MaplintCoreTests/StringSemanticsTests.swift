import Testing

@testable import MaplintManifest
@testable import MaplintSolver

/// The facts about Swift's strings the string theory relies on (docs/conditions.md, "Strings"),
/// checked with the conditions' own evaluator on random strings made of pieces that stress
/// grapheme breaking: combining, prepended and spacing marks, joiners, variation selectors,
/// regional indicators, Hangul jamo, CR and LF, and characters canonically equivalent to ASCII.
@Suite struct StringSemanticsTests {
    static let pieces = [
        "a", "b", "K", ";", " ", "ab", "\u{301}", "\u{600}", "\u{200D}", "\u{FE0F}", "\u{1F1EB}", "\u{1F1F7}", "\r",
        "\n", "\u{212A}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{E9}", "\u{903}", "\u{915}", "\u{94D}", "\u{1F468}",
        "\u{308}", "\u{37E}", "\u{1F3FB}", "\u{AC00}", "\u{E33}",
    ]
    /// Literal characters inside the decided fragment.
    static let letters = ["a", "b", "K", ";", " "]

    /// What the evaluator says of `model.<member>` on a String model.
    static func evaluate(_ member: String, _ value: String) -> Bool? {
        guard case .success(let condition) = ConditionFixture.compile("model.\(member)", model: .builtin(.string))
        else {
            Issue.record("'model.\(member)' does not compile")
            return nil
        }
        guard
            case .value(let result) = condition.evaluate(model: .string(value), at: ItemIndexPath(section: 0, item: 0))
        else { return nil }
        return result
    }

    static func occurs(_ part: [Character], in whole: [Character]) -> Bool {
        guard !part.isEmpty, part.count <= whole.count else { return false }
        return (0...(whole.count - part.count)).contains { Array(whole[$0..<($0 + part.count)]) == part }
    }

    @Test func stringPredicatesBehaveAsTheStringTheoryAssumes() {
        var rng = ConditionSolverPropertyTests.SplitMix64(state: 0x5717_0001)
        for _ in 0..<1500 {
            let value = (0..<Int.random(in: 0...6, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }
                .joined()
            let literal = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Self.letters.randomElement(using: &rng)! }
                .joined()
            #expect(StringTheory.isDecidable(literal))
            let characters = Array(value)
            let pattern = Array(literal)
            let context = "\(value.unicodeScalars.map { String($0.value, radix: 16) }) / \(literal)"
            // hasPrefix and hasSuffix work on Characters.
            #expect(Self.evaluate("hasPrefix(\"\(literal)\")", value) == characters.starts(with: pattern), "\(context)")
            #expect(
                Self.evaluate("hasSuffix(\"\(literal)\")", value)
                    == characters.reversed().starts(with: pattern.reversed()), "\(context)")
            guard let contains = Self.evaluate("contains(\"\(literal)\")", value) else { continue }
            // A Character occurrence is found by contains; what contains finds implies the weakening.
            if Self.occurs(pattern, in: characters) { #expect(contains, "\(context)") }
            if contains {
                #expect(characters.count >= pattern.count, "\(context)")
                if pattern.count > 2 {
                    #expect(Self.occurs(Array(pattern.dropFirst().dropLast()), in: characters), "\(context)")
                }
                for start in pattern.indices {
                    for end in (start + 1)...pattern.count {
                        #expect(
                            Self.evaluate("contains(\"\(String(pattern[start..<end]))\")", value) == true,
                            "\(context)")
                    }
                }
            }
            // On ASCII strings without CR and LF, contains is substring search and count the length.
            if StringTheory.isDecidable(value) {
                #expect(contains == Self.occurs(pattern, in: characters), "\(context)")
                #expect(characters.count == value.unicodeScalars.count, "\(context)")
            }
        }
    }

    @Test func containsCanMatchInsideACharacterOfANonASCIIString() {
        // The gap the theory keeps out of "disjoint".
        #expect(Self.evaluate("contains(\"b\")", "\u{600}b") == true)
        #expect(Array("\u{600}b").count == 1)
        #expect(Self.evaluate("hasPrefix(\"b\")", "\u{600}b") == false)
        #expect(Self.evaluate("hasPrefix(\"K\")", "\u{212A}x") == true)
    }

    @Test func asciiEquivalentsFollowCanonicalEquivalence() {
        #expect(StringTheory.asciiEquivalent("\u{212A}a") == "Ka")
        #expect(StringTheory.asciiEquivalent("\u{37E}") == ";")
        #expect(StringTheory.asciiEquivalent("caf\u{E9}") == nil)
        #expect(StringTheory.asciiEquivalent("ab") == "ab")
    }
}
