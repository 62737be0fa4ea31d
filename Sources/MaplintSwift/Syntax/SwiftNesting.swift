@_spi(RawSyntax) import SwiftSyntax

/// The limits that keep reading any Swift file, however it is written, within the stack and
/// memory of one run: a file beyond one is not parsed (or not read further) and gets an error at
/// the place that crossed it, instead of ending the process.
///
/// swift-syntax parses brackets, generic arguments and nested strings by recursion, and its
/// lookahead does not stop at the parser's own nesting limit; the trees it makes are walked by
/// recursive visitors. `maplint` runs on a thread with a 512 MiB stack (`MainThread`), which holds
/// everything below these limits many times over (`SwiftNestingTests` runs files just under each).
enum SwiftNesting {
    /// Largest Swift file read, in bytes. swift-syntax's tree takes about forty times a file's size.
    package static let maxFileSize = 8 << 20
    /// Deepest nesting of brackets `( [ {`, generic argument lists and string literals.
    static let maxBracketDepth = 1_000
    /// Deepest syntax tree: a chain of 2,000 method calls is 4,000 levels deep.
    package static let maxTreeDepth = 20_000
    /// Most `[` in one run of opening brackets (`[[[`, `[([`, with only spaces between). swift-syntax
    /// 602 asks, at each `[` of such a run, whether an inline-array type (`[3 of Int]`) starts
    /// there, and again whether any type does, so the time doubles with each `[`: 16 take about a
    /// second (`make bench`), 22 would take a minute.
    static let maxSquareBracketRun = 16

    /// Why the text is not parsed, with the UTF-8 offset where that shows, or nil.
    package static func unreadable(_ bytes: [UInt8]) -> (offset: Int, message: String)? {
        switch scan(bytes) {
        case nil: return nil
        case .nesting(let offset):
            return (
                offset,
                "brackets, generic arguments and strings nest more than \(maxBracketDepth) deep here; the file "
                    + "is not read: exclude it (generated code), or nest less"
            )
        case .conditionalNesting(let offset):
            return (
                offset,
                "`#if` blocks nest more than \(maxBracketDepth) deep here; the file is not read: exclude it "
                    + "(generated code), or nest less"
            )
        case .squareBracketRun(let offset):
            return (
                offset,
                "more than \(maxSquareBracketRun) `[` open in a row here: the Swift parser's time doubles with each "
                    + "one, so the file is not read: exclude it (generated code), or name the inner values"
            )
        }
    }

    /// What `scan` finds first.
    enum Excess: Equatable {
        /// Brackets, generic argument lists and strings nest deeper than the limit at this offset.
        case nesting(Int)
        /// A run of opening brackets holds more `[` than the limit: the one over it is here.
        case squareBracketRun(Int)
        /// `#if` blocks nest deeper than the limit at this offset.
        case conditionalNesting(Int)
    }

    static let endif = Array("endif".utf8)

    /// An open bracket, generic argument list, string literal or interpolation, as `scan` reads.
    private enum Frame {
        case bracket, angle
        /// A string literal: its number of `#`, and whether it is `"""`.
        case string(pounds: Int, multiline: Bool)
        /// `\(…)` inside a string: code until its closing parenthesis.
        case interpolation
    }

    /// Where the text first nests deeper than `limit` brackets, generic argument lists and
    /// strings, or `#if` blocks, or first opens more than `runLimit` square brackets in a row
    /// (only spaces and `(` between them); nil when it does neither. Comments are skipped; the text of a string is
    /// skipped, but the code of its interpolations counts. One pass, no recursion.
    static func scan(
        _ bytes: [UInt8], limit: Int = maxBracketDepth, runLimit: Int = maxSquareBracketRun
    ) -> Excess? {
        var frames: [Frame] = []
        var index = 0
        let count = bytes.count
        func at(_ offset: Int) -> UInt8 { offset < count ? bytes[offset] : 0 }
        var run = 0
        var conditionals = 0
        while index < count {
            let byte = bytes[index]
            if byte == 0x5B {
                run += 1
            } else if byte != 0x28 && byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                run = 0
            }
            if case .string(let pounds, let multiline) = frames.last {
                index = stepInString(bytes, at: index, pounds: pounds, multiline: multiline, frames: &frames)
                if frames.count > limit { return .nesting(index - 1) }
                continue
            }
            switch byte {
            case 0x2F where at(index + 1) == 0x2F: // a line comment
                while index < count, bytes[index] != 0x0A { index += 1 }
                continue
            case 0x2F where at(index + 1) == 0x2A: // a block comment, which nests
                index = endOfBlockComment(bytes, from: index)
                continue
            case 0x23, 0x22: // `#"…"#`, `"…"`, `"""…"""`
                let end = endOfPounds(bytes, from: index)
                let pounds = end - index
                guard at(end) == 0x22 else {
                    conditionals = max(conditionals + conditionalStep(bytes, at: index, pounds: pounds), 0)
                    if conditionals > limit { return .conditionalNesting(index) }
                    index = end
                    continue
                }
                let multiline = at(end + 1) == 0x22 && at(end + 2) == 0x22
                frames.append(.string(pounds: pounds, multiline: multiline))
                if frames.count > limit { return .nesting(index) }
                index = end + (multiline ? 3 : 1)
                continue
            case 0x28, 0x5B, 0x7B:
                if run > runLimit { return .squareBracketRun(index) }
                frames.append(.bracket)
                if frames.count > limit { return .nesting(index) }
            case 0x3C where index > 0 && isIdentifier(bytes[index - 1]):
                frames.append(.angle)
                if frames.count > limit { return .nesting(index) }
            case 0x3E:
                if case .angle = frames.last { frames.removeLast() }
            case 0x29, 0x5D, 0x7D:
                close(&frames)
            default: break
            }
            index += 1
        }
        return nil
    }

    /// Just past the `#`s that start at `start` (at `start` when there are none).
    private static func endOfPounds(_ bytes: [UInt8], from start: Int) -> Int {
        var end = start
        while end < bytes.count, bytes[end] == 0x23 { end += 1 }
        return end
    }

    /// Closes the bracket or interpolation on top of `frames` at `)`, `]` or `}`, after the angle
    /// frames above it: a `<` that no `>` closed was a comparison.
    private static func close(_ frames: inout [Frame]) {
        while case .angle = frames.last { frames.removeLast() }
        if let last = frames.last {
            switch last {
            case .bracket, .interpolation: frames.removeLast()
            case .angle, .string: break
            }
        }
    }

    /// Whether `byte` may be part of an identifier (ASCII letters, digits, `_`, any non-ASCII byte).
    private static func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte >= 0x80
    }

    /// How the `pounds` `#` at `index` (not followed by a string) change the depth of `#if`
    /// blocks: 1 for `#if`, -1 for `#endif`, 0 otherwise. The parser's time on nested blocks grows
    /// with their depth, and past 256 it reads no further.
    private static func conditionalStep(_ bytes: [UInt8], at index: Int, pounds: Int) -> Int {
        guard pounds == 1, index == 0 || !isIdentifier(bytes[index - 1]) else { return 0 }
        let count = bytes.count
        func at(_ offset: Int) -> UInt8 { offset < count ? bytes[offset] : 0 }
        let end = index + 1
        if at(end) == 0x69, at(end + 1) == 0x66, !isIdentifier(at(end + 2)) { return 1 }
        if bytes[end...].starts(with: Self.endif), !isIdentifier(at(end + 5)) { return -1 }
        return 0
    }

    /// Reads the byte at `index` inside the string literal on top of `frames` (`pounds` `#`,
    /// `"""` when `multiline`): `\(` (with the string's `#`) pushes an interpolation, the closing
    /// delimiter pops the string, as does a line break for a single-line string, which ends at
    /// the line's end even when it is not closed. The offset to read next; just past the `(` of
    /// an interpolation pushed.
    private static func stepInString(
        _ bytes: [UInt8], at index: Int, pounds: Int, multiline: Bool, frames: inout [Frame]
    ) -> Int {
        let count = bytes.count
        func at(_ offset: Int) -> UInt8 { offset < count ? bytes[offset] : 0 }
        let byte = bytes[index]
        if byte == 0x5C { // a backslash, then as many `#` as the string's delimiter
            var end = index + 1
            var seen = 0
            while seen < pounds, at(end) == 0x23 {
                seen += 1
                end += 1
            }
            if seen == pounds, at(end) == 0x28 {
                frames.append(.interpolation)
                return end + 1
            }
            return end + (seen == pounds ? 1 : 0)
        }
        if byte == 0x22 {
            let quotes = multiline ? 3 : 1
            var end = index
            while end - index < quotes, at(end) == 0x22 { end += 1 }
            var seen = 0
            while seen < pounds, at(end) == 0x23 {
                seen += 1
                end += 1
            }
            if end - index - seen == quotes, seen == pounds {
                frames.removeLast()
                return end
            }
        }
        if byte == 0x0A, !multiline { frames.removeLast() }
        return index + 1
    }

    /// Just past the block comment (`/* … */`, which nests) that starts at `start`, or the end of
    /// the text when it is not closed. `lineBreak` is told the offset of every line break inside.
    static func endOfBlockComment(_ bytes: [UInt8], from start: Int, lineBreak: (Int) -> Void = { _ in }) -> Int {
        let count = bytes.count
        var index = start
        var nesting = 0
        while index < count {
            let next: UInt8 = index + 1 < count ? bytes[index + 1] : 0
            if bytes[index] == 0x2F, next == 0x2A {
                nesting += 1
                index += 2
            } else if bytes[index] == 0x2A, next == 0x2F {
                nesting -= 1
                index += 2
                if nesting == 0 { break }
            } else {
                if bytes[index] == 0x0A || (bytes[index] == 0x0D && next != 0x0A) { lineBreak(index) }
                index += 1
            }
        }
        return index
    }

    /// The first node (in a depth-first walk) deeper than `limit` in the tree, or nil. Walks with
    /// a list of its own, so the walk itself does not recurse. The raw tree is walked first: its
    /// nodes cost nothing to visit, and it holds every node of the tree as read (and the missing
    /// ones the parser added), so a raw tree within the limit is a tree within it; only a deeper
    /// one is walked again to find the node, as the tree read shows it.
    ///
    /// `visit`, when given, is told every node with layout (not the tokens) of the raw walk, in
    /// document order, with the UTF-8 offset where it starts (its leading trivia included): what
    /// else a file needs from all its nodes is read in this one walk (`UnattributedCalls.Finder`).
    package static func tooDeep(
        _ tree: some SyntaxProtocol, limit: Int = maxTreeDepth, visiting visit: ((RawSyntax, Int) -> Void)? = nil
    ) -> Syntax? {
        var rawPending: [(node: RawSyntax, offset: Int, depth: Int)] = [(tree.raw, 0, 0)]
        var deepest = 0
        while let (node, offset, depth) = rawPending.popLast() {
            deepest = max(deepest, depth)
            guard let layout = node.layoutView else { continue }
            visit?(node, offset)
            // The children last to first, so that the first is visited next: each starts where
            // the ones after it start, less its length.
            var childOffset = offset + node.byteLength
            for child in layout.children.reversed() {
                guard let child else { continue }
                childOffset -= child.byteLength
                rawPending.append((child, childOffset, depth + 1))
            }
        }
        guard deepest > limit else { return nil }
        var pending: [(node: Syntax, depth: Int)] = [(Syntax(tree), 0)]
        while let (node, depth) = pending.popLast() {
            if depth > limit { return node }
            for child in node.children(viewMode: .sourceAccurate).reversed() { pending.append((child, depth + 1)) }
        }
        return nil
    }
}
