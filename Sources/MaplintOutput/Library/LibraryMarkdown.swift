import MaplintLibrary

/// The parts of the documentation generated from the Library facts: the table of docs/library-versions.md
/// from `LibraryDifference.all` and the spelling table of docs/swift-sources.md from `RegistrationSpelling.all`.
/// Each sits between `<!-- generated: NAME … -->` and `<!-- end generated: NAME -->` in its page, with the
/// prose around it written by hand; `LibraryDocumentTests` fails when a page's block is not what the facts
/// give, naming `regenerationCommand`.
enum LibraryMarkdown {
    static let regenerationCommand = "MAPLINT_UPDATE_GOLDEN=1 swift test --filter LibraryDocumentTests"

    /// A generated block of a page: its name in the markers, the page and how its text is made.
    package struct Block: Sendable {
        package var name: String
        package var page: String
        package var source: String
    }

    static let differencesBlock = Block(
        name: "library differences", page: "docs/library-versions.md", source: "LibraryDifference.all")
    static let spellingsBlock = Block(
        name: "registration spellings", page: "docs/swift-sources.md", source: "RegistrationSpelling.all")

    static let supportedVersionsBlock = Block(
        name: "supported versions", page: "docs/library-versions.md", source: "LibraryVersion")

    /// What maplint does with a version it does not model (`oldestSupported`, `newestSupported`).
    static func supportedVersionsList() -> String {
        let newest = LibraryVersion.newestSupported
        let oldest = LibraryVersion.oldestSupported.major
        let read = Host.allCases.map { "\($0.manager) \(LibraryVersion.newestRead(for: $0))" }
        return """
            - Absent: the newest version maplint was checked against, **\(newest)** (its sources were read at \
            \(read.joined(separator: " and "))).
            - Older than **\(oldest).0**: a positioned `invalid-manifest` error (mapping conditions, which every \
            manifest can use, arrived in 6.0).
            - Newer than \(newest.major): accepted, and modelled as \(newest.major).

            """
    }

    /// The table of what differs between versions and where it was read.
    static func differencesTable(_ differences: [LibraryDifference] = LibraryDifference.all) -> String {
        var lines = ["| behaviour | versions | changed in | read in |", "|---|---|---|---|"]
        for difference in differences {
            let cells = [difference.behaviour, difference.versions, difference.changedIn, citations(difference.readIn)]
            lines.append("| " + cells.map(cell).joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "TV `A.swift`, 6.6.0; `B.swift`, 7.2.0; MS …": a library is named when it changes.
    static func citations(_ citations: [LibraryDifference.Citation]) -> String {
        var previous: LibraryDifference.Source?
        var parts: [String] = []
        for citation in citations {
            if let source = citation.source, source != previous {
                parts.append("\(source.rawValue) \(citation.place)")
            } else {
                parts.append(citation.place)
            }
            previous = citation.source
        }
        return parts.joined(separator: "; ")
    }

    /// The table of registration spellings; consecutive spellings with the same majors, hosts and
    /// manifest entry share a row.
    static func spellingsTable(_ spellings: [RegistrationSpelling] = RegistrationSpelling.all) -> String {
        var rows: [(calls: [String], majors: String, hosts: String, entry: String)] = []
        for spelling in spellings {
            let call = "`\(spelling.documentedCall)`"
            if let last = rows.last, last.majors == spelling.documentedMajors, last.hosts == spelling.documentedHosts,
                last.entry == spelling.documentedEntry
            {
                rows[rows.count - 1].calls.append(call)
            } else {
                rows.append(([call], spelling.documentedMajors, spelling.documentedHosts, spelling.documentedEntry))
            }
        }
        var lines = ["| spelling | majors | host | manifest entry |", "|---|---|---|---|"]
        for row in rows {
            let cells = [row.calls.joined(separator: ", "), row.majors, row.hosts, row.entry]
            lines.append("| " + cells.map(cell).joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A table cell: a `|` would end it.
    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    /// The marker that opens a block, with where it comes from and how to regenerate it.
    static func opening(_ block: Block) -> String {
        "<!-- generated: \(block.name), from \(block.source); do not edit, run `\(regenerationCommand)` -->"
    }

    package static func closing(_ block: Block) -> String { "<!-- end generated: \(block.name) -->" }

    /// The text between the markers of `block` in `page`, or nil when the page lacks them.
    static func generatedText(of block: Block, in page: String) -> String? {
        guard let open = page.range(of: "<!-- generated: \(block.name),"),
            let lineEnd = page[open.upperBound...].firstIndex(of: "\n"),
            let close = page.range(of: closing(block), range: lineEnd..<page.endIndex)
        else { return nil }
        return String(page[page.index(after: lineEnd)..<close.lowerBound])
    }

    /// `page` with the block's text (and opening marker) replaced; nil when the page lacks the markers.
    package static func replacing(_ block: Block, with text: String, in page: String) -> String? {
        guard let open = page.range(of: "<!-- generated: \(block.name),"),
            let close = page.range(of: closing(block), range: open.upperBound..<page.endIndex)
        else { return nil }
        return String(page[..<open.lowerBound]) + opening(block) + "\n" + text + String(page[close.lowerBound...])
    }
}
