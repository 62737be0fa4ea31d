import Testing

@testable import MaplintFindings
@testable import MaplintLint
@testable import MaplintManifest
@testable import MaplintRules

/// `lint` resolves the sample as it is read when every other key comes before `sample`
/// (`SampleElementSink`): each item is resolved when it is decoded and kept only with a problem.
/// These tests compare it with the resolution of the whole sample after loading.
@Suite struct SampleResolutionStreamTests {
    /// Records what the loader hands a sink.
    final class Recorder: SampleElementSink {
        let accepts: Bool
        let wantsElements: Bool
        var started: [String] = []
        var events: [String] = []
        var finished = false

        init(accepts: Bool = true, wantsElements: Bool = true) {
            self.accepts = accepts
            self.wantsElements = wantsElements
        }

        func start(_ manifest: Manifest) -> Bool {
            started.append("\(manifest.host) \(manifest.registrations.count) registrations")
            return accepts
        }

        func item(_ value: SampleValue, section: Int, item: Int) {
            events.append("item \(section).\(item) \(value.value) at \(value.location.line)")
        }

        func end(_ section: SampleSection, at index: Int) {
            events.append(
                "end \(index): \(section.streamedItems) items, \(section.items.count) kept, header \(section.header != nil)"
            )
        }

        func finish() { finished = true }
    }

    static let head = """
        version: 1
        host: tableView
        configuration: {displayHeaderOnEmptySection: false}
        models:
          Post: {properties: {id: Int, title: String?, score: Int}}
        registrations:
          - cell: PostCell
            model: Post
            condition: model.id > 0
          - cell: EvenCell
            model: Post
            condition: model.id % 2 == 0
          - cell: TitledCell
            model: Post
            condition: model.score > 3
          - cell: SecondCell
            model: Int
            section: 1
          - cell: NineCell
            model: Int
            section: 9
          - header: TextHeader
            model: String

        """

    static let sample = """
        sample:
          sections:
            - header: {String: Top}
              items:
                - Post: {id: 1, title: Hello, score: 5}
                - Post: {id: 2, score: 0}
                - Post: {id: -1}
                - null
                - 3
            - items: [4, 5]
              header: {String: Second}
            - header: {String: Hidden}
              footer: 7
            - items: []
              header: 8
        """

    static func lines(_ findings: [Diagnostic]) -> [String] {
        findings.map { "\($0.location.line):\($0.location.column) \($0.rule.rawValue) \($0.message)" }
    }

    /// The findings of the whole sample resolved after loading, as before streaming.
    static func resolvedAfterLoading(_ text: String) -> [Diagnostic] {
        let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml")
        let analysis = loaded.manifest.map { Analyzer.analyze($0) } ?? []
        return Linter.findings(of: loaded, analysis: analysis)
    }

    @Test func aLastSampleGoesToTheSinkAndItsSectionsKeepOnlyCounts() throws {
        let recorder = Recorder()
        let loaded = ManifestLoader.load(
            bytes: Array((Self.head + Self.sample).utf8), file: "m.yml", sink: recorder)
        #expect(loaded.diagnostics.isEmpty, "\(Self.lines(loaded.diagnostics))")
        #expect(recorder.started == ["tableView 6 registrations"])
        #expect(recorder.finished)
        #expect(
            recorder.events == [
                "item 0.0 Post(id: 1, score: 5, title: \"Hello\") at 28", "item 0.1 Post(id: 2, score: 0) at 29",
                "item 0.2 Post(id: -1) at 30", "item 0.3 nil at 31", "item 0.4 3 at 32",
                "end 0: 5 items, 0 kept, header true", "item 1.0 4 at 33", "item 1.1 5 at 33",
                "end 1: 2 items, 0 kept, header true", "end 2: 0 items, 0 kept, header true",
                "end 3: 0 items, 0 kept, header true",
            ])
        let sections = try #require(loaded.manifest?.sample?.sections)
        #expect(sections.map(\.streamedItems) == [5, 2, 0, 0])
        #expect(sections.map(\.isEmpty) == [false, false, true, true])
        #expect(sections.allSatisfy { $0.items.isEmpty })
    }

    /// Streamed, the findings are those of the whole sample resolved after loading: the header
    /// of an empty section is not asked for, whether its items come before or after it.
    @Test func lintFindsTheSameAsResolvingAfterLoading() {
        let text = Self.head + Self.sample + "\n"
        let streamed = Linter.lint(bytes: Array(text.utf8), file: "m.yml")
        #expect(Self.lines(streamed) == Self.lines(Self.resolvedAfterLoading(text)))
        #expect(
            Set(streamed.map(\.rule.rawValue)).isSuperset(of: [
                "nil-model", "unresolved-item", "ambiguous-item", "condition-error", "section-out-of-range",
            ]), "\(Self.lines(streamed))")
        // The empty third and fourth sections' headers are not asked for.
        #expect(!streamed.contains { $0.location.line == 35 || $0.location.line == 38 }, "\(Self.lines(streamed))")
    }

    /// A key after `sample`: the sink's elements are not used (no `finish`), and the sample is
    /// read again whole, with the same findings.
    @Test func aKeyAfterTheSampleReadsItAgainWhole() throws {
        let text = "version: 1\nhost: tableView\nsample:\n  sections:\n    - items: [1, null]\nregistrations: []\n"
        let recorder = Recorder()
        let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml", sink: recorder)
        #expect(recorder.started == ["tableView 0 registrations"])
        #expect(!recorder.finished)
        #expect(loaded.manifest?.sample?.sections.first?.items.map(\.value) == [.int(1), .none])
        #expect(loaded.manifest?.sample?.sections.first?.streamedItems == 0)
        #expect(
            Self.lines(Linter.lint(bytes: Array(text.utf8), file: "m.yml"))
                == Self.lines(Self.resolvedAfterLoading(text)))
    }

    /// The keys before `sample` with errors, or a sink that declines: the sample is kept whole.
    @Test(arguments: [
        ("version: 1\nhost: tableView\nmodels: {A: {kind: nope}}\n", true),
        ("version: 1\nhost: tableView\n", false),
    ])
    func otherwiseTheSampleIsKeptWhole(head: String, accepts: Bool) {
        let text = head + "sample:\n  sections:\n    - items: [1, 2]\n"
        let recorder = Recorder(accepts: accepts)
        let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml", sink: recorder)
        #expect(recorder.events.isEmpty)
        #expect(!recorder.finished)
        let plain = ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml")
        #expect(Self.lines(loaded.diagnostics) == Self.lines(plain.diagnostics))
        #expect(
            loaded.manifest?.sample?.sections.first?.items.map(\.value)
                == plain.manifest?.sample?.sections.first?.items.map(\.value))
    }

    /// A sink that wants no elements is not asked to start: the keys before `sample` are decoded
    /// once, with the whole manifest, and the manifest is the one loaded without a sink.
    @Test func aSinkWantingNoElementsIsNotStarted() {
        let text = Self.head + Self.sample
        let recorder = Recorder(wantsElements: false)
        let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml", sink: recorder)
        #expect(recorder.started.isEmpty)
        #expect(recorder.events.isEmpty)
        #expect(!recorder.finished)
        let plain = ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml")
        #expect(loaded.manifest?.registrations.count == 6)
        #expect(loaded.manifest?.registrations.map(\.location) == plain.manifest?.registrations.map(\.location))
        #expect(
            loaded.manifest?.sample?.sections.first?.items.map(\.value)
                == plain.manifest?.sample?.sections.first?.items.map(\.value))
        #expect(loaded.manifest?.sample?.sections.first?.items.count == 5)
        #expect(Self.lines(loaded.diagnostics) == Self.lines(plain.diagnostics))
    }

    /// `lint`'s sink wants the elements only when a rule needs the sample resolved.
    @Test func lintWantsTheElementsOnlyForResolutionRules() {
        #expect(SampleStream(resources: nil, rules: Rules.all).wantsElements)
        #expect(SampleStream(resources: nil, rules: [UnresolvedItemRule()]).wantsElements)
        #expect(!SampleStream(resources: nil, rules: [ReuseIdentifierCollisionRule()]).wantsElements)
        #expect(!SampleStream(resources: nil, rules: []).wantsElements)
    }

    /// A sample with errors is refused as before; the streamed elements are not used.
    @Test func aSampleWithErrorsIsRefusedAsBefore() {
        let text = Self.head + "sample:\n  sections:\n    - items: [{Post: {id: x}}, 1]\n"
        #expect(
            Self.lines(Linter.lint(bytes: Array(text.utf8), file: "m.yml"))
                == Self.lines(Self.resolvedAfterLoading(text)))
        #expect(Linter.lint(bytes: Array(text.utf8), file: "m.yml").map(\.rule) == [.invalidManifest])
    }
}
