@testable import MaplintFindings
@testable import MaplintLibrary
@testable import MaplintManifest
@testable import MaplintResolver

/// Builds manifests in Swift for the resolver tests. Entry `n` is written on line `10 + n`;
/// sample values of section `s` start at line `100 + 20 * s`.
enum Fixture {
    static let file = "Feed.maplint.yml"

    /// An entry still waiting for its index and the host.
    typealias EntrySpec = (_ index: Int, _ host: Host) -> Entry

    static func location(line: Int, column: Int = 5) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    static func typeRef(_ name: String) -> TypeRef {
        TypeRef(parsing: name) ?? .model(name)
    }

    enum Element {
        case cell, header, footer
        case supplementary(String)

        func viewType(_ host: Host) -> ViewType {
            switch self {
            case .cell: .cell
            case .header: .header(for: host)
            case .footer: .footer(for: host)
            case .supplementary(let kind): .supplementary(kind: kind)
            }
        }
    }

    static func register(
        _ element: Element, _ view: String, model: String, condition: RegistrationCondition = .none,
        xib: XibName = .default, reuseIdentifier: String? = nil, storyboard: Bool = false, headerFooterView: Bool = true
    ) -> EntrySpec {
        { index, host in
            let line = 10 + index
            return .registration(
                Registration(
                    index: index, viewType: element.viewType(host),
                    viewClass: Located(view, at: location(line: line, column: 11)),
                    modelType: Located(typeRef(model), at: location(line: line, column: 30)), condition: condition,
                    xib: xib,
                    reuseIdentifier: reuseIdentifier.map { Located($0, at: location(line: line, column: 40)) },
                    storyboard: storyboard, headerFooterView: headerFooterView, location: location(line: line)))
        }
    }

    static func cell(
        _ view: String, _ model: String, condition: RegistrationCondition = .none, xib: XibName = .default,
        reuseIdentifier: String? = nil, storyboard: Bool = false
    ) -> EntrySpec {
        register(
            .cell, view, model: model, condition: condition, xib: xib, reuseIdentifier: reuseIdentifier,
            storyboard: storyboard)
    }

    static func unregister(_ view: String, _ element: Element = .cell) -> EntrySpec {
        { index, host in
            .unregister(
                Unregistration(
                    index: index, viewType: element.viewType(host),
                    viewClass: Located(view, at: location(line: 10 + index, column: 17)),
                    location: location(line: 10 + index)))
        }
    }

    static func section(_ number: Int) -> RegistrationCondition {
        .section(Located(number, at: location(line: 1)))
    }

    static func opaque(_ source: String = "model.isSpecial") -> RegistrationCondition {
        .opaque(Located(source, at: location(line: 1)))
    }

    struct Section {
        var header: Value?
        var footer: Value?
        var supplementaries: [(String, Value)]
        var items: [Value]

        init(header: Value? = nil, footer: Value? = nil, supplementaries: [(String, Value)] = [], items: [Value] = []) {
            self.header = header
            self.footer = footer
            self.supplementaries = supplementaries
            self.items = items
        }
    }

    static func sample(_ sections: [Section]) -> SampleData {
        SampleData(
            sections: sections.enumerated().map { number, section in
                let base = 100 + 20 * number
                return SampleSection(
                    header: section.header.map { SampleValue(value: $0, location: location(line: base, column: 15)) },
                    footer: section.footer.map {
                        SampleValue(value: $0, location: location(line: base + 1, column: 15))
                    },
                    supplementaries: section.supplementaries.enumerated().map { offset, pair in
                        (
                            kind: pair.0,
                            value: SampleValue(value: pair.1, location: location(line: base + 2 + offset, column: 15))
                        )
                    },
                    items: section.items.enumerated().map { offset, value in
                        SampleValue(value: value, location: location(line: base + 5 + offset, column: 11))
                    },
                    location: location(line: base))
            }, location: location(line: 99))
    }

    /// FeedItem (protocol) ← Post (class) ← VideoPost ← LiveVideoPost; Shareable ← Media
    /// (protocol inheritance), Photo conforms to Media; Author struct; PostState enum.
    static let types = TypeTable([
        ModelDecl(name: "FeedItem", kind: .protocol, location: location(line: 2)),
        ModelDecl(
            name: "Post", kind: .class, protocols: [Located("FeedItem", at: location(line: 3))],
            properties: [PropertyDecl(name: "likes", type: .builtin(.int), location: location(line: 3))],
            location: location(line: 3)),
        ModelDecl(
            name: "VideoPost", kind: .class, superclass: Located("Post", at: location(line: 4)),
            location: location(line: 4)),
        ModelDecl(
            name: "LiveVideoPost", kind: .class, superclass: Located("VideoPost", at: location(line: 5)),
            location: location(line: 5)),
        ModelDecl(name: "Shareable", kind: .protocol, location: location(line: 6)),
        ModelDecl(
            name: "Media", kind: .protocol, protocols: [Located("Shareable", at: location(line: 7))],
            location: location(line: 7)),
        ModelDecl(
            name: "Photo", kind: .class, protocols: [Located("Media", at: location(line: 8))],
            location: location(line: 8)),
        ModelDecl(name: "Author", kind: .struct, location: location(line: 9)),
        ModelDecl(
            name: "PostState", kind: .enum, cases: [Located("draft", at: location(line: 9))],
            location: location(line: 9)),
    ])

    static func object(_ type: String) -> Value { .object(type: type, properties: [:]) }

    static func manifest(
        host: Host = .tableView, deploymentTarget: DeploymentTarget? = nil, libraryVersion: LibraryVersion? = nil,
        _ entries: [EntrySpec], sections: [Section] = []
    ) -> Manifest {
        Manifest(
            file: file, host: host, deploymentTarget: deploymentTarget, libraryVersion: libraryVersion, types: types,
            entries: entries.enumerated().map { index, spec in spec(index, host) },
            sample: sample(sections))
    }

    static func resolve(
        host: Host = .tableView, deploymentTarget: DeploymentTarget? = nil, libraryVersion: LibraryVersion? = nil,
        _ entries: [EntrySpec], sections: [Section]
    ) -> Resolution {
        Resolver(
            manifest: manifest(
                host: host, deploymentTarget: deploymentTarget, libraryVersion: libraryVersion, entries,
                sections: sections)
        )
        .resolve()
    }

    /// Resolves each value as a cell of section 0.
    static func resolveItems(host: Host = .tableView, _ entries: [EntrySpec], items: [Value]) -> [ResolvedElement] {
        resolve(host: host, entries, sections: [Section(items: items)]).items
    }
}
