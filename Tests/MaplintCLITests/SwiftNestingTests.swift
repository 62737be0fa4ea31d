import Foundation
import Testing

/// Swift nobody writes by hand but generators and attackers do: deep nesting, long chains, runs of
/// `[`, huge files. Each ends in findings or a positioned error with status 2, never a signal or a
/// hang (docs/limits-and-safety.md, "Deeply nested or huge Swift").
@Suite struct SwiftNestingTests {
    /// Lints one file holding `text` (`lint --swift`); the output and the file's name.
    func lint(_ text: String) throws -> ProcessOutput {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(text.utf8).write(to: folder.appendingPathComponent("Deep.swift"))
        return try runMaplint(["lint", "--swift", "Deep.swift"], in: folder)
    }

    /// The first finding line of a run.
    func first(_ output: ProcessOutput) -> String {
        output.stdout.split(separator: "\n").first.map(String.init) ?? ""
    }

    /// swift-syntax's time doubles with each `[` of a run: more than 16 are refused at the 17th.
    @Test func aLongRunOfSquareBracketsIsAPositionedError() throws {
        let deep = try lint(
            "let x = " + String(repeating: "[", count: 1_000) + "1" + String(repeating: "]", count: 1_000))
        #expect(deep.status == 2)
        #expect(
            first(deep)
                == "Deep.swift:1:25: error: more than 16 `[` open in a row here: the Swift parser's time doubles with "
                + "each one, so the file is not read: exclude it (generated code), or name the inner values "
                + "[invalid-manifest]")
        // Parentheses between them do not break the run.
        let mixed = try lint("let x = " + String(repeating: "[(", count: 17) + "1" + String(repeating: ")]", count: 17))
        #expect(mixed.status == 2)
        #expect(first(mixed).hasPrefix("Deep.swift:1:41: error: more than 16 `[` open in a row"), "\(mixed.stdout)")
        // Twelve are read as any file is; `[` inside strings and comments do not count.
        let fine = try lint(
            "let x = " + String(repeating: "[", count: 12) + "1" + String(repeating: "]", count: 12) + "\n"
                + "let s = \"" + String(repeating: "[", count: 40) + "\" // " + String(repeating: "[", count: 40) + "\n"
        )
        #expect(fine.status == 0, "\(fine.stdout)")
    }

    /// Brackets 1,000 deep are parsed (on the large stack); one more is refused where it opens.
    @Test func bracketsNestedBeyondTheLimitAreAPositionedError() throws {
        let within = try lint(
            "let x = " + String(repeating: "(", count: 999) + "1" + String(repeating: ")", count: 999))
        #expect(within.status == 0, "\(within.stdout)")
        let beyond = try lint(
            "let x =\n  " + String(repeating: "{ ", count: 1_001) + String(repeating: "}", count: 1_001))
        #expect(beyond.status == 2)
        #expect(
            first(beyond)
                == "Deep.swift:2:2003: error: brackets, generic arguments and strings nest more than 1000 deep here; "
                + "the file is not read: exclude it (generated code), or nest less [invalid-manifest]")
        // Interpolations nest strings inside code inside strings: they count too.
        let strings = try lint(
            "let s = " + String(repeating: "\"\\(", count: 600) + "1" + String(repeating: ")\"", count: 600))
        #expect(strings.status == 2)
        #expect(first(strings).contains("nest more than 1000 deep"))
    }

    /// `#if` blocks 1,000 deep are read (swift-syntax stops nesting at 256 and reports a syntax
    /// error, a note); one more is refused where it opens: the parser's time on deeper blocks
    /// grows with their depth (28,000 took 3 s). `#elseif`, `#endif` and a `#if` in a comment or
    /// a string do not open one.
    @Test func conditionalBlocksNestedBeyondTheLimitAreAPositionedError() throws {
        func blocks(_ depth: Int) -> String {
            (0..<depth).map { "#if FLAG\($0)\n" }.joined() + "let x = 1\n" + String(repeating: "#endif\n", count: depth)
        }
        let within = try lint(blocks(1_000))
        #expect(within.status == 0, "\(within.stdout)")
        let beyond = try lint("// #if\nlet s = \"#if\"\n" + blocks(1_001))
        #expect(beyond.status == 2)
        #expect(
            first(beyond)
                == "Deep.swift:1003:1: error: `#if` blocks nest more than 1000 deep here; the file is not read: "
                + "exclude it (generated code), or nest less [invalid-manifest]")
        // Blocks one after another, each with its branches, are not nested.
        let flat = try lint(
            String(repeating: "#if A\nlet a = 1\n#elseif B\nlet b = 1\n#else\nlet c = 1\n#endif\n", count: 1_500))
        #expect(flat.status == 0, "\(flat.stdout)")
    }

    /// A long chain of calls is a tree as deep as it is long: 2,000 calls are read, 10,001 are
    /// refused at the call where the tree passes 20,000 levels.
    @Test func longCallChains() throws {
        let short = try lint("let x = a" + String(repeating: ".b()", count: 2_000) + "\n")
        #expect(short.status == 0, "\(short.stdout)")
        let long = try lint("let x = a" + String(repeating: ".b()", count: 10_001) + "\n")
        #expect(long.status == 2)
        #expect(
            first(long).hasSuffix(
                "error: the code nests more than 20000 syntax levels deep here (a long chain of calls, `else if` or "
                    + "operators); the file is not read: exclude it, or split the chain [invalid-manifest]"),
            "\(long.stdout)")
    }

    /// Beyond every check before parsing, a parser that runs out of stack (a run of a million
    /// `try`) ends the run with the file named and status 2, not a signal.
    @Test func aParserThatRunsOutOfStackNamesTheFile() throws {
        let output = try lint("func f() throws { let x = " + String(repeating: "try ", count: 1_000_000) + "g() }\n")
        #expect(output.status == 2)
        #expect(
            output.stderr.hasPrefix(
                "maplint: Deep.swift: this file is beyond what maplint can read (it ran out of stack parsing it"),
            "\(output.stderr)")
    }

    /// A chain of 6,000 subclasses is walked once, not once per class (it took minutes).
    @Test func aLongSubclassChainIsLinear() throws {
        var text = "class C0: NSObject {}\n"
        for index in 1..<6_000 { text += "class C\(index): C\(index - 1) {}\n" }
        let output = try lint(text)
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout == "1 file checked: 0 errors, 0 warnings, 0 notes\n")
    }

    /// A file over 8 MiB is not parsed.
    @Test func aHugeFileIsAnError() throws {
        let output = try lint(String(repeating: "// padding\n", count: 800_000))
        #expect(output.status == 2)
        #expect(
            first(output)
                == "Deep.swift:1:1: error: the Swift file is 8800000 bytes, over maplint's limit of 8388608 (8 MiB); it "
                + "is not read: exclude it (generated code), or split it [invalid-manifest]")
    }

    /// A file with CR line breaks only (classic Mac) gets its findings on the right lines.
    @Test func crOnlyLineBreaksCountAsLines() throws {
        let screen = FixSafetyTests.screen.replacingOccurrences(of: "\n", with: "\r")
        let output = try lint(screen)
        #expect(output.status == 1)
        let places = output.stdout.split(separator: "\n").filter { $0.contains(": error: ") }.map {
            $0.split(separator: ":").prefix(3).joined(separator: ":")
        }
        #expect(places == ["Deep.swift:18:13"], "\(output.stdout)")
    }
}
