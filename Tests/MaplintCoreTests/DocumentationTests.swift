import Foundation
import Testing

@testable import MaplintFindings
@testable import MaplintOutput
@testable import MaplintRules

private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

private func repositoryFile(_ path: String) throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
}

/// The documentation that is derived from the code stays in step with it.
@Suite struct DocumentationTests {
    @Test func theRuleReferenceIsCurrent() throws {
        let generated = RulesMarkdownFormatter().format(.all(Rules.descriptions))
        let file = try repositoryFile("docs/rules.md")
        #expect(
            file == generated,
            "docs/rules.md is not the rules' current documentation; run `\(RulesMarkdownFormatter.regenerationCommand)`"
        )
    }

    @Test func theNewestChangelogReleaseIsTheVersion() throws {
        let changelog = try repositoryFile("CHANGELOG.md")
        let releases = changelog.split(separator: "\n").filter {
            $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]")
        }
        let newest = try #require(releases.first, "CHANGELOG.md has no release heading")
        #expect(
            newest.hasPrefix("## [\(MaplintVersion.current)] - "),
            "CHANGELOG.md's newest release is '\(newest)', but MaplintVersion.current is \(MaplintVersion.current)")
    }

    /// Every relative link of the README and docs/ points at a file that exists.
    @Test func relativeLinksResolve() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path)
        let pages = ["README.md", "CHANGELOG.md"] + docs.filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        var broken: [String] = []
        for page in pages {
            let text = try repositoryFile(page)
            let folder = (page as NSString).deletingLastPathComponent
            var rest = Substring(text)
            while let open = rest.range(of: "](") {
                rest = rest[open.upperBound...]
                guard let close = rest.firstIndex(of: ")") else { break }
                let target = String(rest[..<close]).split(separator: "#", omittingEmptySubsequences: false).first ?? ""
                if !target.isEmpty, !target.contains("://"), !target.hasPrefix("mailto:") {
                    let path = folder.isEmpty ? String(target) : folder + "/" + target
                    if !FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path) {
                        broken.append("\(page): \(target)")
                    }
                }
            }
        }
        #expect(broken.isEmpty, "links to missing files: \(broken)")
    }
}
