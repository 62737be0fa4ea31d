import Testing

@testable import MaplintFindings
@testable import MaplintLibrary
@testable import MaplintManifest
@testable import MaplintYAML

private func decode(_ text: String) -> ManifestLoadResult {
    ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml")
}

/// The single error of a manifest, as "line:column: message".
private func onlyError(_ text: String) -> String {
    let result = decode(text)
    #expect(result.manifest == nil)
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 1, "expected one error, got \(errors.map(\.message))")
    guard let error = errors.first else { return "" }
    #expect(error.rule == .invalidManifest)
    return "\(error.location.line):\(error.location.column): \(error.message)"
}

private let header = "version: 1\nhost: tableView\n"

@Suite struct ManifestDecoderTests {
    @Test func decodesEveryRegistrationKey() throws {
        let result = decode(
            """
            version: 1
            host: tableView
            deploymentTarget: iOS 13.0
            models:
              Post: {properties: {likes: Int, title: String?}}
            registrations:
              - cell: PostCell
                model: Post
                section: 0
              - cell: PostCell
                model: Post
                xib: CustomPostCell
                reuseIdentifier: custom-post-cell
                storyboard: false
                modelTransfer: false
                events: [didSelect, willDisplay]
              - header: FeedHeader
                model: String
                headerFooterView: false
                xib: null
              - unregister: PostCell
              - unregister: {header: FeedHeader}
              - event: didSelect
                view: PostCell
              - event: heightForCell
                model: Post
              - cell: OtherCell
                model: Post
                opaqueCondition: "post.isPinned"
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let manifest = try #require(result.manifest)
        #expect(manifest.deploymentTarget == DeploymentTarget(platform: .iOS, major: 13, minor: 0))
        #expect(manifest.entries.count == 8)
        let first = try #require(manifest.entries[0].registration)
        #expect(first.location == SourceLocation(file: "m.yml", line: 7, column: 5))
        guard case .section(let section) = first.condition else {
            Issue.record("expected a section condition")
            return
        }
        #expect(section.value == 0)
        #expect(first.reuseIdentifier.value == "PostCell")
        #expect(!first.hasExplicitReuseIdentifier)
        let second = try #require(manifest.entries[1].registration)
        #expect(second.xib == .named("CustomPostCell"))
        #expect(second.reuseIdentifier.value == "custom-post-cell")
        #expect(second.modelTransfer == false)
        #expect(second.events.map(\.value) == ["didSelect", "willDisplay"])
        let third = try #require(manifest.entries[2].registration)
        #expect(third.viewType == .supplementary(kind: ViewType.tableHeaderKind))
        #expect(third.xib == XibName.none)
        #expect(third.headerFooterView == false)
        guard case .unregister(let unregister) = manifest.entries[4] else {
            Issue.record("expected an unregister entry")
            return
        }
        #expect(unregister.viewType == .supplementary(kind: ViewType.tableHeaderKind))
        #expect(unregister.index == 4)
        guard case .event(let event) = manifest.entries[6], case .model(let model) = event.target else {
            Issue.record("expected a model-keyed event")
            return
        }
        #expect(model.value == .model("Post"))
        guard case .opaque(let opaque) = manifest.entries[7].registration?.condition else {
            Issue.record("expected an opaque condition")
            return
        }
        #expect(opaque.value == "post.isPinned")
    }

    @Test func reportsUnknownKeysWithASuggestion() {
        #expect(
            onlyError(header + "registrations:\n  - cell: PostCell\n    model: String\n    reuseIdentifer: x\n")
                == "6:5: unknown key 'reuseIdentifer' in a 'cell' entry (did you mean 'reuseIdentifier'?)")
        #expect(
            onlyError("version: 1\nhost: tableView\nregistration: []\n")
                == "3:1: unknown key 'registration' in the manifest (did you mean 'registrations'?)")
    }

    @Test func reportsWrongValueTypes() {
        #expect(
            onlyError("version: \"1\"\nhost: tableView\n") == "1:10: 'version' must be an integer, not a string ('1')")
        #expect(
            onlyError(header + "registrations:\n  - cell: C\n    model: Int\n    storyboard: maybe\n")
                == "6:17: 'storyboard' must be true or false, not a string ('maybe')")
        #expect(
            onlyError("version: 1\nhost: tableview\n")
                == "2:7: 'host' must be tableView or collectionView, not 'tableview' (did you mean 'tableView'?)")
        #expect(
            onlyError(header + "registrations:\n  - cell: C\n    model: Int\n    storyboard: NO\n")
                == "6:17: 'storyboard' must be true or false, not a string ('NO')")
    }

    @Test func reportsMissingRequiredKeys() {
        #expect(onlyError("host: tableView\n") == "1:1: the manifest needs 'version: 1'")
        #expect(
            onlyError(header + "registrations:\n  - cell: PostCell\n")
                == "4:11: 'cell: PostCell' needs 'model', the type of the models it displays")
        #expect(
            onlyError("version: 1\nhost: collectionView\nregistrations:\n  - supplementary: Badge\n    model: Int\n")
                == "4:20: a supplementary view needs its 'kind'")
    }

    @Test func reportsUnknownModelTypesWithASuggestion() {
        #expect(
            onlyError(header + "models:\n  Post: {}\nregistrations:\n  - cell: PostCell\n    model: Pots\n")
                == "7:12: unknown model type 'Pots' (did you mean 'Post'?); declare it under 'models'")
        #expect(
            onlyError(header + "models:\n  Post: {properties: {author: Autor}}\n  Author: {kind: struct}\n")
                == "4:31: unknown model type 'Autor' (did you mean 'Author'?); declare it under 'models'")
    }

    @Test func rejectsSectionTogetherWithCondition() {
        #expect(
            onlyError(
                header + "registrations:\n  - cell: C\n    model: Int\n    section: 0\n    condition: \"model > 1\"\n")
                == "7:5: 'section' and 'condition' both set a condition, and a mapping has one condition; keep one")
    }

    @Test func rejectsInheritanceCycles() {
        #expect(
            onlyError(header + "models:\n  A: {inherits: B}\n  B: {inherits: C}\n  C: {inherits: A}\n")
                == "4:17: inheritance cycle: A → B → C → A")
        #expect(
            onlyError(header + "models:\n  P: {kind: protocol, inherits: [Q]}\n  Q: {kind: protocol, inherits: P}\n")
                == "4:34: inheritance cycle: P → Q → P")
    }

    @Test func rejectsDuplicateModelNames() {
        #expect(
            onlyError(header + "models:\n  Post: {}\n  Post: {kind: struct}\n")
                == "5:3: duplicate key 'Post'; it is already set at line 4, column 3")
    }

    @Test func rejectsKindMismatchesInDeclarations() {
        #expect(
            onlyError(header + "models:\n  P: {kind: protocol}\n  A: {inherits: P}\n")
                == "5:17: 'P' is a protocol; a class can only inherit from a class (list protocols under 'conforms')")
        #expect(
            onlyError(header + "models:\n  S: {kind: struct, inherits: Base}\n  Base: {}\n")
                == "4:21: a struct cannot inherit; list protocols under 'conforms'")
    }

    @Test func rejectsInstantiatedProtocols() {
        #expect(
            onlyError(
                header
                    + "models:\n  Food: {kind: protocol}\n  Apple: {conforms: [Food]}\nsample:\n  sections:\n    - items:\n        - Food: {}\n"
            )
                == "9:11: 'Food' is a protocol and cannot be instantiated; use a conforming type such as Apple")
    }

    @Test func decodesSampleValues() throws {
        let result = decode(
            """
            version: 1
            host: collectionView
            models:
              Author: {kind: struct, properties: {name: String, isVerified: Bool}}
              Post: {properties: {likes: Int, author: Author?, state: State, score: Double}}
              State: {kind: enum, cases: [draft, published]}
            sample:
              sections:
                - header: {String: "Today"}
                  supplementaries: {badge: 3}
                  items:
                    - Post: {likes: 3, state: published, score: 2, author: {name: "A", isVerified: true}}
                    - 42
                    - 2.5
                    - "text"
                    - {State: .draft}
                    - null
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let section = try #require(result.manifest?.sample?.sections.first)
        #expect(section.header?.value == .string("Today"))
        #expect(section.supplementaries.first?.kind == "badge")
        #expect(
            section.items.map(\.value) == [
                .object(
                    type: "Post",
                    properties: [
                        "likes": .int(3), "state": .enumCase(type: "State", name: "published"), "score": .double(2),
                        "author": .object(
                            type: "Author", properties: ["name": .string("A"), "isVerified": .bool(true)]),
                    ]),
                .int(42), .double(2.5), .string("text"), .enumCase(type: "State", name: "draft"), .none,
            ])
        #expect(section.items[1].location == SourceLocation(file: "m.yml", line: 13, column: 11))
    }

    @Test func reportsBadSampleValues() {
        let models =
            header
            + "models:\n  Post: {properties: {likes: Int, state: S}}\n  S: {kind: enum, cases: [a, b]}\nsample:\n  sections:\n    - items:\n"
        #expect(
            onlyError(models + "        - Post: {likes: \"3\"}\n") == "9:25: 'likes' must be an Int, not a string ('3')"
        )
        #expect(
            onlyError(models + "        - Post: {lieks: 3}\n")
                == "9:18: Post has no property 'lieks' (did you mean 'likes'?)")
        #expect(
            onlyError(models + "        - Post: {state: c}\n") == "9:25: 'c' is not a case of S (did you mean 'a'?)")
        #expect(
            onlyError(models + "        - {Post: {}, S: a}\n")
                == "9:11: a typed sample model is a one-key mapping {TypeName: value}; this one has 2 keys")
    }

    @Test func compilesConditionsAgainstTheModelType() throws {
        let result = decode(
            header
                + "models:\n  Post: {properties: {likes: Int}}\nregistrations:\n  - cell: C\n    model: Post\n    condition: \"model.likes > 2\"\n"
        )
        #expect(result.diagnostics.isEmpty)
        guard case .custom(let condition) = result.manifest?.entries.first?.registration?.condition else {
            Issue.record("expected a custom condition")
            return
        }
        #expect(condition.source == "model.likes > 2")
        #expect(condition.location == SourceLocation(file: "m.yml", line: 8, column: 17))
    }

    @Test func rejectsSupplementaryInTableViews() {
        #expect(
            onlyError(header + "registrations:\n  - supplementary: Badge\n    kind: badge\n    model: Int\n")
                == "4:20: a table view has no supplementary views; use 'header' or 'footer'")
    }

    @Test func readsTheDataFileInPlaceOfTheSample() throws {
        let manifest = try #require(decode(header + "sample:\n  sections:\n    - items: [1]\n").manifest)
        let data = try YAMLLoader.load(
            bytes: Array("sections:\n  - items: [2, 3]\n  - items: []\n".utf8), file: "d.yml"
        ).get()
        let (sample, diagnostics) = ManifestDecoder.decodeSampleData(data, for: manifest)
        #expect(diagnostics.isEmpty)
        #expect(sample?.sections.count == 2)
        #expect(sample?.sections.first?.items.map(\.value) == [.int(2), .int(3)])
        #expect(sample?.sections.first?.items.first?.location.file == "d.yml")
    }

    @Test func explainsUnreadableFiles() {
        let missing = ManifestLoader.load(path: "/nonexistent/x.maplint.yml")
        #expect(missing.manifest == nil)
        #expect(missing.diagnostics.first?.message == "no such file")
        let folder = ManifestLoader.load(path: "/tmp")
        #expect(folder.diagnostics.first?.message == "this is a folder, not a manifest file")
    }
}

@Suite struct ManifestLimitTests {
    @Test func refusesTooManyRegistrations() {
        let text =
            "version: 1\nhost: tableView\nregistrations:\n"
            + String(repeating: "  - {cell: C, model: Int}\n", count: 11)
        let result = ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml", limits: LoaderLimits(maxEntries: 10))
        #expect(result.diagnostics.map(\.message) == ["'registrations' has 11 entries, over the limit of 10"])
        #expect(result.diagnostics.first?.location.line == 4)
    }

    @Test func refusesTooManySampleElements() {
        let text =
            "version: 1\nhost: tableView\nsample:\n  sections:\n    - header: {String: x}\n      items: [1, 2, 3, 4, 5]\n"
        let result = ManifestLoader.load(
            bytes: Array(text.utf8), file: "m.yml", limits: LoaderLimits(maxSampleElements: 5))
        #expect(result.diagnostics.map(\.message) == ["the sample has 6 elements, over the limit of 5"])
        #expect(result.diagnostics.first?.location == SourceLocation(file: "m.yml", line: 5, column: 5))
    }

    /// A list longer than any manifest list may be is refused while it is read, at its first
    /// entry too many, before the node tree of a huge sample is built.
    @Test func refusesAListLongerThanTheListLimitWhileReading() {
        let text = "version: 1\nhost: tableView\nsample:\n  sections:\n    - items: [1, 2, 3, 4]\n"
        let result = ManifestLoader.load(
            bytes: Array(text.utf8), file: "m.yml", limits: LoaderLimits(maxListLength: 3))
        #expect(
            result.diagnostics.map(\.message) == [
                "this list has more than 3 entries, more than any list of a manifest may hold"
            ])
        #expect(result.diagnostics.first?.location == SourceLocation(file: "m.yml", line: 5, column: 24))
        #expect(result.manifest == nil)
    }
}

@Suite struct TypeRefTests {
    @Test func parsesOptionalsAndRejectsAbsurdNesting() {
        #expect(TypeRef(parsing: "Int??") == .optional(.optional(.builtin(.int))))
        #expect(TypeRef(parsing: "Post") == .model("Post"))
        #expect(TypeRef(parsing: "Int" + String(repeating: "?", count: 100_000)) == nil)
        #expect(TypeRef(parsing: "[Int]") == nil)
    }

    /// The ASCII shortcut of `isLetter` answers as Unicode's Alphabetic property does.
    @Test func letterShortcutAgreesWithTheUnicodeProperty() {
        for value in UInt32(0)..<0x80 {
            let scalar = Unicode.Scalar(UInt8(value))
            #expect(TypeRef.isLetter(scalar) == scalar.properties.isAlphabetic, "U+\(String(value, radix: 16))")
        }
        for scalar in ["é", "Ж", "ß", "名", "ª", "\u{2160}", "\u{2167}"] as [Unicode.Scalar] {
            #expect(TypeRef.isLetter(scalar))
        }
        for scalar in ["٣", "\u{00A0}", "€", "\u{1F600}", "·"] as [Unicode.Scalar] {
            #expect(!TypeRef.isLetter(scalar))
        }
    }

    @Test func identifiersTakeUnicodeLettersAndAsciiDigits() {
        #expect(TypeRef(parsing: "Café") == .model("Café"))
        #expect(TypeRef(parsing: "Пост.Модель2?") == .optional(.model("Пост.Модель2")))
        #expect(TypeRef(parsing: "_x9") == .model("_x9"))
        #expect(TypeRef(parsing: "名前") == .model("名前"))
        #expect(TypeRef(parsing: "9Post") == nil)
        #expect(TypeRef(parsing: "Post٣") == nil)
        #expect(TypeRef(parsing: "Post-Cell") == nil)
        #expect(TypeRef(parsing: "Post.") == nil)
        #expect(TypeRef(parsing: "@Post") == nil)
        #expect(TypeRef(parsing: "[Post") == nil)
        #expect(TypeRef(parsing: "Post`") == nil)
        #expect(TypeRef(parsing: "Post{") == nil)
    }
}
