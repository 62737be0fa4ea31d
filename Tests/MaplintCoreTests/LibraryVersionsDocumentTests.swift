import Foundation
import Testing

@testable import MaplintCore

private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// docs/library-versions.md ends with the facts the resolver and the rules read, generated from the
/// documentation comments of `LibraryBehaviour` (the one place they ask what a version does): a
/// changed fact in the code leaves the document stale, and this test fails.
@Suite struct LibraryVersionsDocumentTests {
    static let sourcePath = "Sources/MaplintCore/Resolver/LibraryBehaviour.swift"
    static let documentPath = "docs/library-versions.md"
    static let heading = "## The facts in the code"

    /// Each package member of `LibraryBehaviour` with its documentation comment, in source order.
    static func facts(in source: String) -> [(name: String, text: String)] {
        var facts: [(name: String, text: String)] = []
        var comment: [String] = []
        var inBehaviour = false
        for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("package struct LibraryBehaviour") { inBehaviour = true }
            if line.hasPrefix("extension ") { inBehaviour = false }
            if line.hasPrefix("///") {
                comment.append(String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces))
                continue
            }
            defer { if !line.hasPrefix("@") { comment = [] } }
            guard inBehaviour, !comment.isEmpty, rawLine.hasPrefix("    package ") else { continue }
            let declaration = line.dropFirst("package ".count)
            for keyword in ["var ", "func ", "enum "] where declaration.hasPrefix(keyword) {
                let name = declaration.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                facts.append((String(name), comment.joined(separator: " ")))
            }
        }
        return facts
    }

    static func section(from source: String) -> String {
        var lines = [
            heading,
            "",
            "Generated from the documentation comments of `LibraryBehaviour` (`\(sourcePath)`), which the resolver",
            "and the rules ask and nowhere else; `LibraryVersionsDocumentTests` fails when this list is stale, and",
            "`MAPLINT_UPDATE_GOLDEN=1 swift test --filter LibraryVersionsDocumentTests` rewrites it.",
            "",
        ]
        for fact in facts(in: source) { lines.append("- `\(fact.name)`: \(fact.text)") }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func theDocumentListsTheFactsTheCodeUses() throws {
        let source = try String(
            contentsOf: packageRoot.appendingPathComponent(Self.sourcePath), encoding: .utf8)
        let documentURL = packageRoot.appendingPathComponent(Self.documentPath)
        let document = try String(contentsOf: documentURL, encoding: .utf8)
        let expected = Self.section(from: source)
        let head = document.range(of: "\n" + Self.heading + "\n").map { String(document[..<$0.lowerBound]) + "\n" }
        let current = head.map { String(document.dropFirst($0.count)) }
        if ProcessInfo.processInfo.environment["MAPLINT_UPDATE_GOLDEN"] != nil, current != expected {
            try ((head ?? document + "\n") + expected).write(to: documentURL, atomically: true, encoding: .utf8)
            Issue.record("rewrote the end of \(Self.documentPath); run the tests again")
            return
        }
        #expect(
            current == expected,
            "\(Self.documentPath) does not end with the facts of \(Self.sourcePath); run `MAPLINT_UPDATE_GOLDEN=1 swift test --filter LibraryVersionsDocumentTests`"
        )
    }

    /// The list holds every fact, word for word.
    @Test func aFactIsReadWithItsWholeComment() {
        let source = """
            package struct LibraryBehaviour {
                /// First line,
                /// second line.
                package var usesSomething: Bool { true }
                var hidden: Bool { true }
                /// Asked per registration.
                package func dequeueSomething(of registration: Int) -> Int { registration }
            }
            extension Manifest {
                /// Not a fact of its own.
                package var behaviour: Int { 0 }
            }
            """
        let facts = Self.facts(in: source)
        #expect(facts.map(\.name) == ["usesSomething", "dequeueSomething"])
        #expect(facts.map(\.text) == ["First line, second line.", "Asked per registration."])
    }
}
