import Foundation
import Testing

@testable import MaplintOutput

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The parts of an HTML report the tests look at.
struct HTMLReportPage {
    let html: String

    init(_ html: String) throws {
        self.html = html
    }

    /// The text of every `<script>` element.
    var scripts: [String] { elements("script") }

    /// The script the page must have: maplint's own.
    var expectedScript: String { CollisionReportHTMLFormatter.scriptText }

    var contentSecurityPolicy: String {
        guard let start = html.range(of: "<meta http-equiv=\"Content-Security-Policy\" content=\""),
            let end = html[start.upperBound...].range(of: "\">")
        else { return "" }
        return String(html[start.upperBound..<end.lowerBound])
    }

    /// The diagram's `<svg>` element, or nil when the page has none.
    var svg: String? {
        guard let start = html.range(of: "<svg "), let end = html.range(of: "</svg>") else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }

    /// The text between `<tag>` (or `<tag …>`) and `</tag>`, for every such element.
    func elements(_ tag: String) -> [String] {
        var found: [String] = []
        var rest = html[...]
        while let open = rest.range(of: "<\(tag)"), let close = rest[open.upperBound...].range(of: "</\(tag)>") {
            let afterName = rest[open.upperBound...]
            guard let first = afterName.first, first == ">" || first == " " else {
                rest = rest[open.upperBound...]
                continue
            }
            guard let tagEnd = afterName.firstIndex(of: ">") else { break }
            found.append(String(rest[rest.index(after: tagEnd)..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// Every value of `attribute="…"` in the page.
    func values(of attribute: String) -> [String] {
        var found: [String] = []
        var rest = html[...]
        while let start = rest.range(of: " \(attribute)=\""), let end = rest[start.upperBound...].firstIndex(of: "\"") {
            found.append(String(rest[start.upperBound..<end]))
            rest = rest[end...]
        }
        return found
    }

    /// The summary's cards: title → (count, the finding numbers linked).
    var summary: [String: (count: Int, findings: [Int])] {
        var cards: [String: (Int, [Int])] = [:]
        let card =
            #/<div class="card[^"]*"><a href="#[a-z-]+">([a-z ]+)</a><span class="count">([0-9]+)</span>(.*)</div>/#
        let finding = #/<a href="#finding-[0-9]+" class="[a-z]+" title="[^"]*">([0-9]+)</a>/#
        for line in html.split(separator: "\n") {
            guard let match = line.wholeMatch(of: card), let count = Int(match.2) else { continue }
            cards[String(match.1)] = (count, match.3.matches(of: finding).compactMap { Int($0.1) })
        }
        return cards
    }
}

@Suite struct ReportPageTests {
    static let hostile = "Tests/ReportInputs/hostile-names.maplint.yml"

    private func page(_ fixture: String) throws -> HTMLReportPage {
        let output = try runMaplint(["report", fixture, "--format", "html"])
        #expect(output.status == 0, "\(output.stderr)")
        return try HTMLReportPage(output.stdout)
    }

    // MARK: Places, the screen, overlaps

    /// Every place links to its file and line: relative to the page (the folder of `--output`, or
    /// the current folder), or with `--links vscode|xcode` as an editor's URL.
    @Test func placesLinkToTheirLines() throws {
        let page = try page("Fixtures/table-reuse-collision.maplint.yml")
        let finding = try #require(page.html.split(separator: "\n").first { $0.hasPrefix("<tr id=\"finding-1\">") })
        #expect(
            finding.contains(
                "<td><a class=\"place\" href=\"Fixtures/table-reuse-collision.maplint.yml#L16\" "
                    + "title=\"Fixtures/table-reuse-collision.maplint.yml:16:11\">"
                    + "<code>Fixtures/table-reuse-collision.maplint.yml:16:11</code></a></td>"))
        // The related note's place too.
        #expect(finding.contains("<li><a class=\"place\" href=\"Fixtures/table-reuse-collision.maplint.yml#L13\""))
        #expect(
            page.html.contains(
                "<tr id=\"registration-1\"><td>1</td><td><a class=\"place\" "
                    + "href=\"Fixtures/table-reuse-collision.maplint.yml#L16\" "
                    + "title=\"Fixtures/table-reuse-collision.maplint.yml:16:5\">16</a></td>"))

        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.resolvingSymlinksInPath().path
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Fixtures/table-reuse-collision.maplint.yml"),
            to: folder.appendingPathComponent("my screen.maplint.yml"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        let cases = [
            ("file", "../my%20screen.maplint.yml#L16"),
            ("vscode", "vscode://file\(real)/my%20screen.maplint.yml:16:11"),
            (
                "xcode",
                "xcode://open?url=file%3A%2F%2F\(real.replacingOccurrences(of: "/", with: "%2F"))%2Fmy%20screen.maplint.yml&amp;line=16"
            ),
        ]
        for (style, href) in cases {
            let run = try runMaplint(
                [
                    "report", "my screen.maplint.yml", "--format", "html", "--output", "out/report.html", "--links",
                    style,
                ],
                in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let html = try String(contentsOf: folder.appendingPathComponent("out/report.html"), encoding: .utf8)
            #expect(
                html.contains("<a class=\"place\" href=\"\(href)\" title=\"my screen.maplint.yml:16:11\">"), "\(style)")
        }
        let bad = try runMaplint(["report", "Fixtures/feed.maplint.yml", "--links", "emacs"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("'emacs'"))
    }

    /// The lines of one section of the screen: `kind|view|badges` of each slot, in order.
    static func screenSection(_ html: String, _ section: Int) -> [String] {
        let lines = html.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(where: { $0.contains("id=\"screen-section-\(section)\"") }) else {
            return []
        }
        return lines[(start + 1)...].prefix { $0.hasPrefix("<div class=\"slot") }.map { line in
            func spans(_ name: String) -> [String] {
                line.components(separatedBy: "<span class=\"\(name)\">").dropFirst().map {
                    String($0.prefix { $0 != "<" })
                }
            }
            let classes = line.dropFirst("<div class=\"slot ".count).prefix { $0 != "\"" }
            return ([String(classes)] + spans("kind") + spans("view") + spans("badge")).joined(separator: "|")
        }
    }

    /// Each section pictured: the header first, the cells in order, the footer last, each with
    /// the view it gets; a header whose identifier dequeues the footer's design says so.
    @Test func theScreenShowsEachSectionsViews() throws {
        let html = try page("Fixtures/table-headers-footers.maplint.yml").html
        #expect(
            Self.screenSection(html, 0) == [
                "header|header|PromoBannerView", "cell|item 0|LinkSettingCell", "footer|footer|PromoBannerView",
            ])
        #expect(
            Self.screenSection(html, 1) == [
                "header hijacked|header|SectionTitleView (SectionFootnoteView.xib)|instead of SectionTitleView.xib",
                "cell|item 0|ToggleSettingCell", "cell|item 1|ToggleSettingCell",
                "footer|footer|SectionTitleView",
            ])
        #expect(Self.screenSection(html, 2).count == 3)
        #expect(Self.screenSection(html, 3).isEmpty)
    }

    /// Unresolved and ambiguous items are marked; each intersecting pair's example item is shown
    /// with the registration that takes it; the diagram draws the pair with the example on hover.
    @Test func unresolvedAmbiguousAndExampleItems() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            """
            version: 1
            host: tableView
            models:
              Post: {kind: class, properties: {id: Int}}
              Ad: {kind: class, properties: {id: Int}}
            registrations:
              - cell: PostCell
                model: Post
                condition: "model.id > 0"
              - cell: BigPostCell
                model: Post
                condition: "model.id > 10"
            sample:
              sections:
                - items:
                    - Post: {id: 20}
                    - Post: {id: -1}
                    - Ad: {id: 1}
                    - null

            """, to: "screen.maplint.yml", in: folder)
        let run = try runMaplint(["report", "screen.maplint.yml", "--format", "html"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            Self.screenSection(run.stdout, 0) == [
                "cell ambiguous|item 0|PostCell|ambiguous: #0, #1 match", "cell unresolved|item 1|no view|unresolved",
                "cell unresolved|item 2|no view|unresolved", "cell nil|item 3|nothing (nil model)",
            ])
        let witness = try #require(
            run.stdout.split(separator: "\n").first { $0.hasPrefix("<div class=\"slot cell witness\"") })
        #expect(
            witness.contains(
                "<span class=\"model\">a Post with id == 11 in any section</span> → <span class=\"view\">PostCell</span> "
                    + "<a href=\"#registration-0\">#0</a> <span class=\"badge\">not #1</span>"))
        let svg = try #require(try HTMLReportPage(run.stdout).svg)
        #expect(
            svg.contains(
                "<g class=\"overlap intersecting\"><title>#0 PostCell and #1 BigPostCell overlap: an item such as "
                    + "a Post with id == 11 in any section matches both."))
    }

    /// The Markdown report lists the findings with their places, rules and related notes.
    @Test func theMarkdownReportListsTheFindings() throws {
        let run = try runMaplint(["report", "Fixtures/table-reuse-collision.maplint.yml"])
        #expect(run.status == 0)
        let lines = run.stdout.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "## Findings"))
        #expect(lines[start + 2] == "| # | severity | where | rule | message |")
        #expect(
            lines[start + 4].hasPrefix(
                "| 1 | error | `Fixtures/table-reuse-collision.maplint.yml:16:11` | `reuse-identifier-collision` | "
                    + "'PostCell' names two views: PostCell (entry 1) shows PostCell.xib instead of CustomPostCell.xib"
                    + "<br>related: `Fixtures/table-reuse-collision.maplint.yml:13:5`: PostCell (entry 0, line 13)"))
        #expect(lines[start + 5] == "")
        let clean = try runMaplint(["report", "Fixtures/table-reuse-collision-fixed.maplint.yml"])
        #expect(clean.stdout.contains("## Findings\n\nNo findings.\n"))
    }

    /// The hash in the source is the script's, as the system's SHA-256 tool computes it.
    @Test func theScriptHashIsTheScriptsSHA256() throws {
        let hash = try systemSHA256Base64(CollisionReportHTMLFormatter.scriptText)
        #expect(
            CollisionReportHTMLFormatter.scriptHash == hash,
            "the report's script changed: set CollisionReportHTMLFormatter.scriptHash to \"\(hash)\"")
    }

    @Test func theScriptIsAllowedByItsHash() throws {
        let page = try page("Fixtures/feed.maplint.yml")
        let hash = try systemSHA256Base64(page.expectedScript)
        #expect(
            page.contentSecurityPolicy
                == "default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-\(hash)'")
        #expect(page.scripts == [page.expectedScript])
    }

    @Test(arguments: ReportCommandTests.reportFixtures)
    func everyLinkHasItsTarget(fixture: String) throws {
        let page = try page(fixture)
        let ids = Set(page.values(of: "id"))
        let links = page.values(of: "href").filter { $0.hasPrefix("#") }.map { String($0.dropFirst()) }
        #expect(!links.isEmpty)
        for link in Set(links) { #expect(ids.contains(link), "no element with id \(link)") }
        // Ids are unique.
        #expect(ids.count == page.values(of: "id").count)
    }

    /// The report lists exactly what `maplint lint MANIFEST` finds, in the same order.
    @Test(arguments: ReportCommandTests.reportFixtures)
    func theFindingsAreThoseOfLint(fixture: String) throws {
        let lint = try runMaplint(["lint", fixture, "--format", "json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [String: Any]
        let diagnostics = try #require(parsed?["diagnostics"] as? [[String: Any]])
        let expected = diagnostics.map { "<td><code>\($0["rule"] as? String ?? "")</code></td>" }
        let page = try page(fixture)
        let rows = page.html.split(separator: "\n").filter { $0.hasPrefix("<tr id=\"finding-") }
        #expect(rows.count == expected.count)
        for (row, rule) in zip(rows, expected) { #expect(row.contains(rule)) }
    }

    @Test func suppressionCommentsApplyToTheFindings() throws {
        let folder = try temporaryFolder()
        try write(
            """
            version: 1
            host: tableView
            models:
              Post: {kind: class, properties: {title: String}}
            registrations:
              - cell: PostCell
                model: Post
            sample:
              sections:
                - items:
                    - null        # maplint:disable:this nil-model
                    - 42

            """, to: "screen.maplint.yml", in: folder)
        let output = try runMaplint(["report", "screen.maplint.yml", "--format", "html"], in: folder)
        #expect(output.status == 0)
        let page = try HTMLReportPage(output.stdout)
        #expect(page.summary["unresolved item"]?.count == 1)
        #expect(page.summary["unresolved item"]?.findings == [1])
        #expect(page.summary["other findings"]?.count == 0)
        #expect(!output.stdout.contains("<td><code>nil-model</code></td><td>"))
        // The element keeps its problem in the table; it has no finding to link to.
        #expect(output.stdout.contains("<td><code>nil-model</code></td></tr>"))
    }

    @Test func aLongSampleListsOnlyTheElementsWithAProblem() throws {
        let folder = try temporaryFolder()
        // 2,001 items: every 500th is a String, which nothing displays.
        let items = (0...2000).map { $0 % 500 == 0 ? "        - \"x\"" : "        - \($0)" }
        try write(
            "version: 1\nhost: tableView\nmodels: {}\nregistrations:\n  - cell: IntCell\n    model: Int\n"
                + "sample:\n  sections:\n    - items:\n" + items.joined(separator: "\n") + "\n",
            to: "screen.maplint.yml", in: folder)
        let output = try runMaplint(["report", "screen.maplint.yml", "--format", "html"], in: folder)
        #expect(output.status == 0)
        let rows = output.stdout.split(separator: "\n").filter { $0.hasPrefix("<tr data-section=") }
        #expect(rows.count == 5)
        #expect(rows.allSatisfy { $0.contains("data-problems=\"unresolved-item\"") })
        #expect(
            output.stdout.contains(
                "2001 sample elements: only the 5 with a problem are listed (at most 2000); <code>maplint resolve</code> lists every one."
            ))
    }

    @Test(arguments: ReportCommandTests.reportFixtures)
    func theDiagramIsWellFormedXML(fixture: String) throws {
        let page = try page(fixture)
        let svg = try #require(page.svg)
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = ElementCollector()
        parser.delegate = collector
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(collector.elements.first == "svg")
        #expect(collector.namespace == "http://www.w3.org/2000/svg")
        // Elements that could run or load something never appear.
        #expect(
            Set(collector.elements).isSubset(of: ["svg", "title", "defs", "marker", "path", "text", "g", "rect", "a"]))
        #expect(!collector.attributes.contains { $0.hasPrefix("on") })
        #expect(collector.links.allSatisfy { $0.hasPrefix("#registration-") })
    }

    @Test func summaryCountsAndLinksOfTheFixtures() throws {
        let collision = try page("Fixtures/table-reuse-collision.maplint.yml").summary
        #expect(collision["registrations"]?.count == 2)
        #expect(collision["collision"]?.count == 1)
        #expect(collision["collision"]?.findings == [1])
        #expect(collision["intersecting pairs"]?.count == 0)
        #expect(collision["unreachable"]?.count == 0)
        #expect(collision["unresolved items"]?.count == 0)

        let feed = try page("Fixtures/feed.maplint.yml").summary
        #expect(feed["registrations"]?.count == 11)
        #expect(feed["collisions"]?.count == 0)
        // The feed's two intersecting pairs are fallbacks (a video post's cells before PostCell): no finding.
        #expect(feed["intersecting pairs"]?.count == 0)
        #expect(feed["intersecting pairs"]?.findings == [])
        #expect(feed["other findings"]?.count == 2)
        #expect(feed["other findings"]?.findings == [1, 2])

        let hostile = try page(Self.hostile).summary
        #expect(hostile["collision"]?.findings == [1])
        #expect(hostile["intersecting pairs"]?.count == 4)
        #expect(hostile["unreachable"]?.count == 1)
        #expect(hostile["unreachable"]?.findings == [4])
    }

    @Test func unresolvedItemsAreCountedAndLinked() throws {
        let folder = try temporaryFolder()
        try write(
            """
            version: 1
            host: tableView
            models:
              Post: {kind: class, properties: {title: String}}
            registrations:
              - cell: PostCell
                model: Post
                section: 0
            sample:
              sections:
                - items:
                    - Post: {title: "a"}
                - items:
                    - Post: {title: "b"}
                    - Post: {title: "c"}

            """, to: "screen.maplint.yml", in: folder)
        let output = try runMaplint(["report", "screen.maplint.yml", "--format", "html"], in: folder)
        #expect(output.status == 0)
        let page = try HTMLReportPage(output.stdout)
        #expect(page.summary["unresolved items"]?.count == 2)
        #expect(page.summary["unresolved items"]?.findings == [1, 2])
        // The problem cells link to the finding at the item.
        #expect(output.stdout.contains("<a href=\"#finding-2\"><code>unresolved-item</code></a>"))
        #expect(output.stdout.contains("<tr data-section=\"1\" data-problems=\"unresolved-item\" class=\"problem\">"))
        #expect(output.stdout.contains("<option value=\"unresolved-item\">unresolved-item</option>"))
    }

    @Test func namesFromTheManifestCannotAddMarkup() throws {
        let output = try runMaplint(["report", Self.hostile, "--format", "html"])
        #expect(output.status == 0)
        let html = output.stdout
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(!html.contains("<img"))
        #expect(!html.contains("</text></svg><script>"))
        #expect(!html.contains("href='javascript") && !html.contains("href=\"javascript"))
        #expect(!html.contains("\u{202E}"))
        #expect(!html.contains("\u{7}"))
        #expect(html.contains("&lt;/text&gt;&lt;/svg&gt;&lt;script&gt;window.__maplintInjected=1&lt;/script&gt;"))
        // Ampersands and character references in a name are shown as written, not decoded.
        #expect(html.contains("\u{FFFD}evil\u{FFFD} &amp;amp; &amp;#60;b&amp;#62;"))
    }

    @Test func aHostileFileNameIsEscapedInBothFormats() throws {
        let folder = try temporaryFolder()
        let name = "<b onmouseover=\"x\">&'a.maplint.yml"
        try write(
            "version: 1\nhost: tableView\nmodels: {}\nregistrations:\n  - cell: A\n    model: Int\n", to: name,
            in: folder)
        let html = try runMaplint(["report", name, "--format", "html"], in: folder)
        #expect(html.status == 0)
        #expect(!html.stdout.contains("<b onmouseover"))
        #expect(
            html.stdout.contains(
                "<h1>Registration report: &lt;b onmouseover=&quot;x&quot;&gt;&amp;&apos;a.maplint.yml</h1>"))
        let markdown = try runMaplint(["report", name], in: folder)
        #expect(markdown.status == 0)
        #expect(markdown.stdout.hasPrefix("# Registration report: \\<b onmouseover=\"x\"\\>\\&'a.maplint.yml\n"))
    }

    @Test func theMermaidBlockHoldsOnlyMaplintsOwnSyntax() throws {
        for fixture in ReportCommandTests.reportFixtures {
            let output = try runMaplint(["report", fixture])
            let block = try #require(mermaidBlock(output.stdout), "\(fixture)")
            let label = #"[A-Za-z0-9 .,_\-/():#;]*"#
            let node = try Regex(
                #"^    [mriv][0-9]+(\(\["\#(label)"\]\)|\["\#(label)"\]|\{\{"\#(label)"\}\}|\[/"\#(label)"/\])$"#)
            let edge = try Regex(#"^    [mriv][0-9]+ (-->|-\.->|-\. never dequeued \.->) [mriv][0-9]+$"#)
            let style = try Regex(
                #"^    (classDef (collision|shadowed|removed) [a-z0-9:#,. -]+|class [mriv][0-9]+(,[mriv][0-9]+)* (collision|shadowed|removed)|linkStyle [0-9]+(,[0-9]+)* [a-z0-9:#,-]+)$"#
            )
            #expect(block.first == "flowchart LR")
            for line in block.dropFirst() {
                #expect(
                    line.wholeMatch(of: node) != nil || line.wholeMatch(of: edge) != nil
                        || line.wholeMatch(of: style) != nil, "\(fixture): \(line)")
            }
        }
    }

    @Test func hostileLabelsAreEntityCodesInMermaid() throws {
        let output = try runMaplint(["report", Self.hostile])
        let block = try #require(mermaidBlock(output.stdout))
        #expect(block.contains(##"    i0{{"#60;/text#62;#60;/svg#62;#60;script#62;window._#8230;"}}"##))
        #expect(block.contains(##"    i1{{"B#34;#93; --#62; evil#91;#34;#60;img src#61;x oner#8230;"}}"##))
        // A bidirectional override and a control become U+FFFD; entity-like text stays text.
        #expect(
            block.contains(##"    i2{{"#65533;evil#65533; #38;amp#59; #38;#35;60#59;b#38;#35;62#59; #35;quo#8230;"}}"##)
        )
        #expect(!block.joined().contains("<"))
        #expect(!block.joined().contains("`"))
    }

    /// The lines inside the ```mermaid fence.
    private func mermaidBlock(_ markdown: String) -> [String]? {
        guard let start = markdown.range(of: "```mermaid\n"), let end = markdown[start.upperBound...].range(of: "\n```")
        else { return nil }
        return markdown[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
    }
}

private final class ElementCollector: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var attributes: [String] = []
    var links: [String] = []
    var namespace: String?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        elements.append(elementName)
        attributes += attributeDict.keys
        if elementName == "svg" { namespace = attributeDict["xmlns"] }
        if let href = attributeDict["href"] { links.append(href) }
    }
}

/// The SHA-256 of `text`'s UTF-8 bytes in base64, computed by the system's tool (`sha256sum`,
/// `shasum -a 256` or `openssl`, whichever there is).
func systemSHA256Base64(_ text: String) throws -> String {
    let tools = [
        ["/usr/bin/sha256sum"], ["/usr/bin/shasum", "-a", "256"], ["/usr/bin/openssl", "dgst", "-sha256", "-r"],
    ]
    guard let tool = tools.first(where: { FileManager.default.isExecutableFile(atPath: $0[0]) }) else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no SHA-256 tool on this system"])
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool[0])
    process.arguments = Array(tool.dropFirst())
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    try input.fileHandleForWriting.close()
    let printed = String(decoding: readAll(output.fileHandleForReading), as: UTF8.self)
    process.waitUntilExit()
    // Each tool prints the digest in hexadecimal first.
    let hex = Array(printed.prefix { $0.isHexDigit }.utf8)
    var bytes: [UInt8] = []
    var index = 0
    while index + 1 < hex.count {
        bytes.append(UInt8(String(decoding: hex[index...index + 1], as: UTF8.self), radix: 16) ?? 0)
        index += 2
    }
    #expect(bytes.count == 32, "\(tool[0]) printed '\(printed)'")
    return Data(bytes).base64EncodedString()
}
