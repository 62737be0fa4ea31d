import Testing

@testable import MaplintFindings
@testable import MaplintManifest
@testable import MaplintYAML

/// A sample model's builtin and enum property values are read straight from libyaml's bytes
/// when they plainly are of the declared type (`CoreSchema.typed`, `YAMLEventStream.next(_:)`);
/// everything else goes the general way. Both ways must give the same values and the same
/// diagnostics at the same positions.
@Suite struct TypedScalarTests {
    static func typed(_ text: String, plain: Bool = true, as want: YAMLScalarWant) -> String {
        let bytes = Array(text.utf8)
        let result = bytes.withUnsafeBufferPointer { CoreSchema.typed($0, plain: plain, as: want) }
        switch result {
        case nil: return "general"
        case .int(let value)?: return "int \(value)"
        case .double(let value)?: return "double \(value)"
        case .bool(let value)?: return "bool \(value)"
        case .string(let value)?: return "string \(value)"
        case .event?: return "event"
        }
    }

    /// What the general way makes of a plain scalar wanted as `want`, in `typed`'s terms (nil
    /// where it is not a value of that type).
    static func general(_ text: String, as want: YAMLScalarWant) -> String? {
        switch (want, CoreSchema.resolve(plain: text)) {
        case (.int, .int(let value)): return "int \(value)"
        case (.double, .int(let value)): return "double \(Double(value))"
        case (.double, .float(let value)): return "double \(value)"
        case (.bool, .bool(let value)): return "bool \(value)"
        case (.string, .string(let value)): return "string \(value)"
        default: return nil
        }
    }

    @Test(arguments: [
        ("123", YAMLScalarWant.int, "int 123"),
        ("+5", .int, "int 5"),
        ("-0", .int, "int 0"),
        ("00012", .int, "int 12"),
        ("-123456789012345678", .int, "int -123456789012345678"),
        // 19 digits may not fit: the general way decides.
        ("1234567890123456789", .int, "general"),
        ("0x1F", .int, "general"),
        ("0o17", .int, "general"),
        ("1.0", .int, "general"),
        ("-", .int, "general"),
        ("", .int, "general"),
        ("null", .int, "general"),
        ("2", .double, "double 2.0"),
        ("-0.5", .double, "double -0.5"),
        (".5", .double, "double 0.5"),
        ("1e3", .double, "double 1000.0"),
        ("3.", .double, "double 3.0"),
        ("2.0e-3", .double, "double 0.002"),
        ("1234567890123456789", .double, "general"),
        ("99999999999999999999", .double, "general"),
        (".inf", .double, "general"),
        ("1_000", .double, "general"),
        ("+", .double, "general"),
        ("true", .bool, "bool true"),
        ("TRUE", .bool, "bool true"),
        ("False", .bool, "bool false"),
        ("yes", .bool, "general"),
        ("tRue", .bool, "general"),
        ("1", .bool, "general"),
        ("published", .string, "string published"),
        ("Morning ride", .string, "string Morning ride"),
        ("title", .string, "string title"),
        ("12abc", .string, "string 12abc"),
        (".draft", .string, "string .draft"),
        ("~", .string, "general"),
        ("", .string, "general"),
        ("12", .string, "general"),
        ("false", .string, "general"),
    ])
    func plainScalars(text: String, want: YAMLScalarWant, expected: String) {
        let result = Self.typed(text, as: want)
        #expect(result == expected)
        // Whatever is read straight is what the general way reads.
        if result != "general" { #expect(Self.general(text, as: want) == result) }
    }

    @Test func quotedScalarsAreStringsOnly() {
        #expect(Self.typed("12", plain: false, as: .string) == "string 12")
        #expect(Self.typed("", plain: false, as: .string) == "string ")
        #expect(Self.typed("null", plain: false, as: .string) == "string null")
        #expect(Self.typed("12", plain: false, as: .int) == "general")
        #expect(Self.typed("2.5", plain: false, as: .double) == "general")
        #expect(Self.typed("true", plain: false, as: .bool) == "general")
    }

    /// Every plain scalar of a set of tricky ones, for every type: read straight only when the
    /// general way reads the same value.
    @Test func neverDisagreesWithTheCoreSchema() {
        let texts = [
            "0", "-1", "+0", "007", "0x", "0x10", "0o8", "1e", "1e+", "1E5", "-.5", "+.5", ".", "-.", "1.2.3",
            "9223372036854775807", "-9223372036854775808", "999999999999999999", "Null", "NULL", "~", "t", "f",
            "True", "FALSE", "n", "nan", ".NaN", "-.inf", "+.INF", "a#b", "x", "Tomás", "5 6",
        ]
        for text in texts {
            for want in [YAMLScalarWant.int, .double, .bool, .string] {
                let result = Self.typed(text, as: want)
                if result != "general" { #expect(Self.general(text, as: want) == result, "\(text) as \(want)") }
            }
        }
    }

    static let models = """
        models:
          State: {kind: enum, cases: [draft, published]}
          Author: {kind: struct, properties: {name: String, isVerified: Bool}}
          P:
            kind: struct
            properties: {i: Int, d: Double, b: Bool, s: String, e: State, oi: Int?, os: String?, od: Double?,
              ob: Bool?, oe: State?, a: Author?}

        """

    static let samples: [String] = [
        // Values read straight, and values of every kind beside them that go the general way.
        """
        sample:
          sections:
            - items:
                - P: {i: 1, d: 2, b: true, s: "x", e: draft, a: {name: "Ann", isVerified: false}}
                - P: {i: +5, d: -0.5, b: True, s: 'y', e: .published, oi: -0, os: "null", od: 1e3, ob: FALSE, oe: null}
                - P: {i: 0x1F, d: .5, b: TRUE, s: plain, e: "draft", oi: 0o17, os: null, od: ~, ob: ~, oe: ~}
                - P: {i: 123456789012345678, d: 1234567890123456789, b: false, s: 12abc, e: draft}
                - P: {i: &a 7, d: *a, b: false, s: &s "anchored", os: *s, e: draft}
                - P: {i: -9223372036854775808, d: +.INF, b: False, s: "q", e: draft, oi: !!int 4, os: !!str 5}
                - P: {i: 3, d: 2.0e-3, b: false, s: "", e: 'draft', od: 3.}
                - P:
                    i: 8
                    d: 2.5
                    b: true
                    s: |
                      block # text
                    os: >
                      folded
                    e: published
                    oe: draft
                - {String: "Section", Int: 2}
        """,
        // Errors: wrong types, out of range, unknown cases, in values read straight or not.
        """
        sample:
          sections:
            - items:
                - P: {i: 99999999999999999999, d: .inf, b: yes, s: true, e: Draft, oi: 1.5}
                - P: {i: "3", d: "2.5", b: "true", s: 3, e: 3, od: -.nan, ob: 1, oe: nope}
                - P: {i: 1.0, d: 1_000, b: t, s: ~, e: .nope, a: {name: 1, isVerified: "no"}}
                - P: {i: [1], d: {x: 1}, b: [], s: {}, e: [draft], x: 1}
                - P: {i: -, d: +, b: false, s: "-", e: "."}
        """,
    ]

    @Test(arguments: samples)
    func eventsAndNodesAgree(sample: String) throws {
        let text = "version: 1\nhost: tableView\n" + Self.models + sample + "\n"
        let (events, nodes) = try SampleStreamingTests.bothWays(text)
        #expect(events.diagnostics == nodes.diagnostics)
        #expect(events.sample == nodes.sample)
    }

    /// A manifest declaring `models`, whose sample is one section of `items` (each written after
    /// `- ` in the items list).
    static func manifest(items: [String]) -> String {
        "version: 1\nhost: tableView\n" + models + "sample:\n  sections:\n    - items:\n"
            + items.map { "        - \($0)\n" }.joined()
    }

    @Test func valuesReadStraightAreExact() throws {
        let text = Self.manifest(items: [
            "P: {i: -12, d: 7, b: FALSE, s: 'it''s', e: .published, oi: 3, od: 0.25, oe: draft}"
        ])
        let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml")
        #expect(loaded.diagnostics.isEmpty)
        let item = try #require(loaded.manifest?.sample?.sections.first?.items.first)
        guard case .object(let type, let properties) = item.value else {
            Issue.record("not an object: \(item.value)")
            return
        }
        #expect(type == "P")
        #expect(properties["i"] == .int(-12))
        #expect(properties["d"] == .double(7))
        #expect(properties["b"] == .bool(false))
        #expect(properties["s"] == .string("it's"))
        #expect(properties["e"] == .enumCase(type: "State", name: "published"))
        #expect(properties["oi"] == .int(3))
        #expect(properties["od"] == .double(0.25))
        #expect(properties["oe"] == .enumCase(type: "State", name: "draft"))
        #expect(properties.count == 8)
    }

    /// Objects of one type giving their properties in different orders, with unknown and
    /// non-string names among them: each property is found whatever its position.
    @Test func propertiesInAnyOrder() throws {
        let text = Self.manifest(items: [
            "P: {i: 1, d: 2, b: true, s: \"x\", e: draft}",
            "P: {e: published, s: \"y\", b: false, d: 3, i: 2}",
            "P: {i: 3, x: 0, d: 4, b: true, s: \"z\", e: draft}",
            "P: {s: \"w\", i: 4, d: 5, b: false, e: published, oi: 6}",
            "P: {i: 5, d: 6, b: true, s: \"v\", e: draft, a: {isVerified: true, name: \"n\"}}",
            "P: {i: 6, 7: 1, d: \"7\", b: true, s: \"v\", e: drafts, a: {name: \"m\", isVerified: false}}",
            "P: {i: 7, d: 8, b: true, s: \"u\", e: draft, a: {name: \"m\", isVerified: false}}",
        ])
        let expected = [
            "15:21: error P has no property 'x' (did you mean 'a'?)",
            "18:21: error a property name must be a string, not an integer",
            "18:30: error 'd' must be a Double, not a string ('7')",
            "18:55: error 'drafts' is not a case of State (did you mean 'draft'?)",
        ]
        let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml")
        #expect(SampleStreamingTests.described(loaded.diagnostics) == expected)
        // With errors the loader gives no manifest: the values are those read from the nodes.
        let document = try YAMLLoader.load(bytes: Array(text.utf8), file: "m.yml").get()
        var reader = NodeReader(document: document, limits: .default)
        let items = try #require(reader.manifest(document.root)?.sample?.sections.first?.items)
        #expect(SampleStreamingTests.described(reader.diagnostics.sortedByLocation()) == expected)
        func post(_ i: Int, _ d: Double?, _ b: Bool, _ s: String, _ e: String?, _ more: [String: Value] = [:]) -> Value
        {
            var properties: [String: Value] = ["i": .int(i), "b": .bool(b), "s": .string(s)]
            if let d { properties["d"] = .double(d) }
            if let e { properties["e"] = .enumCase(type: "State", name: e) }
            return .object(type: "P", properties: properties.merging(more) { $1 })
        }
        func author(_ name: String, _ isVerified: Bool) -> Value {
            .object(type: "Author", properties: ["name": .string(name), "isVerified": .bool(isVerified)])
        }
        #expect(
            items.map(\.value) == [
                post(1, 2, true, "x", "draft"),
                post(2, 3, false, "y", "published"),
                post(3, 4, true, "z", "draft"),
                post(4, 5, false, "w", "published", ["oi": .int(6)]),
                post(5, 6, true, "v", "draft", ["a": author("n", true)]),
                post(6, nil, true, "v", nil, ["a": author("m", false)]),
                post(7, 8, true, "u", "draft", ["a": author("m", false)]),
            ])
    }

    /// An enum value read straight that is not a case is reported at the value.
    @Test func anUnknownCaseReadStraightIsReportedAtItsValue() {
        let text = Self.manifest(items: ["P: {i: 1, d: 2, b: true, s: \"x\", e: drafts, oe: 'Published'}"])
        let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml")
        #expect(
            SampleStreamingTests.described(loaded.diagnostics) == [
                "13:47: error 'drafts' is not a case of State (did you mean 'draft'?)",
                "13:59: error 'Published' is not a case of State (did you mean 'published'?)",
            ])
    }

    /// A duplicate key after a value read straight is still found, at its place.
    @Test func aDuplicateKeyAfterValuesReadStraight() {
        let text = Self.manifest(items: ["P: {i: 1, d: 2, b: true, s: \"x\", e: draft, d: 3}"])
        let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml")
        #expect(
            SampleStreamingTests.described(loaded.diagnostics) == [
                "13:54: error duplicate key 'd'; it is already set at line 13, column 21"
            ])
    }
}
