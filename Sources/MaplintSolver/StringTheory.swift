import Foundation

/// What a string atom says about a String variable, beyond equality (`StringSet`).
enum StringPredicate: Hashable, Sendable {
    /// `hasPrefix(p)`, `hasSuffix(s)`, `contains(c)`: the literal is non-empty, ASCII, without
    /// CR or LF (see `StringTheory`).
    case prefix(String)
    case suffix(String)
    case contains(String)
    /// `count` (in Characters) lies in the set.
    case length(IntSet)
}

/// Satisfiability of a conjunction of string literals on one variable: equality and membership
/// (`StringSet`), `hasPrefix`, `hasSuffix`, `contains` and `count`, each possibly negated.
///
/// The argument (docs/conditions.md, "Strings"):
///
/// 1. A Swift String is a sequence of Characters, and `==`, `count`, `hasPrefix` and `hasSuffix`
///    work on that sequence (Character equality is canonical equivalence). The prefix, suffix and
///    contains literals are restricted to ASCII other than CR and LF: two such characters never
///    join into one Character, so the literal is the Character sequence of its bytes, and a
///    concatenation of them is the concatenation of their Characters.
/// 2. Replacing every Character of a solution that is not in the literals' alphabet by one fresh
///    ASCII character `fill` (in no literal and no excluded string) keeps every predicate: each
///    occurrence of a literal consists of alphabet Characters only, the length is unchanged, and
///    the result is not an excluded string unless the solution was (excluded strings contain no
///    `fill`; non-ASCII excluded strings are first rewritten to the ASCII string they equal, or
///    dropped when they equal none). So a solution exists exactly when one exists over the
///    alphabet plus `fill`, and for ASCII strings Foundation's `contains` is plain substring search.
/// 3. Over that finite alphabet the literals other than `count` are recognised by a finite
///    automaton whose states are a node of the trie of prefixes and excluded strings (with a flag
///    once the string has left the trie), a node of the Aho–Corasick automaton of the suffix and
///    contains literals, and the set of positive contains literals seen. The sets of states
///    reachable after n characters repeat with some start m and period p, so the lengths the
///    automaton accepts are known for every n; a length allowed by the `count` literals is then
///    found by the Int theory. The witness is the shortest such string.
///
/// Two limits, which make the verdict unknown rather than wrong: the automaton's state sets must
/// repeat within `maxLayers` lengths (with at most `maxStates` states), and the witness must be at
/// most `maxLayers` Characters long.
///
/// One gap of Foundation's `contains` is kept out of "disjoint": on strings that are not ASCII it
/// can match inside a Character (`"\u{600}b".contains("b")` is true although no Character is "b").
/// So when the literals include a positive `contains` and no ASCII string satisfies them, the
/// verdict is "unsatisfiable" only if the literals stay unsatisfiable with each positive
/// `contains(c)` weakened to what it implies on any string: `count >= c.count` and, when c has
/// more than two characters, contains(c without its first and last character); a negative
/// `contains(d)` with d inside a positive literal is unsatisfiable outright. Otherwise unknown.
enum StringTheory {
    static let maxLayers = 4096
    static let maxStates = 20_000

    typealias Literal = (predicate: StringPredicate, positive: Bool)

    /// Whether a literal argument is in the decided alphabet.
    static func isDecidable(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.isASCII && $0 != "\r" && $0 != "\n" }
    }

    static func solve(
        equalities: [(set: StringSet, positive: Bool)], predicates: [Literal], meter: WorkMeter? = nil
    ) -> TheoryAnswer<String> {
        // Finite candidates from positive finite sets (or negated cofinite ones), else excluded strings.
        var candidates: Set<String>?
        var excluded: Set<String> = []
        for (set, positive) in equalities {
            if set.cofinite == positive {
                excluded.formUnion(set.members)
            } else {
                candidates = candidates.map { $0.intersection(set.members) } ?? set.members
            }
        }
        if let candidates {
            let found = candidates.subtracting(excluded).sorted { ($0.count, $0) < ($1.count, $1) }.first {
                holds(predicates, on: $0)
            }
            return found.map { .satisfiable($0) } ?? .unsatisfiable
        }
        let exact = search(predicates, excluded: excluded, meter: meter)
        guard case .unsatisfiable = exact else { return exact }
        guard predicates.contains(where: { if case .contains = $0.predicate { $0.positive } else { false } }) else {
            return .unsatisfiable
        }
        // Some positive contains: decide on the weakened literals, which every String satisfying
        // the originals satisfies.
        var weakened: [Literal] = []
        for literal in predicates {
            guard case .contains(let text) = literal.predicate, literal.positive else {
                weakened.append(literal)
                continue
            }
            for other in predicates where !other.positive {
                if case .contains(let inner) = other.predicate, text.contains(inner) { return .unsatisfiable }
            }
            let characters = Array(text)
            weakened.append(
                (.length(IntSet(intervals: [IntInterval(lower: characters.count, upper: .max)])), true))
            if characters.count > 2 { weakened.append((.contains(String(characters.dropFirst().dropLast())), true)) }
        }
        switch search(weakened, excluded: excluded, meter: meter) {
        case .unsatisfiable: return .unsatisfiable
        case .unknown(let reason): return .unknown(reason)
        case .satisfiable:
            return .unknown(
                "String.contains can match inside a Character of a non-ASCII string, which the analysis does not model")
        }
    }

    /// Evaluates the literals on one string, as the conditions' evaluator does.
    static func holds(_ literals: [Literal], on value: String) -> Bool {
        literals.allSatisfy { literal in
            let result: Bool
            switch literal.predicate {
            case .prefix(let text): result = value.hasPrefix(text)
            case .suffix(let text): result = value.hasSuffix(text)
            case .contains(let text): result = !text.isEmpty && value.contains(text)
            case .length(let set): result = set.contains(value.count)
            }
            return result == literal.positive
        }
    }

    // MARK: The automaton

    private struct State: Hashable {
        var trie: Int
        var left: Bool
        var match: Int
        var seen: UInt64
    }

    /// The literals on one string, by kind; the texts of `hasSuffix` and `contains` are patterns,
    /// named by their position in `patterns`.
    private struct LiteralKinds {
        var prefixes: [(String, Bool)] = []
        var patterns: [String] = []
        var suffixes: [(Int, Bool)] = []
        var contains: [(Int, Bool)] = []
        var lengths: [IntLiteral] = []

        init(_ literals: [Literal]) {
            for literal in literals {
                switch literal.predicate {
                case .prefix(let text): prefixes.append((text, literal.positive))
                case .suffix(let text): suffixes.append((pattern(text), literal.positive))
                case .contains(let text): contains.append((pattern(text), literal.positive))
                case .length(let set): lengths.append(IntLiteral(set: set, positive: literal.positive))
                }
            }
        }

        private mutating func pattern(_ text: String) -> Int {
            if let index = patterns.firstIndex(of: text) { return index }
            patterns.append(text)
            return patterns.count - 1
        }
    }

    /// The shortest ASCII string over the literals' alphabet satisfying them and outside `excluded`.
    private static func search(_ literals: [Literal], excluded: Set<String>, meter: WorkMeter?) -> TheoryAnswer<String>
    {
        let kinds = LiteralKinds(literals)
        guard kinds.contains.filter(\.1).count <= 60 else {
            return .unknown("too many contains(_:) literals on one string")
        }
        var alphabet: Set<Character> = []
        for text in kinds.prefixes.map(\.0) + kinds.patterns { alphabet.formUnion(text) }
        // Excluded strings, as the ASCII strings they equal; those equal to none cannot be a witness.
        var avoided: [String] = []
        for text in excluded {
            guard let ascii = asciiEquivalent(text) else { continue }
            avoided.append(ascii)
            alphabet.formUnion(ascii)
        }
        guard let fill = fillCharacter(avoiding: alphabet) else {
            return .unknown("the strings use every ASCII character")
        }
        // The fill character first, so a witness pads with it: "ADxx" rather than "ADAA".
        var automaton = Automaton(kinds, letters: [fill] + alphabet.sorted(), avoided: avoided)
        automaton.meter = meter
        let start = automaton.id(State(trie: 0, left: false, match: 0, seen: 0))
        let (layers, cycle) = automaton.layers(from: start)
        if let meter, meter.isSpent { return .unknown(meter.reason) }
        let accepting = layers.map { $0.contains(where: { automaton.accepts(automaton.states[$0]) }) }
        switch shortestLength(accepting: accepting, cycle: cycle, lengths: kinds.lengths) {
        case .satisfiable(let length): return automaton.witness(length: length, from: start)
        case .unsatisfiable: return .unsatisfiable
        case .unknown(let reason): return .unknown(reason)
        }
    }

    /// The shortest length of an accepted string that the length literals allow, from which
    /// layers accept (`accepting`) and where the layers repeat (`cycle`, nil when the search
    /// stopped first).
    private static func shortestLength(
        accepting: [Bool], cycle: (start: Int, period: Int)?, lengths: [IntLiteral]
    ) -> TheoryAnswer<Int> {
        let allowed = { (n: Int) in lengths.allSatisfy { $0.set.contains(n) == $0.positive } }
        guard let cycle else {
            for n in accepting.indices where accepting[n] && allowed(n) { return .satisfiable(n) }
            return .unknown("the string conditions have too many cases to search")
        }
        for n in 0..<cycle.start where accepting[n] && allowed(n) { return .satisfiable(n) }
        var length: Int?
        var tooLong = false
        for offset in 0..<cycle.period where accepting[cycle.start + offset] {
            let residue = floorMod(cycle.start + offset, cycle.period)
            var flags = [Bool](repeating: false, count: cycle.period)
            flags[residue] = true
            guard
                let piece = IntPiece(
                    IntInterval(lower: cycle.start, upper: .max), modulus: cycle.period, residues: flags)
            else { continue }
            let literals = lengths + [IntLiteral(set: IntSet(pieces: [piece]), positive: true)]
            switch IntegerTheory.solve(literals, domain: IntInterval(lower: cycle.start, upper: .max)) {
            case .satisfiable(let n):
                if n <= maxLayers {
                    length = min(length ?? n, n)
                } else {
                    tooLong = true
                }
            case .unsatisfiable: break
            case .unknown(let reason): return .unknown(reason)
            }
        }
        if let length { return .satisfiable(length) }
        return tooLong
            ? .unknown("the shortest string satisfying the conditions is over \(maxLayers) characters")
            : .unsatisfiable
    }

    /// The product of the prefix trie (left once the text is longer than every prefix and
    /// excluded string it follows), the pattern matcher and the positive `contains` literals seen,
    /// its states numbered as they are met.
    private struct Automaton {
        let letters: [Character]
        let trie: Trie
        let prefixNodes: [(Int, Bool)]
        let avoidedNodes: Set<Int>
        let suffixes: [(Int, Bool)]
        let matcher: Matcher
        /// The bit of each positive `contains` pattern in `State.seen`.
        let bit: [Int: UInt64]
        let allSeen: UInt64
        /// The patterns of the negative `contains` literals.
        let forbidden: Set<Int>
        var ids: [State: Int] = [:]
        var states: [State] = []
        var edges: [[Int?]] = []
        /// Counts the transitions worked out against the question's budget.
        var meter: WorkMeter?

        init(_ kinds: LiteralKinds, letters: [Character], avoided: [String]) {
            self.letters = letters
            let trie = Trie(kinds.prefixes.map(\.0) + avoided)
            self.trie = trie
            prefixNodes = kinds.prefixes.map { (trie.node(of: $0.0), $0.1) }
            avoidedNodes = Set(avoided.map { trie.node(of: $0) })
            suffixes = kinds.suffixes
            matcher = Matcher(patterns: kinds.patterns.map(Array.init), alphabet: letters)
            let positive = kinds.contains.filter(\.1).map(\.0)
            var bit: [Int: UInt64] = [:]
            for (offset, index) in positive.enumerated() { bit[index] = 1 << UInt64(offset) }
            self.bit = bit
            allSeen = positive.isEmpty ? 0 : (1 << UInt64(positive.count)) &- 1
            forbidden = Set(kinds.contains.filter { !$0.1 }.map(\.0))
        }

        func step(_ state: State, _ letter: Int) -> State? {
            var next = state
            if !state.left, let child = trie.children[state.trie][letters[letter]] {
                next.trie = child
            } else {
                next.left = true
            }
            next.match = matcher.next[state.match][letter]
            for found in matcher.output[next.match] {
                if forbidden.contains(found) { return nil }
                if let mask = bit[found] { next.seen |= mask }
            }
            return next
        }

        func accepts(_ state: State) -> Bool {
            guard state.seen == allSeen else { return false }
            if !state.left, avoidedNodes.contains(state.trie) { return false }
            for (node, positive) in prefixNodes where trie.isAncestor(node, of: state.trie) != positive { return false }
            for (index, positive) in suffixes where matcher.output[state.match].contains(index) != positive {
                return false
            }
            return true
        }

        mutating func id(_ state: State) -> Int {
            if let known = ids[state] { return known }
            states.append(state)
            ids[state] = states.count - 1
            return states.count - 1
        }

        mutating func successors(_ state: Int) -> [Int?] {
            while edges.count <= state { edges.append([]) }
            if edges[state].isEmpty {
                meter?.spend(letters.count)
                edges[state] = letters.indices.map { letter in step(states[state], letter).map { id($0) } }
            }
            return edges[state]
        }

        /// Layers of reachable states, until a set of states repeats (`cycle`) or the search
        /// stops at `maxLayers` layers or `maxStates` states.
        mutating func layers(from start: Int) -> (layers: [[Int]], cycle: (start: Int, period: Int)?) {
            var layers: [[Int]] = [[start]]
            var firstSeen: [[Int]: Int] = [[start]: 0]
            while layers.count <= StringTheory.maxLayers, states.count <= StringTheory.maxStates,
                meter?.isSpent != true
            {
                var next: Set<Int> = []
                meter?.spend(layers[layers.count - 1].count)
                for state in layers[layers.count - 1] {
                    for successor in successors(state) { if let successor { next.insert(successor) } }
                }
                let layer = next.sorted()
                if let earlier = firstSeen[layer] { return (layers, (earlier, layers.count - earlier)) }
                firstSeen[layer] = layers.count
                layers.append(layer)
            }
            return (layers, nil)
        }

        /// The witness: layers with a predecessor for each state, then back from an accepting one.
        mutating func witness(length: Int, from start: Int) -> TheoryAnswer<String> {
            var parents: [[Int: (Int, Int)]] = [[:]]
            var current: Set<Int> = [start]
            for _ in 0..<length {
                if let meter, meter.isSpent { return .unknown(meter.reason) }
                meter?.spend(current.count)
                var next: [Int: (Int, Int)] = [:]
                for state in current.sorted() {
                    for (letter, successor) in successors(state).enumerated() {
                        if let successor, next[successor] == nil { next[successor] = (state, letter) }
                    }
                }
                parents.append(next)
                current = Set(next.keys)
            }
            guard var state = current.sorted().first(where: { accepts(states[$0]) }) else {
                return .unknown("no string of length \(length) was built")
            }
            var text: [Character] = []
            for layer in stride(from: length, to: 0, by: -1) {
                guard let (previous, letter) = parents[layer][state] else { break }
                text.append(letters[letter])
                state = previous
            }
            return .satisfiable(String(text.reversed()))
        }
    }

    private static let printable: [Character] =
        Array("xyz_#-.0123456789") + (32...126).map { Character(UnicodeScalar($0)) }

    private static func fillCharacter(avoiding alphabet: Set<Character>) -> Character? {
        printable.first { !alphabet.contains($0) }
    }

    /// The ASCII string (without CR or LF) equal to `text` under String's `==`, if any.
    static func asciiEquivalent(_ text: String) -> String? {
        if isDecidable(text) { return text }
        var result = ""
        for character in text {
            guard let ascii = printable.first(where: { Character(String($0)) == character }) else { return nil }
            result.append(ascii)
        }
        return result == text ? result : nil
    }

    /// The trie of the prefix literals and excluded strings.
    private struct Trie {
        var children: [[Character: Int]] = [[:]]
        var parent: [Int] = [-1]

        init(_ words: [String]) {
            for word in words { _ = insert(word) }
        }

        private mutating func insert(_ word: String) -> Int {
            var node = 0
            for character in word {
                if let child = children[node][character] {
                    node = child
                } else {
                    children.append([:])
                    parent.append(node)
                    children[node][character] = children.count - 1
                    node = children.count - 1
                }
            }
            return node
        }

        func node(of word: String) -> Int {
            var node = 0
            for character in word { node = children[node][character] ?? node }
            return node
        }

        func isAncestor(_ ancestor: Int, of node: Int) -> Bool {
            var current = node
            while current >= 0 {
                if current == ancestor { return true }
                current = parent[current]
            }
            return false
        }
    }

    /// Aho–Corasick over the suffix and contains literals: `next` for every letter, and the
    /// literals that end at each node (those that are suffixes of the text read so far).
    private struct Matcher {
        var next: [[Int]] = []
        var output: [Set<Int>] = []

        init(patterns: [[Character]], alphabet: [Character]) {
            var goto: [[Character: Int]] = [[:]]
            var ends: [Set<Int>] = [[]]
            for (index, pattern) in patterns.enumerated() {
                var node = 0
                for character in pattern {
                    if let child = goto[node][character] {
                        node = child
                    } else {
                        goto.append([:])
                        ends.append([])
                        goto[node][character] = goto.count - 1
                        node = goto.count - 1
                    }
                }
                ends[node].insert(index)
            }
            var fail = [Int](repeating: 0, count: goto.count)
            next = [[Int]](repeating: [Int](repeating: 0, count: alphabet.count), count: goto.count)
            output = ends
            var queue: [Int] = [0]
            var head = 0
            while head < queue.count {
                let node = queue[head]
                head += 1
                if node != 0 { output[node].formUnion(output[fail[node]]) }
                for (letter, character) in alphabet.enumerated() {
                    if let child = goto[node][character] {
                        fail[child] = node == 0 ? 0 : next[fail[node]][letter]
                        next[node][letter] = child
                        queue.append(child)
                    } else {
                        next[node][letter] = node == 0 ? 0 : next[fail[node]][letter]
                    }
                }
            }
        }
    }
}
