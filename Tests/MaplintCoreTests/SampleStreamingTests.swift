import Testing

@testable import MaplintFindings
@testable import MaplintLint
@testable import MaplintManifest
@testable import MaplintYAML

/// The sample is read from libyaml's events without nodes (`SampleReader`). These tests read
/// each manifest both ways, from events and from a node tree of the whole file, and expect the
/// same sample and the same diagnostics, in the same order, at the same positions.
@Suite struct SampleStreamingTests {
    /// Lines of a sample, in file order: each element's place, value and position.
    static func described(_ sample: SampleData?) -> [String] {
        guard let sample else { return ["no sample"] }
        var lines = ["sample at \(sample.location.line):\(sample.location.column)"]
        func add(_ name: String, _ value: SampleValue) {
            lines.append("\(name) \(value.value) at \(value.location.line):\(value.location.column)")
        }
        for (index, section) in sample.sections.enumerated() {
            lines.append("section \(index) at \(section.location.line):\(section.location.column)")
            if let header = section.header { add("header", header) }
            if let footer = section.footer { add("footer", footer) }
            for (kind, value) in section.supplementaries { add("supplementary \(kind)", value) }
            for item in section.items { add("item", item) }
        }
        return lines
    }

    static func described(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.location.line):\($0.location.column): \($0.severity) \($0.message)" }
    }

    /// The manifest read from events (as `ManifestLoader` does) and from nodes.
    static func bothWays(
        _ text: String, limits: LoaderLimits = .default
    ) throws -> (
        events: (sample: [String], diagnostics: [String]), nodes: (sample: [String], diagnostics: [String])
    ) {
        let streamed = ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml", limits: limits)
        let document = try YAMLLoader.load(bytes: Array(text.utf8), file: "m.yml", limits: limits).get()
        var reader = NodeReader(document: document, limits: limits)
        let manifest = reader.manifest(document.root)
        return (
            (described(streamed.manifest?.sample), described(streamed.diagnostics)),
            (
                described(reader.diagnostics.hasErrors ? nil : manifest?.sample),
                described(reader.diagnostics.sortedByLocation())
            )
        )
    }

    static let models = """
        models:
          Post: {properties: {id: Int, title: String?, state: State, author: Person?}}
          Person: {properties: {name: String}}
          State: {kind: enum, cases: [draft, live]}
          Feed: {kind: protocol}
          Ad: {conforms: [Feed], properties: {n: Int}}

        """

    static let samples: [String] = [
        // Every kind of element, valid.
        """
        sample:
          sections:
            - header: {String: Top}
              footer: null
              items:
                - 1
                - -2.5
                - true
                - "text"
                - null
                - Post: {id: 1, title: null, state: .live, author: {name: Ann}}
                - Ad: {n: 3}
            - items: null
            - {}
        """,
        // Errors of every kind, several in one section, keys in an unusual order.
        """
        sample:
          sections:
            - items:
                - [1]
                - {Post: {id: x}, Ad: {n: 1}}
                - {}
                - Post: {id: 1, nope: 2, state: gone, author: null, title: [a]}
                - Feed: {}
                - Unknown: 1
                - Ad: {n: 99999999999999999999}
                - 99999999999999999999
                - Post: null
                - Post: [1]
                - Ad: {n: ~}
                - {[1]: 2}
                - Post: {[k]: 1, id: {a: 1}}
              header: {Post: {id: "1"}}
              supplementaries: {kind: 1}
              colour: red
              1: 2
            - 7
            - [a]
          extra: 1
        """,
        // Not a mapping, not a list, no sections.
        "sample: 3",
        "sample:\n  sections: {a: 1}",
        "sample:\n  other: 1",
        "sample: [1]",
        "sample:\n  sections:\n    - items: {Post: {id: 1}}\n    - items: 4\n",
        // Anchors and aliases inside the sample, and from before it.
        """
        sample:
          sections:
            - header: &h {Post: {id: 1, state: draft}}
              items: &list
                - &one 1
                - *one
                - *h
                - Post: &props {id: 2, state: live}
                - Post: *props
            - items: *list
              footer: *h
            - &section {items: [*one, {Post: {id: x, state: live}}]}
            - *section
        """,
    ]

    @Test(arguments: samples)
    func eventsAndNodesAgree(sample: String) throws {
        let text = "version: 1\nhost: collectionView\n" + Self.models + sample + "\n"
        let (events, nodes) = try Self.bothWays(text)
        #expect(events.diagnostics == nodes.diagnostics)
        #expect(events.sample == nodes.sample)
    }

    /// `sample` before `host` and `models` is read again once they are known, with the same result.
    @Test(arguments: samples)
    func aSampleBeforeTheHostAndModelsReadsTheSame(sample: String) throws {
        let text = sample + "\nversion: 1\n" + Self.models + "host: collectionView\nregistrations: []\n"
        let (events, nodes) = try Self.bothWays(text)
        #expect(events.diagnostics == nodes.diagnostics)
        #expect(events.sample == nodes.sample)
    }

    @Test func aSampleBeforeTheModelsOnlyIsReadAgainWithThem() throws {
        let text = "version: 1\nhost: tableView\nsample:\n  sections:\n    - items: [{Ad: {n: 1}}, 2]\n" + Self.models
        let (events, nodes) = try Self.bothWays(text)
        #expect(events.diagnostics == [])
        #expect(events.sample == nodes.sample)
        #expect(events.sample.contains("item Ad(n: 1) at 5:15"))
    }

    @Test func aTableViewRefusesSupplementariesInTheSample() throws {
        let text = "version: 1\nhost: tableView\nsample:\n  sections:\n    - supplementaries: {badge: 1}\n"
        let (events, nodes) = try Self.bothWays(text)
        #expect(events.diagnostics == nodes.diagnostics)
        #expect(events.diagnostics == ["5:7: error a table view has no supplementary views; use 'header' and 'footer'"])
    }

    /// Over the element limit, the sample's own errors are not reported: only the count.
    @Test func overTheElementLimitOnlyTheCountIsReported() throws {
        let text =
            "version: 1\nhost: tableView\nsample:\n  sections:\n    - items: [{Nope: 1}, 2]\n    - items: [3, 4]\n"
            + "    - [x]\n    - header: [a, b]\n  bad: 1\n"
        let (events, nodes) = try Self.bothWays(text, limits: LoaderLimits(maxSampleElements: 4))
        #expect(events.diagnostics == nodes.diagnostics)
        #expect(
            events.diagnostics == [
                "5:5: error the sample has 6 elements, over the limit of 4", "9:3: error unknown key 'bad' in 'sample'",
            ])
    }

    /// The loader's checks hold inside the sample, which has no nodes.
    @Test(arguments: [
        ("    - items: [{Post: {id: 1, id: 2}}]\n", "5:30: duplicate key 'id'; it is already set at line 5, column 23"),
        ("    - items: [*nowhere]\n", "5:15: the alias '*nowhere' names no anchor defined before it"),
        ("    - items: [!!bool 1]\n", "5:15: the tag '!!bool' needs true or false, but the value is '1'"),
        ("    - items: !!map [1]\n", "5:14: the tag '!!map' does not fit a list"),
        (
            "    - items: [1, 2, 3, 4]\n",
            "5:24: this list has more than 3 entries, more than any list of a manifest may hold"
        ),
        ("    - items: [[[[1]]]]\n", "5:17: the document nests lists and mappings deeper than 7 levels"),
    ])
    func loaderChecksHoldInsideTheSample(line: String, expected: String) {
        let text = "version: 1\nhost: tableView\nsample:\n  sections:\n" + line
        let result = ManifestLoader.load(
            bytes: Array(text.utf8), file: "m.yml", limits: LoaderLimits(maxDepth: 7, maxListLength: 3))
        #expect(result.manifest == nil)
        #expect(result.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [expected])
    }

    /// Many keys in one mapping of the sample: duplicates are still found past the small-mapping search.
    @Test func aDuplicateKeyInALargeMappingOfTheSample() {
        let keys = (0..<40).map { "p\($0): 1" }.joined(separator: ", ")
        let text = "version: 1\nhost: tableView\nsample:\n  sections:\n    - items: [{Post: {\(keys), p3: 2}}]\n"
        let result = ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml")
        #expect(result.diagnostics.map(\.message) == ["duplicate key 'p3'; it is already set at line 5, column 44"])
    }

    /// Billion laughs inside the sample is stopped as elsewhere.
    @Test func aliasExpansionIsLimitedInsideTheSample() {
        var text =
            "version: 1\nhost: tableView\nsample:\n  sections:\n"
            + "    - items: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
        for level in 1..<6 {
            let aliases = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            text += "    - items: &a\(level) [\(aliases)]\n"
        }
        let result = ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml")
        #expect(result.manifest == nil)
        #expect(
            result.diagnostics.map(\.message) == [
                "aliases expand to more than 100000 nodes; the file would cost unbounded time to check"
            ])
    }

    /// An anchor in the sample named by an alias after it, outside the sample, is known.
    @Test func anAnchorInTheSampleServesAnAliasAfterIt() throws {
        let text = "version: 1\nsample:\n  sections:\n    - items: [&host tableView]\nhost: *host\n"
        let result = ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml")
        #expect(result.diagnostics.isEmpty)
        #expect(result.manifest?.host == .tableView)
        #expect(result.manifest?.sample?.sections.first?.items.map(\.value) == [.string("tableView")])
    }

    /// The document keeps the registrations (for `--fix`) and an empty mapping for the sample.
    @Test func theDocumentHoldsNoSampleNodes() throws {
        let text =
            "version: 1\nhost: tableView\nregistrations:\n  - cell: C\n    model: Int\n"
            + "sample:\n  sections:\n    - items: [1]\n"
        let result = ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml")
        let pairs = try #require(result.document?.root.mapping)
        #expect(pairs.map { $0.key.scalar?.text } == ["version", "host", "registrations", "sample"])
        #expect(pairs[2].value.sequence?.count == 1)
        #expect(pairs[3].value.mapping?.isEmpty == true)
        #expect(pairs[3].value.start == YAMLMark(line: 6, column: 2, index: 79))
        #expect(result.manifest?.sample?.sections.first?.items.map(\.value) == [.int(1)])
    }

    /// A `#` inside a scalar of the sample is no comment; one after the sample's values is.
    @Test func commentsInsideTheSampleAreFoundAndScalarsAreNotComments() {
        let text = """
            version: 1
            host: tableView
            registrations:
              - cell: C
                model: Int
            sample:
              sections:
                - items:
                    - "# maplint:disable-next-line is text"
                    - |
                      # maplint:disable all
                    - null  # maplint:disable:this nil-model
                    - null

            """
        let findings = Linter.lint(bytes: Array(text.utf8), file: "m.yml")
        #expect(
            findings.filter { $0.rule.rawValue == "nil-model" }.map(\.location.line) == [13],
            "\(findings.map { "\($0.location.line) \($0.rule.rawValue) \($0.message)" })")
    }

    /// A `--data` file is read from events too, with the same result as from nodes.
    @Test func aDataFileReadsTheSameFromEventsAndNodes() throws {
        let manifest = try #require(
            ManifestLoader.load(
                bytes: Array(("version: 1\nhost: collectionView\n" + Self.models).utf8), file: "m.yml"
            ).manifest)
        for text in [
            "sections:\n  - items: [1, {Post: {id: 1, state: live}}, {Post: {id: x}}]\n    supplementaries: {b: 2}\n",
            "sections: 1\n", "other: 1\n", "[1]\n", "sections:\n  - &s {items: [1]}\n  - *s\n",
        ] {
            let streamed = ManifestDecoder.decodeSampleData(bytes: Array(text.utf8), file: "d.yml", for: manifest)
            let document = try YAMLLoader.load(bytes: Array(text.utf8), file: "d.yml").get()
            let built = ManifestDecoder.decodeSampleData(document, for: manifest)
            #expect(Self.described(streamed.diagnostics) == Self.described(built.diagnostics))
            #expect(Self.described(streamed.sample) == Self.described(built.sample))
        }
    }
}
