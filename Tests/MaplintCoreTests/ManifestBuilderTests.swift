import Testing

@testable import MaplintFindings
@testable import MaplintLibrary
@testable import MaplintLint
@testable import MaplintManifest
@testable import MaplintRules

/// `ManifestBuilder`: a draft (what extraction reads from Swift) becomes the manifest the decoder
/// would make of the same content, with Swift places throughout and registrations worded as Swift.
@Suite struct ManifestBuilderTests {
    static func at(_ line: Int, _ column: Int) -> MaplintFindings.SourceLocation {
        MaplintFindings.SourceLocation(file: "Sources/Feed.swift", line: line, column: column)
    }

    /// A table view with model `Post` (`likes: Int`) and the given registrations.
    static func draft(_ registrations: [DraftRegistration]) -> ManifestDraft {
        var draft = ManifestDraft(name: "FeedViewController", host: .tableView, location: at(1, 1))
        var post = DraftModel(name: "Post", kind: .class, location: at(40, 1))
        post.properties = [(name: "likes", type: "Int", location: at(41, 5))]
        draft.models = [post]
        draft.entries = registrations.map(DraftEntry.registration)
        return draft
    }

    static func cell(_ view: String, line: Int, model: String = "Post") -> DraftRegistration {
        DraftRegistration(element: .cell, view: view, model: model, location: at(line, 9), modelLocation: at(60, 38))
    }

    @Test func findingsNameSwiftPlacesAndSuggestSwift() throws {
        var first = Self.cell("PostCell", line: 15)
        first.reuseIdentifier = Located("same", at: Self.at(16, 13))
        var second = Self.cell("OtherCell", line: 18)
        second.reuseIdentifier = Located("same", at: Self.at(19, 13))
        let (manifest, diagnostics) = ManifestBuilder.build(Self.draft([first, second]))
        #expect(diagnostics.isEmpty)
        let built = try #require(manifest)
        #expect(built.file == "FeedViewController.maplint.yml")
        #expect(built.registrations.map(\.location) == [Self.at(15, 9), Self.at(18, 9)])
        #expect(built.registrations.allSatisfy { $0.source == .swiftExpression($0.location) })
        let findings = Linter.lint(manifest: built, diagnostics: diagnostics)
        let collision = try #require(findings.first { $0.rule == ReuseIdentifierCollisionRule.id })
        #expect(collision.location == Self.at(19, 13))
        #expect(collision.message.hasPrefix("'same' names two views: OtherCell (entry 1) shows"))
        #expect(collision.text.hasSuffix(#"(for example `mapping.reuseIdentifier = "other-cell"`)"#))
        #expect(collision.related.map(\.location) == [Self.at(15, 9), Self.at(19, 13), Self.at(19, 13)])
        #expect(collision.related.first?.message.hasPrefix("PostCell (entry 0, Feed.swift:15)") == true)
    }

    /// A draft's models are checked as a manifest's `models:` is, in the same words (`ModelChecks`).
    @Test func modelErrorsReadAsInAManifestFile() {
        var draft = Self.draft([])
        var post = DraftModel(name: "Post", kind: .class, location: Self.at(40, 1))
        post.properties = [
            (name: "1likes", type: "Int", location: Self.at(41, 5)),
            (name: "title", type: "[String", location: Self.at(42, 5)),
        ]
        var kind = DraftModel(name: "Kind", kind: .enum, location: Self.at(50, 1))
        kind.cases = ["a", "a", "9b"].map { Located($0, at: Self.at(51, 10)) }
        kind.rawType = Located("String", at: Self.at(50, 20))
        kind.rawValues = [(name: "c", value: .string("x"), location: Self.at(52, 5))]
        draft.models = [DraftModel(name: "Int", kind: .struct, location: Self.at(30, 1)), post, kind]
        let fromDraft = ManifestBuilder.build(draft).diagnostics.map(\.message)
        let file = """
            version: 1
            host: tableView
            models:
              Int: {kind: struct}
              Post:
                properties: {1likes: Int, title: "[String"}
              Kind:
                kind: enum
                cases: [a, a, 9b]
                rawType: String
                rawValues: {c: x}
            registrations: []
            """
        let fromFile = ManifestLoader.load(bytes: Array(file.utf8), file: "m.yml").diagnostics.map(\.message)
        for message in [
            "'Int' is a builtin type and cannot be declared again", "'1likes' is not a Swift property name",
            "'[String' is not a type; write a builtin (Bool, Int, Double, String), a declared model, or T?",
            "the case 'a' is listed twice", "'9b' is not a Swift enum case name", "'c' is not a case of 'Kind'",
        ] {
            #expect(fromDraft.contains(message), "draft: \(fromDraft)")
            #expect(fromFile.contains { $0.hasPrefix(message) }, "file: \(fromFile)")
        }
    }

    @Test func errorsSpeakSwiftAtTheSwiftPlaces() {
        let (manifest, diagnostics) = ManifestBuilder.build(
            Self.draft([Self.cell("PostCell", line: 15, model: "Pots")]))
        #expect(manifest == nil)
        #expect(diagnostics.map(\.rule) == [.invalidManifest])
        #expect(diagnostics.first?.location == Self.at(60, 38))
        #expect(
            diagnostics.first?.message
                == "unknown model type 'Pots' (did you mean 'Post'?): it is not declared in the Swift files read")
        #expect(diagnostics.first?.registrations == [0])
    }

    /// The checks shared with the decoder word a draft's errors as Swift: no manifest key is asked for.
    @Test func sharedChecksHaveSwiftWords() throws {
        let event = try #require(
            ManifestChecks.viewKeyedEvent(
                "heightForCell", host: .tableView, version: LibraryVersion.newestSupported, swift: true))
        #expect(event.hasSuffix("pass the model type instead of the view class"))
        let swift = [
            event, ManifestChecks.supplementaryOnTableViewInSwift, ManifestChecks.emptyXibInSwift,
            ManifestChecks.emptyInSwift("reuseIdentifier"), ManifestChecks.emptyInSwift("kind"),
            ManifestChecks.sectionEvent("insetForSectionAtIndex", with: "view", swift: true),
            try #require(ManifestChecks.nibRegistration(version: LibraryVersion(major: 7), xib: .none, swift: true)),
        ]
        for message in swift {
            #expect(
                !message.contains("'model:'") && !message.contains("'view:'") && !message.contains("'xib"), "\(message)"
            )
            #expect(!message.contains("use 'header'") && !message.contains("remove 'view'"), "\(message)")
        }
    }

    /// The condition is compiled against the model types; its errors are at the Swift expression.
    @Test func conditionsAreCompiledAtTheSwiftExpression() throws {
        var good = Self.cell("PostCell", line: 15)
        good.condition = .expression("model.likes > 10", swift: "{ _, post in post.likes > 10 }", Self.at(15, 40))
        let (manifest, _) = ManifestBuilder.build(Self.draft([good]))
        let registration = try #require(manifest?.registrations.first)
        guard case .custom(let condition) = registration.condition else {
            Issue.record("not compiled: \(registration.condition)")
            return
        }
        #expect(condition.location == Self.at(15, 40))
        var bad = Self.cell("PostCell", line: 15)
        bad.condition = .expression("model.title == 1", swift: "{ _, post in post.title == 1 }", Self.at(15, 40))
        // Swift that is not a condition of the language is kept opaque, with the compiler's reason.
        let (opaque, diagnostics) = ManifestBuilder.build(Self.draft([bad]))
        #expect(diagnostics.isEmpty)
        let kept = try #require(opaque?.registrations.first)
        guard case .opaque(let text) = kept.condition else {
            Issue.record("not opaque: \(kept.condition)")
            return
        }
        #expect(text.value == "{ _, post in post.title == 1 }")
        #expect(text.location == Self.at(15, 40))
        #expect(
            opaque?.extractionNotes == [
                ExtractionNote(
                    message:
                        "the condition `model.title == 1` is outside the condition language ('Post' has no property "
                        + "'title'): kept as an opaque condition, analysed as unknown",
                    location: Self.at(15, 40))
            ])
    }

    @Test func theConfigurationKeepsItsRules() {
        var draft = Self.draft([Self.cell("PostCell", line: 15)])
        draft.libraryVersion = DetectedLibraryVersion(version: LibraryVersion(parsing: "7.2.0")!, origin: .commandLine)
        draft.configuration = [
            DraftConfiguration(key: "semanticHeaderHeight", value: "false", location: Self.at(12, 9))
        ]
        let (_, diagnostics) = ManifestBuilder.build(draft)
        #expect(
            diagnostics.map(\.message) == [
                "'semanticHeaderHeight' does not exist in DTTableViewManager 7.2.0: TableViewConfiguration has it from 8.0"
            ])
        #expect(diagnostics.first?.location == Self.at(12, 9))
    }

    /// A manifest file names its places by line, and suggests manifest keys.
    @Test func aManifestFileKeepsManifestWording() throws {
        let text = """
            version: 1
            host: tableView
            models:
              Post: {kind: class}
            registrations:
              - cell: PostCell
                model: Post
                reuseIdentifier: same
              - cell: OtherCell
                model: Post
                reuseIdentifier: same
            """
        let findings = Linter.lint(bytes: Array(text.utf8), file: "a.maplint.yml")
        let collision = try #require(findings.first { $0.rule == ReuseIdentifierCollisionRule.id })
        #expect(collision.message.hasPrefix("'same' names two views: OtherCell (entry 1) shows"))
        #expect(collision.related.first?.message.hasPrefix("PostCell (entry 0, line 6)") == true)
        #expect(collision.text.hasSuffix("(for example `reuseIdentifier: other-cell`)"))
    }
}
