import MaplintReport

/// The registration diagram as an SVG element for the HTML report: four columns of boxes
/// joined by curves, laid out by maplint itself (no script, no network). Colours are
/// presentation attributes, so the element also stands on its own as an `.svg` file.
///
/// Layout: registrations are stacked in entry order; a model type sits level with its first
/// registration; a reuse identifier or view at the mean height of the boxes joined to it on its
/// left. A box moves down only as far as needed not to overlap the box above. The same report always gives the same
/// picture. Labels longer than `maxLabelColumns` are shortened with "…"; each box's tooltip
/// (`<title>`) has the full text.
struct RegistrationDiagramSVG {
    let diagram: RegistrationDiagram

    static let maxLabelColumns = 30
    static let fontSize = 12.0
    /// The advance of one monospaced character at `fontSize` (DejaVu Sans Mono, Menlo, Consolas: 7.0–7.3).
    static let characterWidth = 7.3
    static let boxHeight = 26.0
    static let rowGap = 10.0
    static let columnGap = 72.0
    static let margin = 12.0
    static let headerHeight = 28.0
    static let padding = 10.0
    static let neverDequeued = "view never dequeued"
    static let overlapLegend = "overlap (hover: an item both match)"

    struct Box {
        var x: Double
        var y: Double
        var width: Double
        var label: String
        var middle: Double { y + RegistrationDiagramSVG.boxHeight / 2 }
    }

    /// The label as drawn, and its width in monospaced columns (wide characters count twice).
    static func shortened(_ label: String) -> (text: String, columns: Int) {
        var text = ""
        var columns = 0
        let scalars = Array(label.unicodeScalars)
        let total = scalars.reduce(0) { $0 + width(of: $1) }
        for scalar in scalars {
            let next = width(of: scalar)
            if total > maxLabelColumns, columns + next > maxLabelColumns - 1 {
                return (text + "…", columns + 1)
            }
            // Controls would be invalid in XML or could reorder the text; the tooltip escapes them too.
            text.unicodeScalars.append(OutputEscaping.isUnsafeForText(scalar) ? "\u{FFFD}" : scalar)
            columns += next
        }
        return (text, columns)
    }

    private static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            2
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F:
            0
        default:
            1
        }
    }

    /// The boxes, in the order of `diagram.nodes`, and the size of the picture.
    func layout() -> (boxes: [Box], width: Double, height: Double) {
        let nodes = diagram.nodes
        var boxes = nodes.map { node -> Box in
            let label = Self.shortened(node.label)
            return Box(
                x: 0, y: 0, width: Double(label.columns) * Self.characterWidth + 2 * Self.padding, label: label.text)
        }
        var x = Self.margin
        var top = Self.margin + Self.headerHeight
        var columnX: [RegistrationDiagram.Column: Double] = [:]
        for column in RegistrationDiagram.Column.allCases {
            let members = nodes.indices.filter { nodes[$0].column == column }
            let width = max(90, members.map { boxes[$0].width }.max() ?? 0)
            for position in members { boxes[position].width = width }
            columnX[column] = x
            for position in members { boxes[position].x = x }
            x += width + Self.columnGap
        }
        // Boxes joined to each box on its left.
        var incoming: [Int: [Int]] = [:]
        for edge in diagram.edges { incoming[edge.to, default: []].append(edge.from) }
        let step = Self.boxHeight + Self.rowGap
        var bottom = top
        for column in RegistrationDiagram.Column.allCases {
            let members = nodes.indices.filter { nodes[$0].column == column }
            if column == .registration {
                for (row, position) in members.enumerated() { boxes[position].y = top + Double(row) * step }
            } else if column == .model {
                // Models sit beside their registrations, which are placed first below.
                continue
            } else {
                place(members, joinedTo: incoming, in: &boxes, top: top)
            }
            bottom = max(bottom, members.map { boxes[$0].y + Self.boxHeight }.max() ?? top)
        }
        var outgoing: [Int: [Int]] = [:]
        for edge in diagram.edges { outgoing[edge.from, default: []].append(edge.to) }
        let models = nodes.indices.filter { nodes[$0].column == .model }
        place(models, joinedTo: outgoing, in: &boxes, top: top, atFirst: true)
        bottom = max(bottom, models.map { boxes[$0].y + Self.boxHeight }.max() ?? top)
        top = bottom
        let width = x - Self.columnGap + Self.margin
        return (boxes, width, top + Self.margin)
    }

    /// Places `members` (one column) at the mean height of the boxes they are joined to (or
    /// level with the highest of them, `atFirst`), in that order, without overlaps.
    private func place(
        _ members: [Int], joinedTo links: [Int: [Int]], in boxes: inout [Box], top: Double, atFirst: Bool = false
    ) {
        let wanted = members.map { position -> (Int, Double) in
            let joined = (links[position] ?? []).map { boxes[$0].y }
            guard let highest = joined.min() else { return (position, top) }
            return (position, atFirst ? highest : joined.reduce(0, +) / Double(joined.count))
        }
        // Stable: ties keep the diagram's order.
        let ordered = wanted.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
        var next = top
        for (_, (position, y)) in ordered {
            let placed = max(y, next)
            boxes[position].y = placed
            next = placed + Self.boxHeight + Self.rowGap
        }
    }

    func render() -> String {
        let (boxes, layoutWidth, legendTop) = layout()
        let (legend, legendWidth) = self.legend(top: legendTop)
        let width = max(layoutWidth, legendWidth + Self.margin)
        let height = legendTop + 36
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"diagram\" width=\"\(number(width))\" "
            + "height=\"\(number(height))\" viewBox=\"0 0 \(number(width)) \(number(height))\" role=\"img\" "
            + "aria-labelledby=\"diagram-title\" font-family=\"Menlo, Consolas, 'DejaVu Sans Mono', monospace\" "
            + "font-size=\"\(number(Self.fontSize))\">\n"
        svg +=
            "<title id=\"diagram-title\">Model types, registrations, reuse identifiers and views</title>\n"
            + "<defs><marker id=\"arrow\" viewBox=\"0 0 8 8\" refX=\"8\" refY=\"4\" markerWidth=\"7\" markerHeight=\"7\" "
            + "orient=\"auto\"><path d=\"M0,0 L8,4 L0,8 z\" fill=\"#777\"/></marker>"
            + "<marker id=\"arrow-red\" viewBox=\"0 0 8 8\" refX=\"8\" refY=\"4\" markerWidth=\"7\" markerHeight=\"7\" "
            + "orient=\"auto\"><path d=\"M0,0 L8,4 L0,8 z\" fill=\"#c62828\"/></marker></defs>\n"
        for column in RegistrationDiagram.Column.allCases {
            guard let first = diagram.nodes.indices.first(where: { diagram.nodes[$0].column == column }) else {
                continue
            }
            svg +=
                "<text x=\"\(number(boxes[first].x))\" y=\"\(number(Self.margin + 14))\" font-weight=\"bold\" "
                + "fill=\"#444\">\(column.title)</text>\n"
        }
        for edge in diagram.edges {
            guard boxes.indices.contains(edge.from), boxes.indices.contains(edge.to) else { continue }
            let from = boxes[edge.from]
            let to = boxes[edge.to]
            let startX = from.x + from.width
            let endX = to.x - 2
            let bend = (endX - startX) / 2
            let path =
                "M\(number(startX)),\(number(from.middle)) C\(number(startX + bend)),\(number(from.middle)) "
                + "\(number(endX - bend)),\(number(to.middle)) \(number(endX)),\(number(to.middle))"
            if edge.notDequeued {
                svg +=
                    "<path class=\"edge not-dequeued\" d=\"\(path)\" fill=\"none\" stroke=\"#c62828\" "
                    + "stroke-width=\"1.5\" stroke-dasharray=\"5 4\" marker-end=\"url(#arrow-red)\">"
                    + "<title>never dequeued under this identifier</title></path>\n"
            } else if edge.removed {
                svg +=
                    "<path class=\"edge removed\" d=\"\(path)\" fill=\"none\" stroke=\"#c4c4c4\" stroke-width=\"1.2\" "
                    + "stroke-dasharray=\"3 3\" marker-end=\"url(#arrow)\"/>\n"
            } else {
                svg +=
                    "<path class=\"edge\" d=\"\(path)\" fill=\"none\" stroke=\"#999\" stroke-width=\"1.2\" "
                    + "marker-end=\"url(#arrow)\"/>\n"
            }
        }
        svg += overlaps(boxes)
        for (node, box) in zip(diagram.nodes, boxes) {
            svg += self.node(node, box)
        }
        svg += legend
        return svg + "</svg>"
    }

    /// The overlapping pairs: a curve on the left of the registrations' column between the two,
    /// bulging further the further apart they are; hovering over it shows what happens to an item
    /// both match (a wide transparent stroke makes it easy to point at).
    private func overlaps(_ boxes: [Box]) -> String {
        var svg = ""
        for overlap in diagram.overlaps.prefix(Self.overlapLimit) {
            guard boxes.indices.contains(overlap.from), boxes.indices.contains(overlap.to) else { continue }
            let from = boxes[overlap.from]
            let to = boxes[overlap.to]
            let rows = abs(to.y - from.y) / (Self.boxHeight + Self.rowGap)
            let bulge = min(Self.columnGap - 14, 14 + 6 * rows)
            let x = from.x - 1
            let path =
                "M\(number(x)),\(number(from.middle)) C\(number(x - bulge)),\(number(from.middle)) "
                + "\(number(x - bulge)),\(number(to.middle)) \(number(x)),\(number(to.middle))"
            let style = Self.overlapStyle(overlap.kind)
            svg +=
                "<g class=\"overlap \(overlap.kind.rawValue)\"><title>\(CollisionReportHTMLFormatter.escape(overlap.detail))</title>"
                + "<path d=\"\(path)\" fill=\"none\" stroke=\"transparent\" stroke-width=\"9\"/>"
                + "<path d=\"\(path)\" fill=\"none\" stroke=\"\(style.stroke)\" stroke-width=\"1.6\""
                + (style.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "") + "/></g>\n"
        }
        return svg
    }

    /// More overlapping pairs than this are not drawn (the pairs table lists them all).
    static let overlapLimit = 400

    static func overlapStyle(_ kind: RegistrationDiagram.Overlap.Kind) -> (stroke: String, dash: String?) {
        switch kind {
        case .intersecting: ("#7b1fa2", nil)
        case .fallback: ("#7b1fa2", "2 3")
        case .unknown: ("#777", "6 3")
        }
    }

    private func node(_ node: RegistrationDiagram.Node, _ box: Box) -> String {
        let style = Self.style(node)
        let classes = (["node", "\(node.column)"] + node.marks.map(\.rawValue)).joined(separator: " ")
        var element =
            "<g class=\"\(classes)\" id=\"diagram-\(node.id)\"><title>\(CollisionReportHTMLFormatter.escape(node.detail))</title>"
            + "<rect x=\"\(number(box.x))\" y=\"\(number(box.y))\" width=\"\(number(box.width))\" "
            + "height=\"\(number(Self.boxHeight))\" rx=\"\(node.column == .model ? 13 : 4)\" fill=\"\(style.fill)\" "
            + "stroke=\"\(style.stroke)\" stroke-width=\"\(style.strokeWidth)\""
            + (style.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "") + "/>"
            + "<text x=\"\(number(box.x + Self.padding))\" y=\"\(number(box.middle + 4))\" fill=\"\(style.text)\""
            + (node.marks.contains(.removed) ? " text-decoration=\"line-through\"" : "")
            + ">\(XML.escape(box.label))</text>" + secondMark(node, box) + "</g>"
        if let index = node.registration {
            element = "<a href=\"#registration-\(index)\">" + element + "</a>"
        }
        return element + "\n"
    }

    /// A registration both hijacked (or colliding) and shadowed is drawn in the collision's
    /// colours with the shadowed mark's dashed orange outline around it, so it keeps both.
    private func secondMark(_ node: RegistrationDiagram.Node, _ box: Box) -> String {
        guard node.shownMark == .collision, node.marks.contains(.shadowed) else { return "" }
        return
            "<rect class=\"second-mark shadowed\" x=\"\(number(box.x - 3))\" y=\"\(number(box.y - 3))\" "
            + "width=\"\(number(box.width + 6))\" height=\"\(number(Self.boxHeight + 6))\" rx=\"6\" fill=\"none\" "
            + "stroke=\"#e65100\" stroke-width=\"2\" stroke-dasharray=\"5 3\"/>"
    }

    struct Style {
        var fill: String
        var stroke: String
        var strokeWidth: String
        var dash: String?
        var text: String
    }

    static func style(_ node: RegistrationDiagram.Node) -> Style {
        switch node.shownMark {
        case .collision, .hijacked:
            return Style(fill: "#fdecea", stroke: "#c62828", strokeWidth: "2", dash: nil, text: "#7f1010")
        case .shadowed:
            return Style(fill: "#fff3e0", stroke: "#e65100", strokeWidth: "2", dash: "5 3", text: "#7a3300")
        case .removed:
            return Style(fill: "#f2f2f2", stroke: "#aaa", strokeWidth: "1", dash: "3 3", text: "#777")
        case nil: break
        }
        switch node.column {
        case .model: return Style(fill: "#e8f0fe", stroke: "#5b7fc7", strokeWidth: "1", dash: nil, text: "#1d1d1f")
        case .registration:
            return Style(fill: "#ffffff", stroke: "#666", strokeWidth: "1", dash: nil, text: "#1d1d1f")
        case .reuseIdentifier:
            return Style(fill: "#f3f3f3", stroke: "#888", strokeWidth: "1", dash: nil, text: "#1d1d1f")
        case .view: return Style(fill: "#e9f5ea", stroke: "#4c8c4f", strokeWidth: "1", dash: nil, text: "#1d1d1f")
        }
    }

    /// The legend's elements and where it ends on the right.
    private func legend(top: Double) -> (String, Double) {
        let entries: [(String, Style)] = [
            (
                "collision",
                Style(fill: "#fdecea", stroke: "#c62828", strokeWidth: "2", dash: nil, text: "")
            ),
            (
                "shadowed (never used)",
                Style(fill: "#fff3e0", stroke: "#e65100", strokeWidth: "2", dash: "5 3", text: "")
            ),
            ("removed", Style(fill: "#f2f2f2", stroke: "#aaa", strokeWidth: "1", dash: "3 3", text: "")),
        ]
        var x = Self.margin
        let y = top + 8
        var svg = "<g class=\"legend\">"
        for (label, style) in entries {
            svg +=
                "<rect x=\"\(number(x))\" y=\"\(number(y))\" width=\"22\" height=\"14\" rx=\"3\" fill=\"\(style.fill)\" "
                + "stroke=\"\(style.stroke)\" stroke-width=\"\(style.strokeWidth)\""
                + (style.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "") + "/>"
                + "<text x=\"\(number(x + 28))\" y=\"\(number(y + 11))\" fill=\"#444\">\(label)</text>"
            x += 28 + Double(label.count) * Self.characterWidth + 22
        }
        svg +=
            "<path d=\"M\(number(x)),\(number(y + 7)) L\(number(x + 30)),\(number(y + 7))\" stroke=\"#c62828\" "
            + "stroke-width=\"1.5\" stroke-dasharray=\"5 4\" marker-end=\"url(#arrow-red)\"/>"
            + "<text x=\"\(number(x + 38))\" y=\"\(number(y + 11))\" fill=\"#444\">\(Self.neverDequeued)</text>"
        x += 38 + Double(Self.neverDequeued.count) * Self.characterWidth + 22
        guard !diagram.overlaps.isEmpty else {
            return (svg + "</g>\n", x - 22)
        }
        let (stroke, _) = Self.overlapStyle(.intersecting)
        svg +=
            "<path d=\"M\(number(x + 14)),\(number(y)) C\(number(x)),\(number(y)) \(number(x)),\(number(y + 14)) "
            + "\(number(x + 14)),\(number(y + 14))\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"1.6\"/>"
            + "<text x=\"\(number(x + 22))\" y=\"\(number(y + 11))\" fill=\"#444\">\(Self.overlapLegend)</text>"
        return (svg + "</g>\n", x + 22 + Double(Self.overlapLegend.count) * Self.characterWidth)
    }

    /// Coordinates with at most one decimal, without a trailing ".0".
    private func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        let whole = Int(tenths) / 10
        let fraction = abs(Int(tenths) % 10)
        return fraction == 0 ? String(whole) : "\(whole).\(fraction)"
    }
}
