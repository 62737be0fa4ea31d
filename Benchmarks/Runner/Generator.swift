import Foundation

/// A small seeded generator (SplitMix64): the same seed gives the same manifests on every
/// machine, so timings of different builds are comparable.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// Wrapping arithmetic is the algorithm here, not an accident.
    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when the bound is not positive).
    mutating func below(_ bound: Int) -> Int {
        guard bound > 0 else { return 0 }
        return Int(next() % UInt64(bound))
    }

    /// True with the given percentage.
    mutating func percent(_ chance: Int) -> Bool { below(100) < chance }
}

/// Appends text to a file through a large buffer: the biggest manifest is about 100 MB.
final class ManifestWriter {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private static let flushSize = 4 << 20

    init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { return nil }
        self.handle = handle
        buffer.reserveCapacity(Self.flushSize + 4096)
    }

    func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count >= Self.flushSize { flush() }
    }

    func flush() {
        handle.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    func close() {
        flush()
        try? handle.close()
    }
}

/// What one benchmark manifest holds.
struct BenchCase: Sendable {
    enum Shape: Sendable {
        /// Feed-like groups of ten registrations each, with a mixed sample.
        case mix(groups: Int, items: Int)
        /// `count` registrations of one model type, `model.id == k` for each k.
        case partitionByID(count: Int)
        /// `count` registrations of one model type, `section: k` for each k, one item per section.
        case partitionBySection(count: Int)
        /// `types` model types, each split into `residues` registrations by `model.n % residues == k`.
        case residues(types: Int, residues: Int, items: Int)
    }

    var name: String
    var shape: Shape
    /// Where the case sits in the report: "registrations", "items" or "partition".
    var series: String

    var fileName: String { name + ".maplint.yml" }

    var registrations: Int {
        switch shape {
        case .mix(let groups, _): groups * Generator.entriesPerGroup + Generator.trailingEntries
        case .partitionByID(let count), .partitionBySection(let count): count
        case .residues(let types, let residues, _): types * residues
        }
    }

    var items: Int {
        switch shape {
        case .mix(_, let items): items
        case .partitionByID: Generator.partitionSampleItems
        case .partitionBySection(let count): count
        case .residues(_, _, let items): items
        }
    }

    /// The full set (`make bench`) and the quick one (`make bench-smoke`).
    static func all(smoke: Bool) -> [BenchCase] {
        if smoke {
            return [
                BenchCase(name: "typical-r100-i1k", shape: .mix(groups: 10, items: 1_000), series: "registrations"),
                BenchCase(name: "items-10k", shape: .mix(groups: 10, items: 10_000), series: "items"),
                BenchCase(name: "partition-id-1k", shape: .partitionByID(count: 1_000), series: "partition"),
            ]
        }
        return [
            BenchCase(name: "typical-r100-i1k", shape: .mix(groups: 10, items: 1_000), series: "registrations"),
            BenchCase(name: "regs-1k", shape: .mix(groups: 100, items: 1_000), series: "registrations"),
            BenchCase(name: "regs-10k", shape: .mix(groups: 1_000, items: 1_000), series: "registrations"),
            BenchCase(name: "items-10k", shape: .mix(groups: 10, items: 10_000), series: "items"),
            BenchCase(name: "items-100k", shape: .mix(groups: 10, items: 100_000), series: "items"),
            BenchCase(name: "items-1m", shape: .mix(groups: 10, items: 1_000_000), series: "items"),
            BenchCase(name: "partition-id-10k", shape: .partitionByID(count: 10_000), series: "partition"),
            BenchCase(name: "partition-section-10k", shape: .partitionBySection(count: 10_000), series: "partition"),
            BenchCase(
                name: "residues-r1k-i200k", shape: .residues(types: 100, residues: 10, items: 200_000), series: "items"),
        ]
    }
}

/// Writes synthetic manifests. Every condition kind of the condition language appears
/// (section, Bool, Int with linear terms, `%` / isMultiple / isEven, enum membership,
/// optional nil checks and `??`, Double and String comparisons), with protocol and subclass
/// models, headers and footers, events, a few reuse-identifier collisions, and sample items
/// that mostly resolve (a few unresolved and nil items keep the rules busy).
enum Generator {
    static let entriesPerGroup = 10
    /// The catch-all registrations and events after the groups.
    static let trailingEntries = 4
    static let partitionSampleItems = 1_000

    static func write(_ benchCase: BenchCase, to path: String, seed: UInt64) -> Bool {
        guard let out = ManifestWriter(path: path) else { return false }
        var random = SeededRandom(seed: seed)
        out.line("# Generated by maplint-bench (seed \(seed)); do not edit.")
        switch benchCase.shape {
        case .mix(let groups, let items): mix(groups: groups, items: items, out: out, random: &random)
        case .partitionByID(let count): partitionByID(count: count, out: out, random: &random)
        case .partitionBySection(let count): partitionBySection(count: count, out: out)
        case .residues(let types, let residues, let items):
            residueSplit(types: types, residues: residues, items: items, out: out, random: &random)
        }
        out.close()
        return true
    }

    // MARK: Feed-like mix

    private static func sectionCount(items: Int) -> Int { min(200, max(3, items / 500)) }

    private static func mix(groups: Int, items: Int, out: ManifestWriter, random: inout SeededRandom) {
        let sections = sectionCount(items: items)
        out.line("version: 1")
        out.line("host: tableView")
        out.line("deploymentTarget: iOS 15.0")
        out.line("models:")
        out.line("  State: {kind: enum, cases: [draft, scheduled, published, archived]}")
        out.line("  Author: {kind: struct, properties: {name: String, isVerified: Bool}}")
        for group in 0..<groups {
            out.line("  Feed\(group)Item: {kind: protocol, properties: {id: Int}}")
            out.line("  Post\(group):")
            out.line("    kind: class")
            out.line("    conforms: [Feed\(group)Item]")
            out.line(
                "    properties: {title: String, likes: Int, isPinned: Bool, state: State, author: Author?, rating: Double?}"
            )
            out.line("  Video\(group): {inherits: Post\(group), properties: {duration: Double, isLive: Bool}}")
            out.line("  Banner\(group): {kind: struct, conforms: [Feed\(group)Item], properties: {text: String}}")
        }
        out.line("registrations:")
        for group in 0..<groups {
            let section = group % sections
            let low = group * 100
            out.line("  - cell: LiveVideo\(group)Cell")
            out.line("    model: Video\(group)")
            out.line("    condition: \"model.isLive && model.state == .published\"")
            out.line("    events: [didSelect, willDisplay]")
            out.line("  - cell: Video\(group)Cell")
            out.line("    model: Video\(group)")
            out.line("    condition: \"!model.isLive && model.duration > 60.0 && (model.rating ?? 0.0) >= 4.5\"")
            out.line("  - cell: Popular\(group)Cell")
            out.line("    model: Post\(group)")
            out.line("    condition: \"2 * model.likes + 1 > 1000 && model.author != nil\"")
            out.line("  - cell: Draft\(group)Cell")
            out.line("    model: Post\(group)")
            out.line("    condition: \"[.draft, .archived].contains(model.state) || model.state == .scheduled\"")
            out.line("  - cell: Pinned\(group)Cell")
            out.line("    model: Post\(group)")
            out.line("    condition: \"model.isPinned || model.title == \\\"Pinned\\\"\"")
            out.line("    xib: null")
            out.line("  - cell: Striped\(group)Cell")
            out.line("    model: Post\(group)")
            out.line("    condition: \"model.likes % 3 == 0 && model.likes.isMultiple(of: 5) && indexPath.row.isEven\"")
            out.line("  - cell: Feed\(group)Cell")
            out.line("    model: Feed\(group)Item")
            out.line("    section: \(section)")
            out.line("  - cell: Reply\(group)Cell")
            out.line("    model: Post\(group)")
            out.line("    condition: \"model.title.hasPrefix(\\\"Re: \\\") && model.state == .published\"")
            // Some groups reuse the feed cell's identifier for another class: a real collision.
            if group % 7 == 3 { out.line("    reuseIdentifier: Feed\(group)Cell") }
            if group % 2 == 0 {
                out.line("  - header: Section\(group)Header")
                out.line("    model: String")
                out.line("    section: \(section)")
            } else {
                out.line("  - footer: Section\(group)Footer")
                out.line("    model: Int")
                out.line("    condition: \"model > 0 && indexPath.section == \(section)\"")
                out.line("    headerFooterView: false")
            }
            out.line("  - cell: Count\(group)Cell")
            out.line("    model: Int")
            out.line("    condition: \"model >= \(low) && model < \(low + 100) && model != \(low + 13)\"")
        }
        out.line("  - header: DefaultHeader")
        out.line("    model: String")
        out.line("  - footer: DefaultFooter")
        out.line("    model: Int")
        out.line("  - event: didSelect")
        out.line("    view: Reply0Cell")
        out.line("  - event: heightForCell")
        out.line("    model: Int")
        out.line("sample:")
        out.line("  sections:")
        var id = 0
        for section in 0..<sections {
            out.line("    - header: {String: \"Section \(section)\"}")
            if section % 2 == 1 { out.line("      footer: \(section)") }
            out.line("      items:")
            let count = items / sections + (section < items % sections ? 1 : 0)
            for row in 0..<count {
                id += 1
                let place = Place(id: id, row: row, section: section, sections: sections, groups: groups)
                out.line("        - " + mixItem(place, random: &random))
            }
        }
    }

    /// Where a sample item sits, which decides the registrations it can match.
    private struct Place {
        var id: Int
        var row: Int
        var section: Int
        var sections: Int
        var groups: Int
    }

    /// A group whose `Feed<g>Cell` (registered for section g % sections) does or does not
    /// match items of this section.
    private static func group(for place: Place, inSection: Bool, random: inout SeededRandom) -> Int? {
        if inSection {
            guard place.section < place.groups, place.sections > 0 else { return nil }
            let count = (place.groups - place.section + place.sections - 1) / place.sections
            return place.section + random.below(count) * place.sections
        }
        for _ in 0..<16 {
            let group = random.below(place.groups)
            if group % max(1, place.sections) != place.section { return group }
        }
        return nil
    }

    private static let states = ["draft", "scheduled", "archived"]
    private static let titles = [
        "\"Our first week in Lisbon\"", "\"Street food in Hanoi\"", "\"Morning ride\"",
        "''", "\"Fixing a flat in 90 seconds\"", "\"Launch stream\"",
    ]
    private static let names = ["\"Maya Chen\"", "\"Tomás Ruiz\"", "\"Linh Tran\"", "\"Sam Okafor\""]

    private static func pick(_ values: [String], _ random: inout SeededRandom) -> String {
        let index = random.below(values.count)
        return values.indices.contains(index) ? values[index] : ""
    }

    /// Likes below 500 that are not a multiple of 15: neither popular nor striped.
    private static func plainLikes(_ random: inout SeededRandom, from low: Int = 0, count: Int = 500) -> Int {
        let likes = low + random.below(count)
        return likes % 15 == 0 ? likes + 1 : likes
    }

    /// The registration a generated post is meant for.
    private enum Target: CaseIterable {
        case liveVideo, video, popular, draft, pinned, striped, reply, feed
    }

    /// An item that matches exactly one registration (a clean manifest has no ambiguous
    /// items), apart from a few nil and unresolved ones.
    private static func mixItem(_ place: Place, random: inout SeededRandom) -> String {
        let roll = random.below(1_000)
        if roll < 5 { return "null" }
        if roll < 25 {
            // Banners match only the feed cell of their section's group; a few sit elsewhere.
            let group =
                roll < 10
                ? self.group(for: place, inSection: false, random: &random)
                : self.group(for: place, inSection: true, random: &random)
            if let group { return "Banner\(group): {id: \(place.id), text: \"Sale\"}" }
        }
        if roll < 140 {
            // One Count cell per range of 100; values ending in 13 are left unresolved.
            return "\(random.below(place.groups * 100))"
        }
        var target: Target =
            switch random.below(100) {
            case 0..<12: .liveVideo
            case 12..<25: .video
            case 25..<40: .popular
            case 40..<55: .draft
            case 55..<62: .pinned
            case 62..<72: .striped
            case 72..<80: .reply
            default: .feed
            }
        if target == .striped, place.row % 2 == 1 { target = .draft }
        var group = target == .feed ? self.group(for: place, inSection: true, random: &random) : nil
        if group == nil {
            if target == .feed { target = .popular }
            group = self.group(for: place, inSection: false, random: &random)
        }
        guard let group else { return "\(random.below(place.groups * 100))" }

        var title = pick(titles, &random)
        var likes = plainLikes(&random)
        var isPinned = false
        var state = "published"
        var hasAuthor = random.percent(80)
        var rating: String? = random.percent(50) ? "\(random.below(45) / 10).\(random.below(10))" : nil
        switch target {
        case .popular:
            likes = plainLikes(&random, from: 500, count: 1_500)
            hasAuthor = true
        case .draft: state = pick(states, &random)
        case .pinned:
            if random.percent(50) { isPinned = true } else { title = "\"Pinned\"" }
        case .striped: likes = 15 * random.below(33)
        case .reply: title = "\"Re: " + title.filter { $0 != "\"" && $0 != "'" } + "\""
        case .video: rating = "4.\(5 + random.below(5))"
        case .liveVideo, .feed: break
        }
        var fields = "id: \(place.id), title: \(title), likes: \(likes), isPinned: \(isPinned), state: \(state)"
        if hasAuthor { fields += ", author: {name: \(pick(names, &random)), isVerified: \(random.percent(30))}" }
        if let rating { fields += ", rating: \(rating)" }
        switch target {
        case .liveVideo: return "Video\(group): {\(fields), duration: \(random.below(600)).5, isLive: true}"
        case .video: return "Video\(group): {\(fields), duration: \(61 + random.below(600)).5, isLive: false}"
        default: return "Post\(group): {\(fields)}"
        }
    }

    // MARK: Partitions

    private static func partitionHeader(_ out: ManifestWriter) {
        out.line("version: 1")
        out.line("host: tableView")
        out.line("models:")
        out.line("  Post: {kind: struct, properties: {id: Int, title: String}}")
        out.line("registrations:")
    }

    private static func partitionByID(count: Int, out: ManifestWriter, random: inout SeededRandom) {
        partitionHeader(out)
        for k in 0..<count {
            out.line("  - cell: Post\(k)Cell")
            out.line("    model: Post")
            out.line("    condition: \"model.id == \(k)\"")
        }
        out.line("sample:")
        out.line("  sections:")
        out.line("    - items:")
        for _ in 0..<partitionSampleItems {
            out.line("        - Post: {id: \(random.below(count)), title: \"Post\"}")
        }
    }

    private static func partitionBySection(count: Int, out: ManifestWriter) {
        partitionHeader(out)
        for k in 0..<count {
            out.line("  - cell: Post\(k)Cell")
            out.line("    model: Post")
            out.line("    section: \(k)")
        }
        out.line("sample:")
        out.line("  sections:")
        for k in 0..<count {
            out.line("    - items: [{Post: {id: \(k), title: \"Post\"}}]")
        }
    }

    // MARK: Residues

    /// Each model type split by `model.n % residues == k`: every item is checked against the
    /// `residues` registrations of its type, and exactly one matches.
    private static func residueSplit(
        types: Int, residues: Int, items: Int, out: ManifestWriter, random: inout SeededRandom
    ) {
        out.line("version: 1")
        out.line("host: tableView")
        out.line("models:")
        for type in 0..<types {
            out.line("  Item\(type): {kind: struct, properties: {n: Int, title: String, isNew: Bool}}")
        }
        out.line("registrations:")
        for type in 0..<types {
            for k in 0..<residues {
                out.line("  - cell: Item\(type)Residue\(k)Cell")
                out.line("    model: Item\(type)")
                out.line("    condition: \"model.n % \(residues) == \(k)\"")
            }
        }
        out.line("sample:")
        out.line("  sections:")
        let sections = max(1, items / 1_000)
        for section in 0..<sections {
            out.line("    - items:")
            let count = items / sections + (section < items % sections ? 1 : 0)
            for _ in 0..<count {
                let n = random.below(1_000_000)
                out.line(
                    "        - Item\(random.below(types)): {n: \(n), title: \"Item number \(n)\", isNew: \(random.percent(10))}"
                )
            }
        }
    }
}
