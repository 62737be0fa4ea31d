import Testing

@testable import maplint_source_check

/// The function-length check of `make lint` on small sources.
@Suite struct FunctionLengthTests {
    /// A file with one function whose body has `lines` lines.
    static func function(_ name: String, lines: Int) -> String {
        "func \(name)() {\n" + String(repeating: "    print(1)\n", count: lines) + "}\n"
    }

    static func check(_ source: String, exceptions: String = "") -> [String] {
        let (read, problems) = FunctionLengths.exceptions(in: exceptions, file: "long-functions.txt")
        return problems
            + FunctionLengths.check(
                [(path: "Sources/A.swift", source: source)], exceptions: read, exceptionsFile: "long-functions.txt")
    }

    @Test func aBodyOfSixtyLinesPassesAndOneOfSixtyOneFails() {
        #expect(Self.check(Self.function("short", lines: 60)) == [])
        #expect(
            Self.check(Self.function("long", lines: 61)) == [
                "Sources/A.swift:1: function 'long()' is 61 lines (limit 60)"
            ])
    }

    @Test func bodiesAreCountedBetweenTheirBraces() {
        let source = """
            struct S {
                /// Documented.
                @inline(never) func f(_ a: Int, to b: Int) -> Int { a + b }

                init(value: Int) {
                    print(value)

                    // a comment
                }

                var computed: Int {
                    1
                }

                var observed: Int = 0 {
                    didSet { print(1) }
                }

                static let made: [Int] = {
                    [1]
                }()
            }

            extension S {
                subscript(index: Int) -> Int { index }
                func outer() {
                    func inner() {}
                }
            }
            """
        let found = FunctionLengths.measure(source).map { "\($0.name) \($0.line) \($0.lines)" }
        #expect(
            found == [
                "S.f(_:to:) 3 0", "S.init(value:) 5 3", "S.computed 11 1", "S.observed.didSet 16 0", "S.made 19 1",
                "S.subscript(index:) 25 0", "S.outer() 26 1", "S.outer().inner() 27 0",
            ])
    }

    @Test func anExceptionIsHonoured() {
        let source = "struct S {\n" + Self.function("long", lines: 70) + "}\n"
        #expect(Self.check(source, exceptions: "# why\nSources/A.swift | S.long() | a table of cases\n") == [])
    }

    @Test func aStaleExceptionIsReported() {
        #expect(
            Self.check(Self.function("short", lines: 10), exceptions: "Sources/A.swift | short() | once long\n")
                == ["long-functions.txt:1: stale exception for 'short()' in Sources/A.swift: it is 10 lines (limit 60)"]
        )
        #expect(
            Self.check(Self.function("short", lines: 10), exceptions: "Sources/A.swift | gone() | removed\n")
                == ["long-functions.txt:1: stale exception for 'gone()' in Sources/A.swift: there is no such function"])
    }

    @Test func anExceptionNeedsAReason() {
        #expect(
            Self.check(Self.function("long", lines: 61), exceptions: "Sources/A.swift | long()\n") == [
                "long-functions.txt:1: expected `path | function | reason`",
                "Sources/A.swift:1: function 'long()' is 61 lines (limit 60)",
            ])
    }
}
