import MaplintFindings
import MaplintLibrary
import MaplintLint
import MaplintManifest
import Testing

@testable import MaplintSwift

// Helpers shared by the extraction tests: inline Swift in; manifests (as the YAML `maplint
// extract` writes), notes and problems out. Every manifest a test looks at is also loaded as a
// manifest, which must give no error.

/// Extracts from inline Swift files, read in path order; `version` is `--library-version`.
func extract(_ files: [String: String], target: String? = nil, version: String? = nil) -> ExtractionResult {
    let sources = files.sorted { $0.key < $1.key }.map { (path: $0.key, bytes: Array($0.value.utf8)) }
    let versions = version.flatMap(LibraryVersion.init(parsing:)).map { LibraryVersions.given($0) } ?? LibraryVersions()
    return SwiftExtractor.extract(sources: sources, deploymentTarget: target, libraryVersions: versions)
}

/// Extracts from one file, `Sources/Feed.swift`.
func extract(_ source: String, target: String? = nil, version: String? = nil) -> ExtractionResult {
    extract(["Sources/Feed.swift": source], target: target, version: version)
}

/// The YAML `maplint extract` writes for a manifest, paths as seen from the current folder
/// (conditions outside the condition language made opaque first, as the command does).
func yaml(_ manifest: ManifestDraft) -> String {
    ManifestWriter().text(of: ConditionValidator.checked(manifest))
}

/// The YAML without comments (the header, `# swift:` places, `# unsupported-swift:` notes) and
/// without the final line break: what a YAML reader sees.
func plainYAML(_ manifest: ManifestDraft) -> String {
    var lines: [String] = []
    for line in yaml(manifest).split(separator: "\n") where !line.hasPrefix("#") {
        var text = String(line)
        if let comment = text.range(of: "  # swift: ") { text = String(text[..<comment.lowerBound]) }
        lines.append(text)
    }
    return lines.joined(separator: "\n")
}

/// Only the `registrations:` part of `plainYAML`.
func registrationsYAML(_ manifest: ManifestDraft) -> String {
    let text = plainYAML(manifest)
    guard let start = text.range(of: "registrations:") else { return "" }
    return String(text[start.lowerBound...])
}

/// Only the `models:` part of `plainYAML`.
func modelsYAML(_ manifest: ManifestDraft) -> String {
    let text = plainYAML(manifest)
    guard let start = text.range(of: "models:"), let end = text.range(of: "\nregistrations:") else { return "" }
    return String(text[start.lowerBound..<end.lowerBound])
}

/// Notes as `LINE:COLUMN message`, in order.
func describe(_ notes: [ExtractionNote]) -> [String] {
    notes.map { "\($0.location.line):\($0.location.column) \($0.message)" }
}

/// A location in the default file, `Sources/Feed.swift`.
func at(_ line: Int, _ column: Int, file: String = "Sources/Feed.swift") -> MaplintFindings.SourceLocation {
    MaplintFindings.SourceLocation(file: file, line: line, column: column)
}

/// The only manifest extracted, after checking that it loads without errors.
func onlyManifest(
    _ result: ExtractionResult, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> ManifestDraft {
    try #require(
        result.manifests.count == 1, "manifests: \(result.manifests.map(\.name))", sourceLocation: sourceLocation)
    let manifest = result.manifests[0]
    expectLoadsCleanly(manifest, sourceLocation: sourceLocation)
    return manifest
}

/// The manifest of that name, after checking that it loads without errors.
func manifest(
    _ name: String, in result: ExtractionResult, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> ManifestDraft {
    let found = try #require(
        result.manifests.first { $0.name == name }, "manifests: \(result.manifests.map(\.name))",
        sourceLocation: sourceLocation)
    expectLoadsCleanly(found, sourceLocation: sourceLocation)
    return found
}

/// An extracted manifest must load as a manifest: no error-level diagnostic.
func expectLoadsCleanly(_ manifest: ManifestDraft, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let text = yaml(manifest)
    let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: "x.maplint.yml")
    let errors = loaded.diagnostics.filter { $0.severity == .error }
    #expect(
        errors.isEmpty, "\(errors.map { "\($0.location): \($0.message)" })\n\(text)", sourceLocation: sourceLocation)
    #expect(loaded.manifest != nil, sourceLocation: sourceLocation)
    expectSameFindingsInMemory(manifest, text: text, sourceLocation: sourceLocation)
}

/// `lint --swift` builds the manifest in memory (`ManifestBuilder`, which makes conditions outside
/// the condition language opaque itself): it must find what linting the written manifest finds,
/// at the same Swift places and in the same words.
func expectSameFindingsInMemory(
    _ manifest: ManifestDraft, text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let (built, diagnostics) = ManifestBuilder.build(manifest)
    #expect(built != nil, "\(diagnostics.map { "\($0.location): \($0.message)" })", sourceLocation: sourceLocation)
    let inMemory = Linter.lint(manifest: built, diagnostics: diagnostics)
    let written = Linter.lint(bytes: Array(text.utf8), file: "x.maplint.yml")
    func lines(_ findings: [Diagnostic]) -> [String] {
        findings.map { finding in
            ([finding.location.description, finding.rule.description, "\(finding.severity)", finding.message]
                + finding.related.map { "\($0.location): \($0.message)" }).joined(separator: " | ")
        }
        .sorted()
    }
    #expect(lines(inMemory) == lines(written), sourceLocation: sourceLocation)
}

/// The registrations among the entries.
func registrations(_ manifest: ManifestDraft) -> [DraftRegistration] {
    manifest.entries.compactMap { if case .registration(let registration) = $0 { registration } else { nil } }
}

/// `PostCell` (a table cell for `Post`) and `Post`, for snippets that need a registrable cell.
let postDeclarations = """
    class PostCell: UITableViewCell, ModelTransfer {
        func update(with model: Post) {}
    }
    class Post {
        var likes = 0
        var title = ""
        var containsVideo = false
    }
    """

/// A table view controller whose `viewDidLoad` runs `body`: line 3 is the body's first line, and
/// a statement indented by eight spaces starts in column 9. `postDeclarations` follow.
func tableScreen(_ body: String) -> String {
    """
    final class FeedViewController: UIViewController, DTTableViewManageable {
        override func viewDidLoad() {
    \(body)
        }
    }
    \(postDeclarations)
    """
}

/// `models:` as written for `Post` of `postDeclarations`.
let postModelsYAML = """
    models:
      Post:
        kind: class
        properties:
          likes: Int
          title: String
          containsVideo: Bool
    """
