import Foundation
import MaplintFiles
import MaplintFindings
import MaplintLint
import MaplintManifest
import Testing

@testable import MaplintSwift

/// The manifests committed under Fixtures/swift/extracted are what `maplint extract
/// Fixtures/swift/FeedApp --output Fixtures/swift/extracted` writes today.
@Suite struct ExtractedFixtureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func committedManifestsAreUpToDate() throws {
        let app = Self.root.appendingPathComponent("Fixtures/swift/FeedApp").path
        let folder = Self.root.appendingPathComponent("Fixtures/swift/extracted")
        // As `maplint extract` writes them: conditions outside the language made opaque first.
        let extraction = SwiftExtractor.conditionsChecked(SwiftExtractor.extract(paths: [app]))
        #expect(extraction.problems.isEmpty)
        let writer = ManifestWriter(folder: folder.path)
        let committed = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(committed == extraction.manifests.map(\.fileName).sorted())
        for manifest in extraction.manifests {
            let expected = try String(contentsOf: folder.appendingPathComponent(manifest.fileName), encoding: .utf8)
            #expect(
                writer.text(of: manifest) == expected,
                "\(manifest.fileName) is out of date: run `swift run maplint extract Fixtures/swift/FeedApp --output Fixtures/swift/extracted`"
            )
        }
    }

    /// `maplint lint` on the committed manifests finds what `lint --swift` finds in memory, at
    /// the same Swift places and in the same words.
    @Test func committedManifestsLintAsTheSwiftCodeDoes() throws {
        let app = Self.root.appendingPathComponent("Fixtures/swift/FeedApp").path
        let folder = Self.root.appendingPathComponent("Fixtures/swift/extracted")
        let extraction = SwiftExtractor.extract(paths: [app])
        for manifest in extraction.manifests {
            let file = folder.appendingPathComponent(manifest.fileName).path
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let (built, diagnostics) = ManifestBuilder.build(manifest)
            let inMemory = Linter.lint(manifest: built, diagnostics: diagnostics)
            let written = Linter.lint(bytes: Array(text.utf8), file: file)
            func lines(_ findings: [Diagnostic]) -> [String] {
                findings.map { finding in
                    let place =
                        FilePaths.joined("", finding.location.file)
                        + ":\(finding.location.line):\(finding.location.column)"
                    return
                        ([place, finding.rule.description, finding.message]
                        + finding.related.map {
                            "\(FilePaths.joined("", $0.location.file)):\($0.location.line) \($0.message)"
                        })
                        .joined(separator: " | ")
                }
                .sorted()
            }
            #expect(lines(inMemory) == lines(written), "\(manifest.fileName)")
        }
    }

    @Test func theDeploymentTargetComesFromPackageSwift() {
        let app = Self.root.appendingPathComponent("Fixtures/swift/FeedApp/Sources").path
        let extraction = SwiftExtractor.extract(paths: [app])
        #expect(!extraction.manifests.isEmpty)
        #expect(extraction.manifests.allSatisfy { $0.deploymentTarget == "iOS 13.0" })
    }
}
