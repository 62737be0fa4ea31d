import Testing

@testable import MaplintFindings
@testable import MaplintYAML

private func load(_ text: String, limits: LoaderLimits = .default) -> Result<YAMLDocument, YAMLLoadError> {
    YAMLLoader.load(bytes: Array(text.utf8), file: "t.yml", limits: limits)
}

private func document(_ text: String) throws -> YAMLDocument {
    try load(text).get()
}

private func failure(_ text: String, limits: LoaderLimits = .default) -> Diagnostic? {
    if case .failure(let error) = load(text, limits: limits) { return error.first }
    return nil
}

private func value(_ node: YAMLNode?) -> YAMLScalarValue? { node?.scalar?.value }

private func lookup(_ node: YAMLNode, _ key: String) -> YAMLNode? {
    node.mapping?.first { $0.key.scalar?.text == key }?.value
}

@Suite struct YAMLLoaderTests {
    @Test func keepsPositionsOfKeysAndValues() throws {
        let doc = try document("version: 1\nhost: tableView\nregistrations:\n  - cell: PostCell\n    model: Post\n")
        let pairs = try #require(doc.root.mapping)
        #expect(pairs.map { doc.location(of: $0.key).line } == [1, 2, 3])
        let entry = try #require(lookup(doc.root, "registrations")?.sequence?.first)
        #expect(doc.location(of: entry) == SourceLocation(file: "t.yml", line: 4, column: 5))
        let model = try #require(lookup(entry, "model"))
        #expect(doc.location(of: model) == SourceLocation(file: "t.yml", line: 5, column: 12))
    }

    @Test func resolvesPlainScalarsByTheCoreSchema() throws {
        let doc = try document(
            """
            a: 1
            b: -0x1F
            c: 0x1F
            d: 0o17
            e: 2.5
            f: .inf
            g: true
            h: NO
            i: yes
            j: ~
            k: "1"
            l: 99999999999999999999
            m: 1e3
            n: .5
            o: !!str 12
            p: off
            q: False
            r: '.nan'
            """)
        #expect(value(lookup(doc.root, "a")) == .int(1))
        #expect(value(lookup(doc.root, "b")) == .string("-0x1F"))
        #expect(value(lookup(doc.root, "c")) == .int(31))
        #expect(value(lookup(doc.root, "d")) == .int(15))
        #expect(value(lookup(doc.root, "e")) == .float(2.5))
        #expect(value(lookup(doc.root, "f")) == .float(.infinity))
        #expect(value(lookup(doc.root, "g")) == .bool(true))
        #expect(value(lookup(doc.root, "h")) == .string("NO"))
        #expect(value(lookup(doc.root, "i")) == .string("yes"))
        #expect(value(lookup(doc.root, "j")) == .null)
        #expect(value(lookup(doc.root, "k")) == .string("1"))
        #expect(value(lookup(doc.root, "l")) == .integerOutOfRange("99999999999999999999"))
        #expect(value(lookup(doc.root, "m")) == .float(1000))
        #expect(value(lookup(doc.root, "n")) == .float(0.5))
        #expect(value(lookup(doc.root, "o")) == .string("12"))
        #expect(value(lookup(doc.root, "p")) == .string("off"))
        #expect(value(lookup(doc.root, "q")) == .bool(false))
        #expect(value(lookup(doc.root, "r")) == .string(".nan"))
    }

    @Test func readsJSONAsFlowYAML() throws {
        let doc = try document("{\n  \"version\": 1,\n  \"host\": \"tableView\",\n  \"flag\": false, \"none\": null\n}")
        #expect(value(lookup(doc.root, "version")) == .int(1))
        #expect(value(lookup(doc.root, "host")) == .string("tableView"))
        #expect(value(lookup(doc.root, "flag")) == .bool(false))
        #expect(value(lookup(doc.root, "none")) == .null)
        #expect(
            doc.location(of: try #require(lookup(doc.root, "host")))
                == SourceLocation(file: "t.yml", line: 3, column: 11))
    }

    @Test func reportsSyntaxErrorsWithPosition() throws {
        let diagnostic = try #require(failure("version: 1\nhost: [tableView\nmodels: {}\n"))
        #expect(diagnostic.rule == .invalidManifest)
        #expect(diagnostic.message.hasPrefix("YAML syntax error"))
        #expect(diagnostic.location.line == 3)
    }

    @Test func rejectsDuplicateKeysAtTheSecondKey() throws {
        let diagnostic = try #require(failure("version: 1\nhost: tableView\nhost: collectionView\n"))
        #expect(diagnostic.message == "duplicate key 'host'; it is already set at line 2, column 1")
        #expect(diagnostic.location == SourceLocation(file: "t.yml", line: 3, column: 1))
    }

    /// Large mappings look keys up in an index instead of searching the pairs; both must agree.
    @Test(arguments: [3, 15, 16, 17, 40])
    func rejectsDuplicateKeysInMappingsOfAnySize(keys: Int) throws {
        var text = (0..<keys).map { "k\($0): \($0)\n" }.joined()
        text += "k1: again\n"
        let diagnostic = try #require(failure(text))
        #expect(diagnostic.message == "duplicate key 'k1'; it is already set at line 2, column 1")
        #expect(diagnostic.location == SourceLocation(file: "t.yml", line: keys + 1, column: 1))
        let flow = "{" + (0..<keys).map { "k\($0): \($0)" }.joined(separator: ", ") + ", k0: again}"
        #expect(failure(flow)?.message == "duplicate key 'k0'; it is already set at line 1, column 2")
        #expect(try document(String(text.dropLast("k1: again\n".count))).root.mapping?.count == keys)
    }

    @Test func rejectsASecondDocument() throws {
        let diagnostic = try #require(failure("version: 1\n---\nversion: 2\n"))
        #expect(diagnostic.location.line == 2)
        #expect(diagnostic.message.contains("second"))
    }

    @Test func rejectsEmptyAndCommentOnlyFiles() throws {
        #expect(failure("")?.message.contains("empty") == true)
        #expect(failure("# nothing here\n")?.message.contains("empty") == true)
    }

    @Test func boundsAliasExpansion() throws {
        var text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
            previous = name
        }
        let diagnostic = try #require(failure(text))
        #expect(diagnostic.message.contains("aliases expand"))
        #expect(diagnostic.location.line == 5)
    }

    @Test func aliasUsesKeepTheirOwnPosition() throws {
        let doc = try document("base: &b {x: 1}\nuse: *b\n")
        let use = try #require(lookup(doc.root, "use"))
        #expect(doc.location(of: use) == SourceLocation(file: "t.yml", line: 2, column: 6))
        #expect(value(lookup(use, "x")) == .int(1))
    }

    @Test func boundsNestingDepth() throws {
        let flow = try #require(failure(String(repeating: "[", count: 100_000)))
        #expect(flow.message.contains("nests lists and mappings too deeply"))
        var block = ""
        for level in 0..<300 { block += String(repeating: " ", count: level) + "k:\n" }
        let diagnostic = try #require(failure(block))
        #expect(diagnostic.message.contains("deeper than 200"))
        #expect(diagnostic.location == SourceLocation(file: "t.yml", line: 201, column: 201))
    }

    @Test func keepsLinesRightWithCRLF() throws {
        let doc = try document("version: 1\r\nhost: tableView\r\nmodels: {}\r\n")
        let models = try #require(doc.root.mapping?.last?.key)
        #expect(doc.location(of: models) == SourceLocation(file: "t.yml", line: 3, column: 1))
    }

    @Test func rejectsInvalidUTF8() throws {
        let result = YAMLLoader.load(bytes: Array("a: ".utf8) + [0xFF, 0xFE, 0x41], file: "t.yml")
        guard case .failure(let diagnostic) = result else {
            Issue.record("invalid UTF-8 was accepted")
            return
        }
        #expect(diagnostic.first.message.contains("UTF-8"))
    }

    @Test func mapsConditionOffsetsIntoTheFile() throws {
        let doc = try document(
            "a: \"model.likes > 2.5\"\nb: model.x && y\nc: 'it''s here'\nd: \"say \\\"hi\\\" now\"\n")
        let a = doc.sourceMap(for: try #require(lookup(doc.root, "a")))
        #expect(a.location(atOffset: 0) == SourceLocation(file: "t.yml", line: 1, column: 5))
        #expect(a.location(atOffset: 14) == SourceLocation(file: "t.yml", line: 1, column: 19))
        let b = doc.sourceMap(for: try #require(lookup(doc.root, "b")))
        #expect(b.location(atOffset: 11) == SourceLocation(file: "t.yml", line: 2, column: 15))
        let c = doc.sourceMap(for: try #require(lookup(doc.root, "c")))
        #expect(c.location(atOffset: 5) == SourceLocation(file: "t.yml", line: 3, column: 11))
        let d = doc.sourceMap(for: try #require(lookup(doc.root, "d")))
        // `say "hi" now`: the 'n' of "now" is value offset 9.
        #expect(d.location(atOffset: 9) == SourceLocation(file: "t.yml", line: 4, column: 16))
    }

    @Test func mapsBlockScalarsToTheirLines() throws {
        let doc = try document("cond: >-\n  indexPath.section == 0 &&\n  model.flag\n")
        let map = doc.sourceMap(for: try #require(lookup(doc.root, "cond")))
        #expect(map.location(atOffset: 0) == SourceLocation(file: "t.yml", line: 2, column: 3))
        // "indexPath.section == 0 && model.flag": 'm' is at offset 26.
        #expect(map.location(atOffset: 26) == SourceLocation(file: "t.yml", line: 3, column: 3))
    }

    /// A value written out as it is on its line (plain, or quoted without escapes) is mapped
    /// without aligning it scalar by scalar; the map must be the one the alignment gives, for
    /// every offset, in every way a condition can be written.
    @Test func theLiteralShortcutMapsLikeTheAlignment() throws {
        let doc = try document(
            #"""
            plain: model.likes > 2
            double: "model.title == 'x'"
            single: 'model.title == "x"'
            escaped: "model.title == \"x\""
            doubled: 'it''s'
            empty: ""
            emptySingle: ''
            accented: "model.title == 'Café'"
            afterAccent: {é: "model.x", b: model.y}
            flow: {c: "model.a && model.b", d: model.c}
            folded: "one
              two"
            block: |
              model.z
            anchored: &a "model.w"
            aliased: *a
            tab:\#t"model.t"
            crlf: "model.u"\#r
            last: model.v
            """#)
        var nodes: [(String, YAMLNode)] = []
        func collect(_ node: YAMLNode, _ name: String) {
            if let pairs = node.mapping {
                for pair in pairs { collect(pair.value, name + "." + (pair.key.scalar?.text ?? "?")) }
            } else if node.scalar != nil {
                nodes.append((name, node))
            }
        }
        collect(doc.root, "")
        #expect(nodes.count == 19)
        for (name, node) in nodes {
            let fast = doc.sourceMap(for: node)
            let aligned = doc.alignedSourceMap(for: node)
            #expect(fast == aligned, "\(name)")
            for offset in -1...((node.scalar?.text.unicodeScalars.count ?? 0) + 2) {
                #expect(fast.location(atOffset: offset) == aligned.location(atOffset: offset), "\(name) at \(offset)")
            }
        }
    }

    @Test func aStraightMapIsHeldOnceHoweverItWasMade() {
        let start = SourceLocation(file: "t.yml", line: 3, column: 7)
        let straight = TextSourceMap(file: "t.yml", start: start, length: 3)
        let listed = TextSourceMap(file: "t.yml", positions: [(3, 7), (3, 8), (3, 9), (3, 10)])
        #expect(straight == listed)
        #expect(straight.hashValue == listed.hashValue)
        let bent = TextSourceMap(file: "t.yml", positions: [(3, 7), (3, 8), (4, 1), (4, 2)])
        #expect(bent != straight)
        #expect(bent.location(atOffset: 2) == SourceLocation(file: "t.yml", line: 4, column: 1))
        #expect(straight.location(atOffset: 99) == SourceLocation(file: "t.yml", line: 3, column: 10))
        #expect(straight.location(atOffset: -5) == start)
    }
}
