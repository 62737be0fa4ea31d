import Testing

@testable import MaplintOutput
@testable import MaplintResolver
@testable import MaplintText

@Suite struct ResolveOutputTests {
    typealias F = Fixture

    static func sampleResolution() -> Resolution {
        F.resolve(
            host: .collectionView,
            [
                F.register(.header, "FeedHeader", model: "String"),
                F.cell("PostCell", "Post", reuseIdentifier: "Cell"),
                F.cell("AuthorCell", "Author", reuseIdentifier: "Cell"),
                F.cell("FeedCell", "FeedItem"),
                F.register(.supplementary("badge"), "BadgeView", model: "Int"),
            ],
            sections: [
                F.Section(
                    header: .string("Today"), supplementaries: [("badge", .int(3))],
                    items: [F.object("Post"), F.object("Author"), .int(4), .none])
            ])
    }

    @Test func jsonGolden() {
        let expected = """
            {
              "items": [
                {
                  "section": 0,
                  "item": 0,
                  "element": "header",
                  "kind": null,
                  "model": "String",
                  "candidates": [0],
                  "resolved": 0,
                  "view": "FeedHeader",
                  "reuseIdentifier": "FeedHeader",
                  "dequeuedFrom": 0,
                  "problems": []
                },
                {
                  "section": 0,
                  "item": 0,
                  "element": "cell",
                  "kind": null,
                  "model": "Post",
                  "candidates": [1, 3],
                  "resolved": 1,
                  "view": "PostCell",
                  "reuseIdentifier": "Cell",
                  "dequeuedFrom": 2,
                  "problems": ["ambiguous-item", "reuse-identifier-collision"]
                },
                {
                  "section": 0,
                  "item": 1,
                  "element": "cell",
                  "kind": null,
                  "model": "Author",
                  "candidates": [2],
                  "resolved": 2,
                  "view": "AuthorCell",
                  "reuseIdentifier": "Cell",
                  "dequeuedFrom": 2,
                  "problems": []
                },
                {
                  "section": 0,
                  "item": 2,
                  "element": "cell",
                  "kind": null,
                  "model": "Int",
                  "candidates": [],
                  "resolved": null,
                  "view": null,
                  "reuseIdentifier": null,
                  "dequeuedFrom": null,
                  "problems": ["unresolved-item"]
                },
                {
                  "section": 0,
                  "item": 3,
                  "element": "cell",
                  "kind": null,
                  "model": null,
                  "candidates": [],
                  "resolved": null,
                  "view": null,
                  "reuseIdentifier": null,
                  "dequeuedFrom": null,
                  "problems": ["nil-model"]
                },
                {
                  "section": 0,
                  "item": 0,
                  "element": "supplementary",
                  "kind": "badge",
                  "model": "Int",
                  "candidates": [4],
                  "resolved": 4,
                  "view": "BadgeView",
                  "reuseIdentifier": "BadgeView",
                  "dequeuedFrom": 4,
                  "problems": []
                }
              ]
            }

            """
        #expect(ResolutionJSONFormatter().format(Self.sampleResolution()) == expected)
    }

    @Test func jsonKeysFollowTheContractOrder() {
        let output = ResolutionJSONFormatter().format(Self.sampleResolution())
        let keys = [
            "section", "item", "element", "kind", "model", "candidates", "resolved", "view", "reuseIdentifier",
            "dequeuedFrom", "problems",
        ]
        let firstObject = output.split(separator: "}").first.map(String.init) ?? ""
        let written = firstObject.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.first == "\"", let end = trimmed.dropFirst().firstIndex(of: "\"") else { return nil }
            return String(trimmed[trimmed.index(after: trimmed.startIndex)..<end])
        }
        #expect(written == ["items"] + keys)
    }

    @Test func jsonOfNoItems() {
        let empty = Resolution(items: [], groups: [], liveRegistrations: [])
        #expect(ResolutionJSONFormatter().format(empty) == "{\n  \"items\": []\n}\n")
    }

    @Test func jsonStringsAreEscaped() {
        #expect(JSONValue.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONValue.quoted("line\nbreak\ttab\r\u{08}\u{0C}") == #""line\nbreak\ttab\r\b\f""#)
        #expect(JSONValue.quoted("\u{01}\u{1F}") == #""\u0001\u001f""#)
        #expect(JSONValue.quoted("Zelle-ü 📮 /") == "\"Zelle-ü 📮 /\"")
    }

    @Test func decimalsAreWrittenAsStringWritesThem() {
        // Every power of ten and the number before it, both signs, and the extremes.
        let powers = (0..<18).reduce(into: [1]) { list, _ in list.append(list.last! * 10) }
        let values =
            [0, 12_345, -98_765, Int.max, Int.min, Int.max - 1, Int.min + 1]
            + powers.flatMap { [$0, $0 - 1, -$0, 1 - $0] }
        for value in values {
            var output: [UInt8] = [UInt8(ascii: "x")]
            output.append(decimal: value)
            #expect(String(decoding: output, as: UTF8.self) == "x" + String(value))
        }
        var literal: [UInt8] = []
        literal.append(literal: "a\"é")
        #expect(literal == Array("a\"é".utf8))
    }

    @Test func textIsBuiltFromPiecesAsConcatenationBuildsIt() {
        var text = TextBuilder(capacity: 4)
        let pieces = ["Zelle-ü", " 📮 ", "", "PostCell", String(repeating: "é", count: 40)]
        for piece in pieces { text.append(piece) }
        text.append(literal: " (entry ")
        text.append(decimal: -12)
        text.append(literal: ")")
        #expect(text.string == pieces.joined() + " (entry -12)")
        #expect(TextBuilder().string.isEmpty)
    }

    /// Text is scanned eight bytes at a time; an escaped character anywhere in or across those
    /// words, next to non-ASCII bytes, is escaped as one byte at a time escapes it.
    @Test func jsonEscapesAreFoundAtEveryPositionOfAWord() {
        // JSON's escapes, one Unicode scalar at a time (RFC 8259, section 7), and \u escapes for
        // DEL, the C1 controls, U+2028 and U+2029, which reach a terminal otherwise.
        let named: [Unicode.Scalar: String] = [
            "\"": #"\""#, "\\": #"\\"#, "\n": #"\n"#, "\r": #"\r"#, "\t": #"\t"#, "\u{08}": #"\b"#,
            "\u{0C}": #"\f"#,
        ]
        func reference(_ text: String) -> String {
            let body = text.unicodeScalars.map { scalar -> String in
                if let escape = named[scalar] { return escape }
                let value = scalar.value
                guard value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 else {
                    return String(scalar)
                }
                let hex = String(value, radix: 16)
                return #"\u"# + String(repeating: "0", count: 4 - hex.count) + hex
            }
            return "\"" + body.joined() + "\""
        }
        let specials: [String] = [
            "\"", "\\", "\n", "\u{00}", "\u{1F}", "\u{7F}", " ", "é", "📮", "!", "]", "\\\"", "\u{85}", "\u{9F}",
            "\u{A0}", "\u{2028}", "\u{2029}", "→", "\u{2027}",
        ]
        var checked = 0
        for length in 0...19 {
            for position in 0..<max(1, length) {
                for special in specials {
                    var text = String(repeating: "a", count: length)
                    if length > 0 {
                        let index = text.index(text.startIndex, offsetBy: position)
                        text.replaceSubrange(index...index, with: special)
                    }
                    #expect(JSONValue.quoted(text) == reference(text), "\(Array(text.utf8))")
                    checked += 1
                }
            }
        }
        #expect(checked == 191 * 19)
    }

    @Test func jsonWriterNestsArraysOfObjects() {
        let value = JSONValue.object([
            ("a", .array([.object([("b", .bool(true))]), .object([])])), ("c", .double(1.5)), ("d", .null),
        ])
        #expect(
            value.rendered() == """
                {
                  "a": [
                    {
                      "b": true
                    },
                    {}
                  ],
                  "c": 1.5,
                  "d": null
                }
                """)
    }

    @Test func tableGolden() {
        let expected = """
               SECTION  ITEM  ELEMENT               MODEL   VIEW        REUSE ID    NOTES
               0        0     header                String  FeedHeader  FeedHeader
            !  0        0     cell                  Post    PostCell    Cell        ambiguous-item (candidates 1, 3); reuse-identifier-collision (dequeues AuthorCell of entry 2)
               0        1     cell                  Author  AuthorCell  Cell
            !  0        2     cell                  Int     -           -           unresolved-item
            !  0        3     cell                  nil     -           -           nil-model
               0        0     supplementary(badge)  Int     BadgeView   BadgeView
            6 elements: 4 resolved, 1 unresolved, 1 nil; 3 with problems

            """
        #expect(ResolutionTableFormatter().format(Self.sampleResolution()) == expected)
    }

    @Test func tableAlignsByCharacters() {
        let output = ResolutionTableFormatter().format(
            F.resolve(
                [F.cell("PostCell", "Post", reuseIdentifier: "Zelle-ü"), F.cell("AuthorCell", "Author")],
                sections: [F.Section(items: [F.object("Post"), F.object("Author")])]))
        #expect(
            output == """
                   SECTION  ITEM  ELEMENT  MODEL   VIEW        REUSE ID    NOTES
                   0        0     cell     Post    PostCell    Zelle-ü
                   0        1     cell     Author  AuthorCell  AuthorCell
                2 elements: 2 resolved, 0 unresolved, 0 nil

                """)
    }

    @Test func tableOfNoItems() {
        let empty = Resolution(items: [], groups: [], liveRegistrations: [])
        #expect(
            ResolutionTableFormatter().format(empty)
                == "   SECTION  ITEM  ELEMENT  MODEL  VIEW  REUSE ID  NOTES\n0 elements: 0 resolved, 0 unresolved, 0 nil\n"
        )
    }

    @Test func tableColoursProblemRowsBySeverity() {
        let lines = ResolutionTableFormatter(colour: true).format(Self.sampleResolution()).split(separator: "\n").map(
            String.init)
        func line(_ number: Int) -> String { lines.indices.contains(number) ? lines[number] : "" }
        #expect(lines.count == 8)
        #expect(line(0).hasPrefix("\u{1B}[1m   SECTION") && line(0).hasSuffix("\u{1B}[0m"))
        #expect(line(1).hasPrefix("   0") && !line(1).contains("\u{1B}"))
        #expect(line(2).hasPrefix("\u{1B}[31m!  0") && line(2).hasSuffix("\u{1B}[0m"))
        #expect(line(4).hasPrefix("\u{1B}[31m!  0"))
        #expect(line(5).hasPrefix("\u{1B}[33m!  0"))
        #expect(line(7) == "6 elements: 4 resolved, 1 unresolved, 1 nil; 3 with problems")
        #expect(!ResolutionTableFormatter().format(Self.sampleResolution()).contains("\u{1B}"))
    }

    @Test func csvGolden() {
        let expected = """
            section,item,element,kind,model,candidates,resolved,view,reuseIdentifier,dequeuedFrom,problems
            0,0,header,,String,0,0,FeedHeader,FeedHeader,0,
            0,0,cell,,Post,1 3,1,PostCell,Cell,2,ambiguous-item reuse-identifier-collision
            0,1,cell,,Author,2,2,AuthorCell,Cell,2,
            0,2,cell,,Int,,,,,,unresolved-item
            0,3,cell,,,,,,,,nil-model
            0,0,supplementary,badge,Int,4,4,BadgeView,BadgeView,4,

            """
        #expect(ResolutionCSVFormatter().format(Self.sampleResolution()) == expected)
    }

    @Test func csvQuotesFieldsWithCommasQuotesAndLineBreaks() {
        let resolution = F.resolve(
            host: .collectionView,
            [
                F.register(.supplementary("a,b"), "BadgeView", model: "Int", reuseIdentifier: "say \"hi\""),
                F.register(.supplementary("two\nlines"), "RibbonView", model: "Int"),
            ], sections: [F.Section(supplementaries: [("a,b", .int(1)), ("two\nlines", .int(2))])])
        let expected =
            "section,item,element,kind,model,candidates,resolved,view,reuseIdentifier,dequeuedFrom,problems\r\n"
            + "0,0,supplementary,\"a,b\",Int,0,0,BadgeView,\"say \"\"hi\"\"\",0,\r\n"
            + "0,0,supplementary,\"two\nlines\",Int,1,1,RibbonView,RibbonView,1,\r\n"
        #expect(ResolutionCSVFormatter(lineEnding: "\r\n").format(resolution) == expected)
    }
}

@Suite struct ResolveOutputReuseGroupTests {
    @Test func reuseGroupJSONFollowsTheReportContract() {
        let group = ReuseIdentifierGroup(
            identifier: "PostCell", namespace: .cell, registrations: [0, 1], collision: true, winner: 1)
        #expect(
            JSONValue.array([group.jsonValue]).rendered() == """
                [
                  {
                    "identifier": "PostCell",
                    "namespace": "cell",
                    "registrations": [0, 1],
                    "collision": true
                  }
                ]
                """)
        let badge = ReuseIdentifierGroup(
            identifier: "B", namespace: .supplementary(kind: "badge"), registrations: [3], collision: false, winner: 3)
        #expect(
            badge.jsonValue
                == .object([
                    ("identifier", .string("B")), ("namespace", .string("badge")),
                    ("registrations", .array([.int(3)])), ("collision", .bool(false)),
                ]))
    }
}
