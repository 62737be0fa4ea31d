import Foundation
import Testing

@testable import MaplintLibrary
@testable import MaplintOutput

private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The documentation generated from the Library facts (`LibraryMarkdown`): the table of what differs between
/// versions and the supported versions in docs/library-versions.md, the list of `LibraryBehaviour`'s questions
/// there (from its documentation comments), and the spelling table of docs/swift-sources.md. A changed fact
/// leaves its page stale and this suite fails; `MAPLINT_UPDATE_GOLDEN=1` rewrites the blocks.
@Suite struct LibraryDocumentTests {
    /// The questions, then what their answers mean for one registration.
    static let behaviourPaths = [
        "Sources/MaplintLibrary/LibraryBehaviour.swift",
        "Sources/MaplintResolver/LibraryBehaviour+Registrations.swift",
    ]
    static let behaviourBlock = LibraryMarkdown.Block(
        name: "behaviour questions", page: "docs/library-versions.md",
        source: "the documentation comments of LibraryBehaviour")

    /// Each package member of `LibraryBehaviour` with its documentation comment, in source order.
    static func facts(in source: String) -> [(name: String, text: String)] {
        var facts: [(name: String, text: String)] = []
        var comment: [String] = []
        var inBehaviour = false
        for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("package struct LibraryBehaviour") || line.hasPrefix("extension LibraryBehaviour {") {
                inBehaviour = true
            } else if line.hasPrefix("extension ") {
                inBehaviour = false
            }
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

    static func behaviourList(from source: String) -> String {
        facts(in: source).map { "- `\($0.name)`: \($0.text)\n" }.joined()
    }

    /// Checks one block of a page against the facts; rewrites it under `MAPLINT_UPDATE_GOLDEN`.
    static func check(_ block: LibraryMarkdown.Block, expected: String) throws {
        let url = packageRoot.appendingPathComponent(block.page)
        let page = try String(contentsOf: url, encoding: .utf8)
        let current = LibraryMarkdown.generatedText(of: block, in: page)
        #expect(current != nil, "\(block.page) has no '\(block.name)' block (\(LibraryMarkdown.closing(block)))")
        let opening = page.contains(LibraryMarkdown.opening(block) + "\n")
        guard current != expected || !opening else { return }
        if ProcessInfo.processInfo.environment["MAPLINT_UPDATE_GOLDEN"] != nil,
            let updated = LibraryMarkdown.replacing(block, with: expected, in: page)
        {
            try updated.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("rewrote the '\(block.name)' block of \(block.page); run the tests again")
            return
        }
        Issue.record(
            "the '\(block.name)' block of \(block.page) is not what \(block.source) gives; run `\(LibraryMarkdown.regenerationCommand)`"
        )
    }

    @Test func theDifferencesTableIsCurrent() throws {
        try Self.check(LibraryMarkdown.differencesBlock, expected: LibraryMarkdown.differencesTable())
    }

    @Test func theSupportedVersionsAreCurrent() throws {
        try Self.check(LibraryMarkdown.supportedVersionsBlock, expected: LibraryMarkdown.supportedVersionsList())
    }

    @Test func theSpellingTableIsCurrent() throws {
        try Self.check(LibraryMarkdown.spellingsBlock, expected: LibraryMarkdown.spellingsTable())
    }

    @Test func theBehaviourQuestionsAreCurrent() throws {
        let sources = try Self.behaviourPaths.map {
            try String(contentsOf: packageRoot.appendingPathComponent($0), encoding: .utf8)
        }
        try Self.check(Self.behaviourBlock, expected: Self.behaviourList(from: sources.joined(separator: "\n")))
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
            extension LibraryBehaviour {
                /// Applied to a registration.
                package func xibOf(_ registration: Int) -> Int { registration }
            }
            """
        let facts = Self.facts(in: source)
        #expect(facts.map(\.name) == ["usesSomething", "dequeueSomething", "xibOf"])
        #expect(
            facts.map(\.text) == ["First line, second line.", "Asked per registration.", "Applied to a registration."])
    }

    /// A block is replaced between its markers, the prose around it kept; a page without them is left alone.
    @Test func aBlockIsReplacedBetweenItsMarkers() {
        let block = LibraryMarkdown.Block(name: "things", page: "page.md", source: "Things.all")
        let page =
            "Prose.\n\n<!-- generated: things, from an old source -->\n| old |\n<!-- end generated: things -->\n\nMore.\n"
        #expect(LibraryMarkdown.generatedText(of: block, in: page) == "| old |\n")
        #expect(
            LibraryMarkdown.replacing(block, with: "| new |\n", in: page)
                == "Prose.\n\n\(LibraryMarkdown.opening(block))\n| new |\n<!-- end generated: things -->\n\nMore.\n")
        #expect(LibraryMarkdown.replacing(block, with: "x", in: "no markers") == nil)
        #expect(LibraryMarkdown.generatedText(of: block, in: "no markers") == nil)
    }

    /// Every row of the differences table says where it was read.
    @Test func everyDifferenceCitesItsSource() {
        for difference in LibraryDifference.all {
            #expect(!difference.readIn.isEmpty, "\(difference.behaviour.prefix(60)) cites nothing")
            #expect(!difference.versions.isEmpty && !difference.changedIn.isEmpty)
        }
        #expect(
            LibraryMarkdown.citations([
                .init(.table, "`A.swift`, 6.6.0"), .init(.table, "`B.swift`, 7.2.0"), .init(.storage, "`C.swift`"),
                .init(nil, "swiftc"),
            ]) == "TV `A.swift`, 6.6.0; `B.swift`, 7.2.0; MS `C.swift`; swiftc")
    }

    /// The spellings that still exist end at the newest supported major, so a new DT major moves them all:
    /// no row names the newest major by number.
    @Test func spellingRangesEndAtTheNewestMajor() throws {
        let source = try String(
            contentsOf: packageRoot.appendingPathComponent("Sources/MaplintLibrary/RegistrationSpelling.swift"),
            encoding: .utf8)
        #expect(!source.contains("...\(LibraryVersion.newestSupported.major)"))
        #expect(RegistrationSpelling.newest == LibraryVersion.newestSupported.major)
        #expect(RegistrationSpelling.all.contains { $0.majors.upperBound == RegistrationSpelling.newest })
        for host in Host.allCases {
            #expect(LibraryVersion.newestRead(for: host).major == LibraryVersion.newestSupported.major)
        }
    }

    /// Outside `Sources/MaplintLibrary/` no code compares a major version with a number: it asks the
    /// Library (`LibraryBehaviour`, `LibraryVersion`) a named question.
    @Test func versionNumbersAreComparedOnlyInTheLibrary() throws {
        let sources = packageRoot.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        let comparison = try Regex(#"\bmajor\s*(<|>|<=|>=|==)\s*\d"#)
        var found: [String] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            guard !url.path.contains("/Sources/MaplintLibrary/") else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(comparison) {
                found.append("\(url.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "version checks outside Library:\n\(found.joined(separator: "\n"))")
    }
}
