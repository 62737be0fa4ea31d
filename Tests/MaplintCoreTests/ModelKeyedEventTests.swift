import Foundation
import Testing

@testable import MaplintFindings
@testable import MaplintManifest
@testable import MaplintRules

private let programsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Programs")

private let here = SourceLocation(file: "m", line: 1, column: 1)

private func model(_ name: String, _ kind: ModelKind, superclass: String? = nil, protocols: [String] = []) -> ModelDecl
{
    ModelDecl(
        name: name, kind: kind, superclass: superclass.map { Located($0, at: here) },
        protocols: protocols.map { Located($0, at: here) }, location: here)
}

/// The models of Tests/Programs/ModelKeyedEventMetatypes.swift, as a manifest declares them.
private let types = TypeTable([
    model("FeedItem", .protocol),
    model("Pinned", .protocol, protocols: ["FeedItem"]),
    model("Post", .class, protocols: ["FeedItem"]),
    model("VideoPost", .class, superclass: "Post"),
    model("Ad", .struct, protocols: ["FeedItem"]),
    model("Promo", .struct, protocols: ["Pinned"]),
])

/// `Optional<Int>` as Swift prints it → `Int?`.
private func typeRef(_ printed: String) -> TypeRef? {
    if printed.hasPrefix("Optional<"), printed.hasSuffix(">") {
        return typeRef(String(printed.dropFirst("Optional<".count).dropLast())).map(TypeRef.optional)
    }
    return TypeRef(parsing: printed)
}

/// Model-keyed events (`heightForCell(withItem:)`) attach where `Event.self is Model.Type` holds
/// inside DT's generic mapping (DTModelStorage ViewModelMapping.swift `modelTypeTypeCheckingBlock`,
/// 9.1.2 / 11.0.2; attached by `appendMappedReaction`, DTTableViewDelegateWrapper.swift 8.0.1 and
/// 11.0.1). Swift decides what that check answers, so this test asks Swift.
@Suite struct ModelKeyedEventTests {
    @Test func maplintAgreesWithSwiftOnEveryMetatypeCheck() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maplint-metatypes-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = folder.appendingPathComponent("metatypes").path
        let source = programsFolder.appendingPathComponent("ModelKeyedEventMetatypes.swift").path
        let compile = try run(["swiftc", "-o", binary, source], in: folder)
        try #require(compile.status == 0, "swiftc failed: \(compile.output)")
        let result = try run([binary], in: folder)
        try #require(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 24)
        for line in lines {
            let parts = line.split(separator: " ").map(String.init)
            try #require(parts.count == 3, "unexpected line \(line)")
            let event = try #require(typeRef(parts[0]))
            let mapping = try #require(typeRef(parts[1]))
            #expect(types.metatypeMatches(event, mapping) == (parts[2] == "true"), "\(line)")
        }
    }

    @Test func beforeDT8EventsMatchConformingTypes() throws {
        let manifest = try #require(
            ManifestLoader.load(
                bytes: Array(
                    """
                    version: 1
                    host: tableView
                    libraryVersion: "7.2.0"
                    models:
                      FeedItem: {kind: protocol}
                      Post: {conforms: [FeedItem]}
                    registrations:
                      - event: heightForCell
                        model: Post
                      - cell: FeedItemCell
                        model: FeedItem
                    """.utf8), file: "m.maplint.yml"
            ).manifest)
        #expect(Analyzer.analyze(manifest).filter { $0.rule == EventWithoutRegistrationRule.id }.isEmpty)
    }

    /// An optional metatype does not inherit: `Optional<VideoPost>.self is Optional<Post>.Type` is false
    /// (swiftc: the last lines of Tests/Programs/ModelKeyedEventMetatypes.swift), so from DT 8 a model-keyed
    /// event attaches to an optional mapping model only when it names the very same optional type
    /// (DTModelStorage ViewModelMapping.swift, `modelTypeTypeCheckingBlock`, 9.1.2, 11.0.2; attached by
    /// `appendMappedReaction`, DTTableViewDelegateWrapper.swift, 11.0.1).
    @Test func anOptionalModelKeyedEventAttachesOnlyToTheSameOptional() throws {
        func warnings(_ mapping: String, _ event: String) throws -> [String] {
            let manifest = try #require(
                ManifestLoader.load(
                    bytes: Array(
                        """
                        version: 1
                        host: tableView
                        models:
                          Post: {properties: {likes: Int}}
                          VideoPost: {inherits: Post}
                        registrations:
                          - cell: PostCell
                            model: \(mapping)
                          - event: heightForCell
                            model: \(event)
                        """.utf8), file: "m.maplint.yml"
                ).manifest)
            return Analyzer.analyze(manifest).filter { $0.rule == EventWithoutRegistrationRule.id }.map(\.text)
        }
        #expect(
            try warnings("Post?", "VideoPost?") == [
                "the manager-level heightForCell(withItem: VideoPost?.self) attaches to no mapping: its closure never "
                    + "runs\nPostCell (entry 0, line 7) is registered here\n"
                    + "PostCell (entry 0, line 7) has the model type Post?, but DTTableViewManager 11 attaches a model-keyed event only "
                    + "where `VideoPost?.self is Post?.Type` holds in its generic mapping, and for an optional only the "
                    + "same optional type attaches (optional metatypes do not inherit), so the closure never runs "
                    + "(runtime anomaly eventRegistrationForUnregisteredMapping)\nfix: write `withItem: Post?.self`"
            ])
        #expect(try warnings("VideoPost?", "Post?").count == 1)
        #expect(try warnings("Post?", "Post?").isEmpty)
        // Not optional: a subclass still matches its superclass.
        #expect(try warnings("Post", "VideoPost").isEmpty)
    }

    private func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
