import MaplintReport

/// The registration diagram as a Mermaid flowchart, which GitHub draws in Markdown: the same
/// nodes, edges and marks as the SVG of the HTML report. Node ids are maplint's own (`m0`,
/// `r3`, …); every label is escaped with `OutputEscaping.mermaidLabel` and shortened as in the
/// SVG, so nothing from the manifest can add statements, links or HTML.
struct RegistrationDiagramMermaid {
    let diagram: RegistrationDiagram

    /// The fenced block, without a trailing newline.
    func render() -> String {
        var lines = ["```mermaid", "flowchart LR"]
        for node in diagram.nodes {
            let label = "\"" + OutputEscaping.mermaidLabel(RegistrationDiagramSVG.shortened(node.label).text) + "\""
            let shape: String
            switch node.column {
            case .model: shape = "([\(label)])"
            case .registration: shape = "[\(label)]"
            case .reuseIdentifier: shape = "{{\(label)}}"
            case .view: shape = "[/\(label)/]"
            }
            lines.append("    \(node.id)\(shape)")
        }
        var notDequeued: [Int] = []
        var removed: [Int] = []
        for (position, edge) in diagram.edges.enumerated() {
            let from = diagram.nodes[edge.from].id
            let to = diagram.nodes[edge.to].id
            if edge.notDequeued {
                notDequeued.append(position)
                lines.append("    \(from) -. never dequeued .-> \(to)")
            } else if edge.removed {
                removed.append(position)
                lines.append("    \(from) -.-> \(to)")
            } else {
                lines.append("    \(from) --> \(to)")
            }
        }
        lines += [
            "    classDef collision fill:#fdecea,stroke:#c62828,stroke-width:2px,color:#7f1010",
            "    classDef shadowed fill:#fff3e0,stroke:#e65100,stroke-width:2px,stroke-dasharray:5 3,color:#7a3300",
            "    classDef removed fill:#f2f2f2,stroke:#aaaaaa,stroke-dasharray:3 3,color:#777777",
        ]
        for mark in [RegistrationDiagram.Mark.collision, .shadowed, .removed] {
            let members = diagram.nodes.filter { $0.shownMark == mark }
            if !members.isEmpty {
                lines.append("    class \(members.map(\.id).joined(separator: ",")) \(mark.rawValue)")
            }
        }
        if !notDequeued.isEmpty {
            lines.append(
                "    linkStyle \(notDequeued.map(String.init).joined(separator: ",")) stroke:#c62828,stroke-width:2px")
        }
        if !removed.isEmpty {
            lines.append("    linkStyle \(removed.map(String.init).joined(separator: ",")) stroke:#bbbbbb")
        }
        lines.append("```")
        return lines.joined(separator: "\n")
    }
}
