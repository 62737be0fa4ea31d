/// Random screens over the space the reference model covers, from a seed, and each written as the
/// manifest maplint reads.
struct ReferenceScreenGenerator {
    /// SplitMix64: the same seed gives the same screen on every platform.
    struct Random {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
        mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
    }

    /// The versions modelled per host: one tag (or bare major) of each major, 6 to 11.
    static let versions: [ReferenceScreen.Host: [(String, Int)]] = [
        .tableView: [("6.6.0", 6), ("7.2.0", 7), ("8.0.1", 8), ("9", 9), ("10.0.0", 10), ("11.0.1", 11)],
        .collectionView: [("6.6.0", 6), ("7.2.0", 7), ("8.2.0", 8), ("9", 9), ("10.0.0", 10), ("11.0.0", 11)],
    ]

    static let viewClasses = ["PostCell", "VideoPostCell", "AdCell", "BannerCell"]
    static let models = ["Post", "VideoPost", "FeedItem", "Ad", "Int", "String", "Post?"]

    static func screen(
        seed: UInt64, host fixedHost: ReferenceScreen.Host? = nil, major fixedMajor: Int? = nil
    )
        -> ReferenceScreen
    {
        var random = Random(state: seed)
        let host = fixedHost ?? (random.chance(50) ? .tableView : .collectionView)
        let choices = versions[host]!
        let (version, major) = fixedMajor.flatMap { wanted in choices.first { $0.1 == wanted } } ?? random.pick(choices)
        let iOS: Int? = random.pick([nil, 13, 14, 15, 16, 17])
        // BannerCell may have a storyboard prototype (identifier "BannerCell"); such a screen never unregisters it,
        // since whether registering nil removes a prototype is UIKit's, not DT's.
        let bannerPrototype = random.chance(35)
        let unregistrable = bannerPrototype ? viewClasses.filter { $0 != "BannerCell" } : viewClasses
        var entries: [ReferenceScreen.Entry] = []
        let count = 1 + random.below(7)
        for index in 0..<count {
            let roll = random.below(100)
            if roll < 25 {
                entries.append(.register(headerFooter(index: index, host: host, major: major, random: &random)))
            } else if roll >= 90, roll < 95 {
                entries.append(
                    .unregister(
                        index: index, viewClass: random.pick(headerClasses),
                        element: host == .collectionView && random.chance(30)
                            ? .badge : random.chance(50) ? .header : .footer))
            } else if roll < 70 || index == 0 {
                // `Any` and `AnyObject` models, generic cells (`ValueCell<Int>`): decided by the entry's index, not
                // the generator, so the other screens stay as they were.
                let model = Self.universal(random.pick(models), index: index)
                var condition = ReferenceScreen.Condition.none
                switch random.below(6) {
                case 0: condition = .section(random.below(2))
                case 1: condition = .itemBelow(1 + random.below(2))
                case 2 where ["Post", "VideoPost", "Post?"].contains(model): condition = .likesAbove(random.below(6))
                case 3 where model == "FeedItem": condition = .idAbove(random.below(3))
                default: break
                }
                let view = Self.generic(random.pick(viewClasses), model: model, index: index)
                // Events on the mapping exist from 8 (`mapping.didSelect { … }`).
                let modelEvent = host == .tableView ? "heightForCell" : "sizeForCell"
                let events =
                    major >= 8 && random.chance(30)
                    ? random.pick([["didSelect"], [modelEvent], ["didSelect", modelEvent]]) : []
                if bannerPrototype, view == "BannerCell", random.chance(60) {
                    // On tables a storyboard mapping may name a xib (never read: the prototype answers the probe),
                    // and at 6 and 7 be `registerNibNamed`, which registers the xib over the prototype (2026-12-07).
                    var mapping = ReferenceScreen.Mapping(
                        index: index, viewClass: view, model: model, condition: condition,
                        reuseIdentifier: view, xib: .byClass, storyboard: true, events: events)
                    // Decided by the entry's index, not the generator, so the other screens stay as they were.
                    if host == .tableView, index % 3 == 1 {
                        mapping.xib = .named(index % 2 == 0 ? "LargeCell" : "Compact")
                        mapping.registerNibNamed = major < 8 && index % 4 == 1
                    }
                    entries.append(.register(mapping))
                    continue
                }
                let identifier = random.chance(25) ? random.pick(["Shared", "PostCell"]) : view
                // `xib: null` is `registerNibless` on collections and `mapping.xibName = nil` on tables from 8.
                let codeOnly = (host == .collectionView || major >= 8) && random.chance(30)
                entries.append(
                    .register(
                        ReferenceScreen.Mapping(
                            index: index, viewClass: view, model: model, condition: condition,
                            reuseIdentifier: identifier,
                            xib: codeOnly
                                ? .none : random.chance(20) ? .named(random.pick(["LargeCell", "Compact"])) : .byClass,
                            events: events))
                )
                // `registerNibNamed(Name, for:)`: 6 and 7 only, with a named xib.
                if major < 8, case .register(var mapping) = entries.last!, case .named = mapping.xib, random.chance(40)
                {
                    mapping.registerNibNamed = true
                    entries[entries.count - 1] = .register(mapping)
                }
            } else if roll < 85 {
                entries.append(
                    .unregister(
                        index: index, viewClass: Self.generic(random.pick(unregistrable), model: "Int", index: index)))
            } else if random.chance(50) {
                entries.append(.event(index: index, viewClass: random.pick(viewClasses)))
            } else {
                // A cell class as the model type (`heightForCell(withItem: PostCell.self)`): `modelEventCalledWithCellClass`.
                entries.append(
                    .modelEvent(
                        index: index,
                        model: Self.universal(random.pick(models + ["VideoPost?", "PostCell"]), index: index)
                    ))
            }
        }
        var sections: [[ReferenceScreen.Item]] = []
        var headers: [ReferenceScreen.Item?] = []
        var footers: [ReferenceScreen.Item?] = []
        var badges: [ReferenceScreen.Item?] = []
        for _ in 0..<(1 + random.below(2)) {
            headers.append(random.chance(60) ? headerModel(&random) : nil)
            footers.append(random.chance(40) ? headerModel(&random) : nil)
            badges.append(host == .collectionView && random.chance(40) ? headerModel(&random) : nil)
            var items: [ReferenceScreen.Item] = []
            for _ in 0..<(1 + random.below(4)) {
                let type =
                    random.chance(5)
                    ? ReferenceScreen.nilType : random.pick(["Post", "VideoPost", "Ad", "Int", "String"])
                items.append(ReferenceScreen.Item(type: type, likes: random.below(8), id: random.below(4)))
            }
            sections.append(items)
        }
        return ReferenceScreen(
            host: host, version: version, major: major, iOS: iOS, entries: entries, sections: sections,
            headers: headers, footers: footers, badges: badges)
    }

    /// Some `String` and `Int` models become `Any` and `AnyObject`, the types every value is.
    static func universal(_ model: String, index: Int) -> String {
        guard index % 4 == 2 else { return model }
        return model == "String" ? "Any" : model == "Int" ? "AnyObject" : model
    }

    /// Some `AdCell`s become a generic cell, `ValueCell<Int>` or `ValueCell<String>` (its model's name when that is
    /// one of them): a class of its own, named with its argument.
    static func generic(_ view: String, model: String, index: Int) -> String {
        guard view == "AdCell", index % 3 != 0 else { return view }
        return model == "String" ? "ValueCell<String>" : "ValueCell<Int>"
    }

    static let headerClasses = ["TitleView", "BadgeView", "PlainView"]

    static func headerModel(_ random: inout Random) -> ReferenceScreen.Item {
        ReferenceScreen.Item(type: random.pick(["String", "Int", "Post"]), likes: random.below(8), id: random.below(4))
    }

    /// A table header or footer registration. Before 8 its index path has one element (reading it traps), so
    /// only model conditions; `xib: null` (`registerNiblessHeader`) only from 8. A named xib is
    /// `registerNibNamed(_:forHeader:)` before 8 and `mapping.xibName` from 8.
    /// On collections: a supplementary view of the header or footer kind, never plain; before 8 `xib: null`
    /// (`registerNiblessHeader`) drops its mapping closure, so it gets neither condition nor identifier.
    static func headerFooter(
        index: Int, host: ReferenceScreen.Host, major: Int, random: inout Random
    )
        -> ReferenceScreen.Mapping
    {
        let view = random.pick(host == .tableView ? headerClasses : ["TitleView", "BadgeView"])
        let model = random.pick(["String", "Int", "Post"])
        var condition = ReferenceScreen.Condition.none
        switch random.below(5) {
        case 0 where model == "Post": condition = .likesAbove(random.below(6))
        case 1 where major >= 8: condition = .section(random.below(2))
        case 2 where major >= 8: condition = .itemBelow(1)
        default: break
        }
        var mapping = ReferenceScreen.Mapping(
            index: index,
            element: host == .collectionView && random.chance(30) ? .badge : random.chance(60) ? .header : .footer,
            headerFooterView: view != "PlainView",
            viewClass: view, model: model, condition: condition,
            reuseIdentifier: random.chance(25) ? random.pick(["SharedHeader", "TitleView"]) : view,
            xib: (major >= 8 || host == .collectionView) && random.chance(30)
                ? .none : random.chance(25) ? .named(random.pick(["LargeHeader", "CompactHeader"])) : .byClass)
        if host == .collectionView, major < 8, mapping.xib == .none {
            mapping.condition = .none
            mapping.reuseIdentifier = view
        }
        return mapping
    }

    /// The manifest of a screen; without `sample`, its registrations alone (what a Swift app says).
    static func manifest(_ screen: ReferenceScreen, sample: Bool = true) -> String {
        let base = screen.host == .tableView ? "UITableViewCell" : "UICollectionViewCell"
        var lines = [
            "version: 1",
            "host: \(screen.host.rawValue)",
            "libraryVersion: \"\(screen.version)\"",
        ]
        if let iOS = screen.iOS { lines.append("deploymentTarget: \(screen.tvOS ? "tvOS" : "iOS") \(iOS).0") }
        lines += [
            "models:",
            "  FeedItem: {kind: protocol, properties: {id: Int}}",
            "  Post: {kind: class, conforms: [FeedItem], properties: {likes: Int}}",
            "  VideoPost: {inherits: Post}",
            "  Ad: {kind: struct, conforms: [FeedItem]}",
            "  PostCell: {inherits: \(base)}",
            "  VideoPostCell: {inherits: PostCell}",
            "  AdCell: {inherits: \(base)}",
            "  BannerCell: {inherits: \(base)}",
            "registrations:",
        ]
        for entry in screen.entries {
            switch entry {
            case .register(let mapping):
                if mapping.element == .badge {
                    lines += ["  - supplementary: \(mapping.viewClass)", "    kind: badge"]
                } else {
                    lines.append("  - \(mapping.element.rawValue): \(mapping.viewClass)")
                }
                if !mapping.headerFooterView { lines.append("    headerFooterView: false") }
                if mapping.storyboard { lines.append("    storyboard: true") }
                if mapping.registerNibNamed { lines.append("    registerNibNamed: true") }
                lines.append("    model: \"\(mapping.model)\"")
                let optional = mapping.model.hasSuffix("?")
                switch mapping.condition {
                case .none: break
                case .section(let section): lines.append("    section: \(section)")
                case .itemBelow(let limit): lines.append("    condition: \"indexPath.item < \(limit)\"")
                case .likesAbove(let limit):
                    lines.append(
                        optional
                            ? "    condition: \"(model?.likes ?? 0) > \(limit)\""
                            : "    condition: \"model.likes > \(limit)\"")
                case .idAbove(let limit): lines.append("    condition: \"model.id > \(limit)\"")
                }
                if mapping.reuseIdentifier != mapping.viewClass {
                    lines.append("    reuseIdentifier: \(mapping.reuseIdentifier)")
                }
                switch mapping.xib {
                case .none: lines.append("    xib: null")
                case .named(let name): lines.append("    xib: \(name)")
                case .byClass: break
                }
                if !mapping.events.isEmpty { lines.append("    events: [\(mapping.events.joined(separator: ", "))]") }
            case .unregister(_, let viewClass, .cell):
                lines.append("  - unregister: \(viewClass)")
            case .unregister(_, let viewClass, .badge):
                lines.append("  - unregister: {supplementary: \(viewClass), kind: badge}")
            case .unregister(_, let viewClass, let element):
                lines.append("  - unregister: {\(element.rawValue): \(viewClass)}")
            case .event(_, let viewClass):
                lines.append("  - event: didSelect")
                lines.append("    view: \(viewClass)")
            case .modelEvent(_, let model):
                lines.append("  - event: \(screen.host == .tableView ? "heightForCell" : "sizeForCell")")
                lines.append("    model: \"\(model)\"")
            }
        }
        guard sample else { return lines.joined(separator: "\n") + "\n" }
        lines += ["sample:", "  sections:"]
        func value(_ item: ReferenceScreen.Item) -> String {
            switch item.type {
            case "Post": "{Post: {likes: \(item.likes), id: \(item.id)}}"
            case "Int": "\(item.likes)"
            default: "\"s\(item.likes)\""
            }
        }
        for (section, items) in screen.sections.enumerated() {
            var keys: [String] = []
            if section < screen.headers.count, let header = screen.headers[section] {
                keys.append("header: \(value(header))")
            }
            if section < screen.footers.count, let footer = screen.footers[section] {
                keys.append("footer: \(value(footer))")
            }
            if section < screen.badges.count, let badge = screen.badges[section] {
                keys.append("supplementaries: {badge: \(value(badge))}")
            }
            keys.append("items:")
            for (position, key) in keys.enumerated() { lines.append((position == 0 ? "    - " : "      ") + key) }
            for item in items {
                switch item.type {
                case "Post", "VideoPost": lines.append("        - \(item.type): {likes: \(item.likes), id: \(item.id)}")
                case "Ad": lines.append("        - Ad: {id: \(item.id)}")
                case "Int": lines.append("        - \(item.likes)")
                case ReferenceScreen.nilType: lines.append("        - null")
                default: lines.append("        - \"s\(item.likes)\"")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
