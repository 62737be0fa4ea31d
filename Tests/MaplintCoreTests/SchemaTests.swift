import Foundation
import Testing

@testable import MaplintFindings
@testable import MaplintLibrary
@testable import MaplintLint
@testable import MaplintManifest
@testable import MaplintRules

private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
private let schemaURL = packageRoot.appendingPathComponent("Schema/\(ManifestSchema.fileName)")

private func fixtures(in folder: String) -> [String] {
    let names =
        (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path)) ?? []
    return names.filter { $0.contains(".maplint.") }.sorted().map { folder + "/" + $0 }
}

/// Validates manifests against Schema/maplint-manifest-v1.schema.json.
@Suite struct SchemaTests {
    /// Invalid fixtures whose error the schema can express; the others are semantic.
    static let schemaErrors = ["typo-key", "wrong-type", "yes-is-a-string", "section-and-condition"]

    static func validator() throws -> SchemaValidator {
        let bytes = try [UInt8](Data(contentsOf: schemaURL))
        return SchemaValidator(root: try #require(JSONInstance.load(bytes, file: schemaURL.path)))
    }

    static func errors(_ text: String) throws -> [String] {
        let value = try #require(JSONInstance.load(Array(text.utf8), file: "x.maplint.yml"))
        return try validator().errors(of: value)
    }

    static func errors(ofFile path: String) throws -> [String]? {
        let bytes = try [UInt8](Data(contentsOf: packageRoot.appendingPathComponent(path)))
        guard let value = JSONInstance.load(bytes, file: path) else { return nil }
        return try validator().errors(of: value)
    }

    @Test func theSchemaIsDraft07AndDescribesEveryKey() throws {
        let root = try Self.validator().root
        #expect(root["$schema"]?.string == "http://json-schema.org/draft-07/schema#")
        var undocumented: [String] = []
        var pending: [(String, JSONInstance)] = [("$", root)]
        while let (path, schema) = pending.popLast() {
            guard let members = schema.members else {
                for (index, item) in (schema.array ?? []).enumerated() { pending.append(("\(path)[\(index)]", item)) }
                continue
            }
            for (key, value) in members {
                if key == "properties", let properties = value.members {
                    for (name, property) in properties {
                        if property["description"] == nil { undocumented.append("\(path).\(name)") }
                        pending.append(("\(path).\(name)", property))
                    }
                } else if key != "enum" && key != "required" {
                    pending.append(("\(path)/\(key)", value))
                }
            }
        }
        #expect(undocumented.isEmpty, "keys without a description: \(undocumented)")
    }

    @Test(arguments: fixtures(in: "Fixtures"))
    func validFixturesPass(fixture: String) throws {
        let errors = try #require(try Self.errors(ofFile: fixture))
        #expect(errors.isEmpty, "\(fixture): \(errors)")
    }

    @Test(arguments: schemaErrors)
    func schemaLevelInvalidFixturesFail(name: String) throws {
        let errors = try #require(try Self.errors(ofFile: "Fixtures/invalid/\(name).maplint.yml"))
        #expect(!errors.isEmpty, "\(name) should not validate")
        #expect(!errors.contains { $0.contains("unsupported") })
    }

    /// The semantic errors (unknown model, bad condition, ...) are past what a schema can say:
    /// those fixtures are well-formed, so the schema is not stricter than the format.
    @Test(
        arguments: fixtures(in: "Fixtures/invalid").filter { path in
            !schemaErrors.contains { path.hasSuffix("/\($0).maplint.yml") }
        })
    func semanticInvalidFixturesAreWellFormed(fixture: String) throws {
        guard let errors = try Self.errors(ofFile: fixture) else { return } // not YAML at all
        #expect(errors.isEmpty, "\(fixture): \(errors)")
    }

    @Test(arguments: [
        ("host: tableview", "not one of the allowed values"),
        ("deploymentTarget: iOS13", "does not match"),
        ("deploymentTarget: watchOS 9.0", "does not match"),
        ("registrations:\n  - cell: PostCell\n    model: Post\n    kind: badge", "oneOf"),
        ("registrations:\n  - supplementary: BadgeView\n    model: Int", "oneOf"),
        ("registrations:\n  - cell: PostCell\n    model: Post\n    section: 1.5", "oneOf"),
        ("registrations:\n  - event: didSelect", "oneOf"),
        ("registrations:\n  - event: didSelect\n    view: A\n    model: Int", "oneOf"),
        ("registrations:\n  - unregister: {header: A, kind: b}", "oneOf"),
        ("models:\n  Post: {kind: actor}", "not one of the allowed values"),
        ("sample: {sections: [{items: [{Post: {}, Other: 1}]}]}", "oneOf"),
        ("sample: {}", "missing sections"),
    ])
    func mistakesAreRejected(addition: String, expected: String) throws {
        let text =
            addition.hasPrefix("host:") ? "version: 1\n\(addition)\n" : "version: 1\nhost: tableView\n\(addition)\n"
        let checked = try Self.errors(text)
        #expect(checked.contains { $0.contains(expected) }, "\(addition): \(checked)")
    }

    /// A generic view class with its arguments is a view class name, as the decoder reads it
    /// (`TypeRef.isViewClassName`); `Any` is a model type.
    @Test func genericViewClassesAndAnyModelsValidate() throws {
        let text = """
            version: 1
            host: tableView
            registrations:
              - cell: "ValueCell<String>"
                model: String
              - cell: "PairCell<Int, Feed.Post>"
                model: Any
              - unregister: "ValueCell<String>"

            """
        #expect(try Self.errors(text) == [])
        let broken = try Self.errors(
            "version: 1\nhost: tableView\nregistrations:\n  - {cell: \"ValueCell<\", model: Int}\n")
        #expect(!broken.isEmpty)
    }

    /// The decoder's key lists and the schema's properties are the same at every level where
    /// both describe a mapping: a key one of them adds must be added to the other.
    @Test func theDecoderAndTheSchemaAllowTheSameKeys() throws {
        let root = try Self.validator().root
        let definitions = try #require(root["definitions"])
        func properties(_ schema: JSONInstance?) -> Set<String> {
            Set(schema?["properties"]?.members?.map(\.0) ?? [])
        }
        /// The properties of the object alternatives of a `oneOf`, together.
        func alternatives(_ schema: JSONInstance?) -> Set<String> {
            Set((schema?["oneOf"]?.array ?? []).flatMap { properties($0) })
        }
        let levels: [(String, Set<String>, [String])] = [
            ("the manifest", properties(root), ManifestDecoder.topLevelKeys),
            ("the configuration", properties(root["properties"]?["configuration"]), ManifestDecoder.configurationKeys),
            ("a model", properties(definitions["modelDeclaration"]), ManifestDecoder.modelKeys),
            ("a cell entry", properties(definitions["cellEntry"]), ManifestDecoder.registrationKeys(kind: "cell")),
            (
                "a header entry", properties(definitions["headerEntry"]),
                ManifestDecoder.registrationKeys(kind: "header")
            ),
            (
                "a footer entry", properties(definitions["footerEntry"]),
                ManifestDecoder.registrationKeys(kind: "footer")
            ),
            (
                "a supplementary entry", properties(definitions["supplementaryEntry"]),
                ManifestDecoder.registrationKeys(kind: "supplementary")
            ),
            ("an unregister entry", properties(definitions["unregisterEntry"]), ManifestDecoder.unregisterKeys),
            (
                "the view an unregister entry names",
                alternatives(definitions["unregisterEntry"]?["properties"]?["unregister"]),
                ManifestDecoder.unregisterTargetKeys
            ),
            ("an event entry", properties(definitions["eventEntry"]), ManifestDecoder.eventKeys),
            ("sample data", properties(definitions["sampleData"]), ManifestDecoder.sampleKeys),
            ("a sample section", properties(definitions["sampleSection"]), ManifestDecoder.sampleSectionKeys),
        ]
        for (level, schema, decoder) in levels {
            #expect(!schema.isEmpty, "the schema describes no keys of \(level)")
            let decoderKeys = Set(decoder)
            #expect(
                decoderKeys.subtracting(schema).isEmpty,
                "\(level): not in the schema: \(decoderKeys.subtracting(schema).sorted())")
            #expect(
                schema.subtracting(decoderKeys).isEmpty,
                "\(level): not in the decoder: \(schema.subtracting(decoderKeys).sorted())")
        }
        // Every entry kind has its definition.
        #expect(
            Set(ManifestDecoder.entryKinds.map { "\($0)Entry" }).isSubset(of: Set(definitions.members?.map(\.0) ?? [])))
    }

    /// One parser for deployment targets: the decoder, and so `--deployment-target`, accepts
    /// exactly what the schema's pattern accepts.
    @Test(arguments: [
        "iOS 13", "iOS 13.0", "tvOS 15.4", "macCatalyst 14.0", " iOS 13", "iOS  13.0 ", "macOS 12.0", "iOS 13.0.1",
        "iOS", "iOS13", "iOS 1٣", "iOS 13.", "iOS 12345", "iOS\t13",
    ])
    func deploymentTargetsAgreeWithTheSchema(text: String) throws {
        let schemaAccepts = try Self.errors("version: 1\nhost: tableView\ndeploymentTarget: \"\(text)\"\n").isEmpty
        #expect((DeploymentTarget(parsing: text) != nil) == schemaAccepts, "'\(text)'")
    }

    @Test(arguments: Rules.all.map(\.id.rawValue))
    func ruleExamplesPass(id: String) throws {
        let rule = try #require(Rules.rule(withID: RuleID(rawValue: id))?.description)
        for example in (rule.id == .invalidManifest ? [] : rule.triggeringExamples) + rule.nonTriggeringExamples {
            let errors = try Self.errors(example.text)
            #expect(
                errors.isEmpty, "an example of \(id): \(errors)\n\(example.text)",
                sourceLocation: example.sourceLocation)
        }
    }

    @Test(arguments: [MaplintLibrary.Host.tableView, .collectionView])
    func theStarterManifestPassesAndLintsClean(host: MaplintLibrary.Host) throws {
        let text = StarterManifest.text(host: host, schema: ManifestSchema.fileName)
        #expect(text.hasPrefix("# yaml-language-server: $schema=\(ManifestSchema.fileName)\n"))
        #expect(try Self.errors(text).isEmpty)
        #expect(Linter.lint(bytes: Array(text.utf8), file: StarterManifest.defaultFileName).isEmpty)
    }

    /// `maplint init` and `maplint schema` carry the schema and the starter manifests inside the
    /// binary: `EmbeddedData.swift` is what `Scripts/embed-data.sh` makes of the files in Schema/.
    /// The supported versions the schema and the starter manifests state are `LibraryVersion`'s:
    /// `MAPLINT_UPDATE_GOLDEN=1` rewrites a stale file and the embedded data.
    @Test(arguments: [
        "Schema/\(ManifestSchema.fileName)", "Schema/starter-tableView.maplint.yml",
        "Schema/starter-collectionView.maplint.yml",
    ])
    func theSupportedVersionsAreGenerated(file: String) throws {
        let url = packageRoot.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        let generated = ManifestSchema.withSupportedVersions(text)
        guard generated != text else { return }
        if ProcessInfo.processInfo.environment["MAPLINT_UPDATE_GOLDEN"] != nil {
            try generated.write(to: url, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [packageRoot.appendingPathComponent("Scripts/embed-data.sh").path]
            try process.run()
            process.waitUntilExit()
            Issue.record("rewrote \(file) and the embedded data from LibraryVersion; run the tests again")
            return
        }
        let command = "MAPLINT_UPDATE_GOLDEN=1 swift test --filter SchemaTests"
        Issue.record("\(file) states other supported versions than LibraryVersion; run `\(command)`")
    }

    @Test func theSupportedVersionsAreWrittenWhereTheFilesStateThem() {
        let stale = #"""
            "libraryVersion": {
              "type": ["string", "integer"],
              "pattern": "^ *[vV]?[0-9]{1,6}(\\.[0-9]{1,6}){0,2}$",
              "minimum": 5,
              "description": "The version of DTTableViewManager the app uses, e.g. \"10.2.0\", \"6.6\" or \"8\". Oldest supported: 5.0. Absent: the newest supported version (10)."
            },
            "modelStorageVersion": {"minimum": 9, "description": "e.g. \"9.0.1\""}
            libraryVersion: "10.2.0"      # the version
            """#
        let oldest = LibraryVersion.oldestSupported.major
        let newest = LibraryVersion.newestSupported
        #expect(
            ManifestSchema.withSupportedVersions(stale) == #"""
                "libraryVersion": {
                  "type": ["string", "integer"],
                  "pattern": "^ *[vV]?[0-9]{1,6}(\\.[0-9]{1,6}){0,2}$",
                  "minimum": \#(oldest),
                  "description": "The version of DTTableViewManager the app uses, e.g. \"\#(newest)\", \"6.6\" or \"8\". Oldest supported: \#(oldest).0. Absent: the newest supported version (\#(newest.major))."
                },
                "modelStorageVersion": {"minimum": 9, "description": "e.g. \"9.0.1\""}
                libraryVersion: "\#(newest)"      # the version
                """#)
    }

    @Test func theEmbeddedDataIsCurrent() throws {
        let generated = FileManager.default.temporaryDirectory.appendingPathComponent(
            "EmbeddedData-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: generated) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [packageRoot.appendingPathComponent("Scripts/embed-data.sh").path, generated.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let source = "Sources/MaplintManifest/Manifest/EmbeddedData.swift"
        #expect(
            try String(contentsOf: generated, encoding: .utf8)
                == String(contentsOf: packageRoot.appendingPathComponent(source), encoding: .utf8),
            "\(source) is not what Schema/ holds now; run Scripts/embed-data.sh")
        #expect(ManifestSchema.text == (try String(contentsOf: schemaURL, encoding: .utf8)))
        for host in [MaplintLibrary.Host.tableView, .collectionView] {
            let file = packageRoot.appendingPathComponent("Schema/starter-\(host.rawValue).maplint.yml")
            #expect(
                StarterManifest.text(host: host, schema: ManifestSchema.fileName)
                    == (try String(contentsOf: file, encoding: .utf8)))
        }
    }
}

@Suite struct SchemaValidatorTests {
    static let schema = JSONInstance.load(
        Array(
            """
            {"type": "object", "properties": {"a": {"type": "integer", "minimum": 1}, "b": {"$ref": "#/definitions/s"}},
             "required": ["a"], "additionalProperties": false,
             "definitions": {"s": {"type": "string", "pattern": "^x+$"}}}
            """.utf8), file: "s.json")

    static func errors(_ text: String) throws -> [String] {
        let validator = SchemaValidator(root: try #require(schema))
        return validator.errors(of: try #require(JSONInstance.load(Array(text.utf8), file: "v.yml")))
    }

    @Test func acceptsAndRejects() throws {
        #expect(try Self.errors("{a: 2, b: xx}").isEmpty)
        #expect(try Self.errors("{a: 0}") == ["$.a: minimum 1.0"])
        #expect(try Self.errors("{b: xy}") == ["$.b: 'xy' does not match ^x+$", "$: missing a"])
        #expect(try Self.errors("{a: 1, c: 1}") == ["$: unknown key c"])
        #expect(try Self.errors("[1]") == ["$: not of type object"])
    }

    @Test func unsupportedKeywordsAreErrors() throws {
        let validator = SchemaValidator(
            root: try #require(JSONInstance.load(Array("{\"if\": {}}".utf8), file: "s.json")))
        #expect(validator.errors(of: .null) == ["$: unsupported keyword if"])
    }
}
