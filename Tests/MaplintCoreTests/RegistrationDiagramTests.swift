import Testing

@testable import MaplintManifest
@testable import MaplintOutput
@testable import MaplintReport

@Suite struct RegistrationDiagramTests {
    static func report(_ text: String) throws -> CollisionReport {
        let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: "screen.maplint.yml")
        let manifest = try #require(loaded.manifest, "\(loaded.diagnostics)")
        return CollisionReport(manifest: manifest)
    }

    /// Two table registrations share `PostCell` with different xibs: the table keeps the first
    /// (DTTableViewManager `TableViewFactory.swift`, `registerCellClass`, 11.0.1: it dequeues the
    /// identifier before registering and registers nothing when a cell comes back), so #1's xib
    /// is never shown.
    /// #2 is shadowed by #0; #3 is removed by the `unregister` entry after it.
    static let manifest = """
        version: 1
        host: tableView
        models:
          Post: {kind: class, properties: {title: String}}
        registrations:
          - cell: PostCell
            model: Post
            section: 0
          - cell: PostCell
            model: Post
            section: 1
            xib: CustomPostCell
          - cell: OtherCell
            model: Post
            section: 0
          - cell: NoteCell
            model: String
          - unregister: NoteCell

        """

    @Test func nodesEdgesAndMarks() throws {
        let diagram = RegistrationDiagram(report: try Self.report(Self.manifest))
        #expect(
            diagram.nodes.map(\.id) == ["m0", "m1", "r0", "r1", "r2", "r3", "i0", "i1", "i2", "v0", "v1", "v2", "v3"])
        #expect(diagram.nodes(in: .model).map(\.label) == ["Post", "String"])
        #expect(
            diagram.nodes(in: .registration).map(\.label) == [
                "#0 PostCell", "#1 PostCell", "#2 OtherCell", "#3 NoteCell",
            ])
        #expect(diagram.nodes(in: .reuseIdentifier).map(\.label) == ["PostCell", "OtherCell", "NoteCell"])
        #expect(
            diagram.nodes(in: .view).map(\.label) == [
                "PostCell.xib", "CustomPostCell.xib", "OtherCell.xib", "NoteCell.xib",
            ])
        #expect(diagram.nodes(in: .registration).map(\.marks) == [[], [.hijacked], [.shadowed], [.removed]])
        #expect(diagram.nodes(in: .reuseIdentifier).map(\.marks) == [[.collision], [], []])
        #expect(diagram.nodes(in: .registration).map(\.shownMark) == [nil, .collision, .shadowed, .removed])

        let id = diagram.nodes.map(\.id)
        let edges = diagram.edges.map {
            "\(id[$0.from])→\(id[$0.to])\($0.notDequeued ? " never" : "")\($0.removed ? " removed" : "")"
        }
        #expect(
            edges == [
                "m0→r0", "m0→r1", "m0→r2", "m1→r3 removed", "r0→i0", "r1→i0", "r2→i1", "r3→i2 removed", "i0→v0",
                "i0→v1 never", "i1→v2", "i2→v3 removed",
            ])
        #expect(diagram.foldedNote == nil)
    }

    /// The pairs one item can match are the diagram's overlaps, with the witness in their detail;
    /// disjoint pairs (other sections) are not drawn.
    @Test func overlapsAreThePairsAnItemCanMatch() throws {
        let diagram = RegistrationDiagram(report: try Self.report(Self.manifest))
        let id = diagram.nodes.map(\.id)
        #expect(diagram.overlaps.map { "\(id[$0.from])–\(id[$0.to]) \($0.kind.rawValue)" } == ["r0–r2 intersecting"])
        #expect(
            diagram.overlaps.first?.detail
                == "#0 PostCell and #2 OtherCell overlap: an item such as any Post in section 0 matches both. "
                + "#0 PostCell wins (registered first); #2 OtherCell is not used for items like any Post in section 0")
        let svg = RegistrationDiagramSVG(diagram: diagram).render()
        #expect(svg.components(separatedBy: "<g class=\"overlap intersecting\">").count == 2)
        #expect(svg.contains("overlap (hover: an item both match)"))
    }

    /// A registration that shows another's view and is also shadowed keeps both marks: drawn in
    /// the collision's colours, with the shadowed mark's dashed outline around it.
    @Test func aRegistrationBothHijackedAndShadowedKeepsBothStyles() throws {
        let text = """
            version: 1
            host: tableView
            models:
              Post: {kind: class, properties: {title: String}}
            registrations:
              - cell: PostCell
                model: Post
              - cell: PostCell
                model: Post
                xib: CustomPostCell

            """
        let diagram = RegistrationDiagram(report: try Self.report(text))
        let node = try #require(diagram.nodes(in: .registration).last)
        #expect(node.marks == [.hijacked, .shadowed])
        #expect(node.shownMark == .collision)
        #expect(
            node.detail.hasSuffix(
                "never used: #0 PostCell match first; its reuse identifier dequeues another registration's view"))
        let svg = RegistrationDiagramSVG(diagram: diagram).render()
        let group = try #require(
            svg.components(separatedBy: "<g class=\"node registration hijacked shadowed\" id=\"diagram-r1\">").last)
        let drawn = try #require(group.components(separatedBy: "</g>").first)
        #expect(drawn.contains("fill=\"#fdecea\" stroke=\"#c62828\""))
        #expect(drawn.contains("<rect class=\"second-mark shadowed\""))
        #expect(drawn.contains("stroke=\"#e65100\" stroke-width=\"2\" stroke-dasharray=\"5 3\""))
        // A registration with one mark has no second outline.
        #expect(svg.components(separatedBy: "second-mark").count == 2)
    }

    @Test func aLargeManifestIsFoldedKeepingTheRegistrationsWithAProblem() throws {
        // 100 registrations; #90 and #91 collide, #95 is shadowed by #5.
        var text =
            "version: 1\nhost: tableView\nmodels:\n  Post: {kind: class, properties: {id: Int}}\nregistrations:\n"
        for index in 0..<100 {
            text +=
                "  - cell: Cell\(index)\n    model: Post\n    condition: \"model.id == \(index == 95 ? 5 : index)\"\n"
            if index == 91 { text += "    reuseIdentifier: Cell90\n    xib: Other\n" }
        }
        let diagram = RegistrationDiagram(report: try Self.report(text), limit: 10)
        let shown = diagram.nodes(in: .registration).compactMap(\.registration)
        #expect(shown == [0, 1, 2, 3, 4, 5, 6, 90, 91, 95])
        #expect(diagram.foldedRegistrations == 90)
        #expect(
            diagram.foldedNote
                == "10 of 100 registrations are drawn (those with a problem first, then in entry order); 90 are left out. The tables list every registration."
        )
        #expect(diagram.nodes(in: .registration).last?.marks == [.shadowed])
    }

    @Test func theDefaultLimitIsEighty() throws {
        var text = "version: 1\nhost: tableView\nmodels: {}\nregistrations:\n"
        for index in 0..<81 { text += "  - cell: Cell\(index)\n    model: Int\n    section: \(index)\n" }
        let diagram = RegistrationDiagram(report: try Self.report(text))
        #expect(diagram.nodes(in: .registration).count == 80)
        #expect(diagram.foldedRegistrations == 1)
    }

    @Test func theLayoutKeepsBoxesApartAndInside() throws {
        let diagram = RegistrationDiagram(report: try Self.report(Self.manifest))
        let svg = RegistrationDiagramSVG(diagram: diagram)
        let (boxes, width, height) = svg.layout()
        #expect(boxes.count == diagram.nodes.count)
        for column in RegistrationDiagram.Column.allCases {
            let members = diagram.nodes.indices.filter { diagram.nodes[$0].column == column }.map { boxes[$0] }
            // One x and one width per column; no two boxes of a column overlap.
            #expect(Set(members.map(\.x)).count == 1)
            #expect(Set(members.map(\.width)).count == 1)
            let ys = members.map(\.y).sorted()
            for (upper, lower) in zip(ys, ys.dropFirst()) {
                #expect(lower - upper >= RegistrationDiagramSVG.boxHeight + RegistrationDiagramSVG.rowGap)
            }
        }
        for box in boxes {
            #expect(box.x >= 0 && box.x + box.width <= width)
            #expect(box.y >= 0 && box.y + RegistrationDiagramSVG.boxHeight <= height)
        }
        // Registrations in entry order, models level with their first registration.
        let registrations = diagram.nodes.indices.filter { diagram.nodes[$0].column == .registration }
        #expect(registrations.map { boxes[$0].y } == registrations.map { boxes[$0].y }.sorted())
        #expect(boxes[0].y == boxes[2].y)
        #expect(boxes[1].y == boxes[5].y)
        // The same input gives the same picture.
        #expect(svg.render() == RegistrationDiagramSVG(diagram: diagram).render())
    }

    @Test func longLabelsAreShortenedByWidth() {
        #expect(RegistrationDiagramSVG.shortened("PostCell") == ("PostCell", 8))
        let long = String(repeating: "a", count: 40)
        #expect(RegistrationDiagramSVG.shortened(long) == (String(repeating: "a", count: 29) + "…", 30))
        #expect(RegistrationDiagramSVG.shortened(String(repeating: "a", count: 30)).columns == 30)
        // Wide characters count twice.
        #expect(RegistrationDiagramSVG.shortened("表示表示") == ("表示表示", 8))
        #expect(
            RegistrationDiagramSVG.shortened(String(repeating: "表", count: 20)) == (
                String(repeating: "表", count: 14) + "…", 29
            ))
        // Controls and bidirectional overrides never reach the drawing.
        #expect(RegistrationDiagramSVG.shortened("a\u{202E}b\u{7}") == ("a\u{FFFD}b\u{FFFD}", 4))
    }
}

@Suite struct ReportEscapingTests {
    @Test func mermaidLabels() {
        #expect(OutputEscaping.mermaidLabel("#0 PostCell") == "#35;0 PostCell")
        #expect(OutputEscaping.mermaidLabel("a\"b") == "a#34;b")
        #expect(OutputEscaping.mermaidLabel("<img src=x>") == "#60;img src#61;x#62;")
        #expect(OutputEscaping.mermaidLabel("x;end\nclick") == "x#59;end#65533;click")
        #expect(OutputEscaping.mermaidLabel("`**md**`") == "#96;#42;#42;md#42;#42;#96;")
        #expect(OutputEscaping.mermaidLabel("%%{init}%%") == "#37;#37;#123;init#125;#37;#37;")
        #expect(OutputEscaping.mermaidLabel("[a]{b}|c") == "#91;a#93;#123;b#125;#124;c")
        #expect(OutputEscaping.mermaidLabel("é\u{202E}") == "#233;#65533;")
        #expect(OutputEscaping.mermaidLabel("Cell.xib (code), a/b_c-d:e") == "Cell.xib (code), a/b_c-d:e")
    }

    @Test func htmlTextHasNoMarkupAndNoReordering() {
        #expect(
            CollisionReportHTMLFormatter.escape("<script>&'\"") == "&lt;script&gt;&amp;&apos;&quot;")
        #expect(CollisionReportHTMLFormatter.escape("a\u{202E}b\u{1B}[31m") == "a\u{FFFD}b\u{FFFD}[31m")
        #expect(CollisionReportHTMLFormatter.escape("a\r\nb\tc") == "a&#13;&#10;b&#9;c")
    }

    @Test func findingMessagesKeepTheirCodeSpans() {
        #expect(
            CollisionReportHTMLFormatter.message("give it `reuseIdentifier: <x>` now")
                == "give it <code>reuseIdentifier: &lt;x&gt;</code> now")
        // An unpaired backtick stays text.
        #expect(CollisionReportHTMLFormatter.message("a `b` c`d") == "a <code>b</code> c`d")
    }
}
