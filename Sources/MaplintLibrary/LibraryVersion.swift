import MaplintText

/// `libraryVersion: "6.6.0"`: the version of DTTableViewManager (table views) or
/// DTCollectionViewManager (collection views) the app links. What the library does at run time
/// differs between majors; `LibraryBehaviour` says how, and docs/library-versions.md where each
/// difference was read.
package struct LibraryVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var major: Int
    package var minor: Int
    package var patch: Int
    /// Whether only the major was written (`"8"`).
    package var isMajorOnly: Bool

    package init(major: Int, minor: Int = 0, patch: Int = 0, isMajorOnly: Bool = false) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.isMajorOnly = isMajorOnly
    }

    /// The oldest version whose behaviour maplint models.
    package static let oldestSupported = LibraryVersion(major: 6)
    /// The newest version maplint was checked against; the default when a manifest names none.
    /// Newer versions are modelled as this one.
    package static let newestSupported = LibraryVersion(major: 11, minor: 0, patch: 1)

    /// The newest tag of each manager whose sources the facts were read in (DTTableViewManager 11.0.1,
    /// DTCollectionViewManager 11.0.0: the collection manager had no 11.0.1). Both are modelled as
    /// `newestSupported`.
    package static func newestRead(for host: Host) -> LibraryVersion {
        switch host {
        case .tableView: LibraryVersion(major: 11, minor: 0, patch: 1)
        case .collectionView: LibraryVersion(major: 11, minor: 0, patch: 0)
        }
    }

    /// The major whose behaviour is modelled for this version: a later major than the newest supported
    /// is modelled as that one.
    package var modelledMajor: Int { min(major, Self.newestSupported.major) }

    /// Whether maplint models the behaviour of this major (`oldestSupported` and later); older majors
    /// are read from Swift sources but not checked.
    package static func isModelled(major: Int) -> Bool { major >= oldestSupported.major }

    /// Parses `8`, `6.6`, `6.6.0`, with an optional leading `v` and a pre-release or build suffix
    /// (`9.0.0-beta.1`, `11.0.0+1`), as package managers write them.
    package init?(parsing text: String) {
        var body = Substring(text.trimmingBlanks())
        if body.first == "v" || body.first == "V" { body = body.dropFirst() }
        if let cut = body.firstIndex(where: { $0 == "-" || $0 == "+" }) {
            guard cut != body.startIndex, body.index(after: cut) != body.endIndex else { return nil }
            body = body[..<cut]
        }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count else { return nil }
        self.init(
            major: numbers[0], minor: numbers.count > 1 ? numbers[1] : 0, patch: numbers.count > 2 ? numbers[2] : 0,
            isMajorOnly: numbers.count == 1)
    }

    package var description: String { isMajorOnly ? "\(major)" : "\(major).\(minor).\(patch)" }

    package static func < (lhs: LibraryVersion, rhs: LibraryVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    package static func == (lhs: LibraryVersion, rhs: LibraryVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) == (rhs.major, rhs.minor, rhs.patch)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
    }
}

extension LibraryVersion {
    /// The oldest version whose API the registration spellings were read in (`RegistrationSpelling`):
    /// code can say nothing of versions before it.
    package static let oldestRead = LibraryVersion(major: 4)

    /// The last release of a major of the host's manager (its newest tag before the next major),
    /// read in the tags of DTTableViewManager (4.8.0, 5.3.0, 6.6.0, 7.2.0, 8.0.1, 10.0.0) and
    /// DTCollectionViewManager (4.8.0, 5.3.1, 6.6.0, 7.2.0, 8.2.0, 10.0.0); 9 exists only as a beta,
    /// whose code is 10.0.0's. The newest major is `newestRead(for:)`.
    package static func lastRelease(ofMajor major: Int, host: Host) -> LibraryVersion {
        switch (major, host) {
        case (...4, _): LibraryVersion(major: 4, minor: 8)
        case (5, .tableView): LibraryVersion(major: 5, minor: 3)
        case (5, .collectionView): LibraryVersion(major: 5, minor: 3, patch: 1)
        case (6, _): LibraryVersion(major: 6, minor: 6)
        case (7, _): LibraryVersion(major: 7, minor: 2)
        case (8, .tableView): LibraryVersion(major: 8, patch: 1)
        case (8, .collectionView): LibraryVersion(major: 8, minor: 2)
        case (9, _), (10, _): LibraryVersion(major: 10)
        default: newestRead(for: host)
        }
    }
}

/// Facts of a version that do not depend on the host; `LibraryBehaviour` asks them too.
extension LibraryVersion {
    /// `TableViewConfiguration.semanticHeaderHeight` / `semanticFooterHeight` exist from 8.0.0-beta.1
    /// (TableViewConfiguration.swift, 7.2.0 vs 8.0.0).
    package var hasSemanticHeaderHeight: Bool { major >= 8 }

    /// From 8.0 `registerNibNamed(_:for:)` of a cell calls `register` and is an ordinary registration
    /// (DTTableViewManager+Deprecated.swift, `registerNibNamed(_:for:mapping:)`, 8.0.1); before, it registers
    /// the nib with no dequeue probe (TableViewFactory.swift, `registerNibNamed(_:forCellClass:mappingBlock:)`,
    /// 7.2.0).
    package var cellNibNamedCallsRegister: Bool { major >= 8 }
}

extension LibraryVersion {
    /// The DTModelStorage version each release of a manager requires, `~>` in its podspec, read at
    /// every tag from 6.0.0 (`DTTableViewManager.podspec`, `DTCollectionViewManager.podspec`):
    /// (DTModelStorage major, minor; the newest manager release that requires it). A DTModelStorage
    /// 9 of any minor is the one of DTTableViewManager 8.0.1 (`~> 9.0`).
    static let managerRequiringModelStorage: [Host: [(major: Int, minor: Int?, manager: LibraryVersion)]] = [
        .tableView: [
            (6, 0, .init(major: 6)), (7, 0, .init(major: 6, minor: 2)), (7, 1, .init(major: 6, minor: 3)),
            (7, 2, .init(major: 6, minor: 4)), (7, 3, .init(major: 6, minor: 5)), (7, 4, .init(major: 6, minor: 6)),
            (8, 0, .init(major: 7, minor: 1)), (8, 1, .init(major: 7, minor: 2)), (9, nil, .init(major: 8, patch: 1)),
            (10, nil, .init(major: 10)), (11, nil, .init(major: 11, patch: 1)),
        ],
        .collectionView: [
            (6, 0, .init(major: 6)), (7, 0, .init(major: 6, minor: 1, patch: 1)), (7, 1, .init(major: 6, minor: 3)),
            (7, 2, .init(major: 6, minor: 4, patch: 2)), (7, 3, .init(major: 6, minor: 5)),
            (7, 4, .init(major: 6, minor: 6)), (8, 0, .init(major: 7, minor: 1, patch: 3)),
            (8, 1, .init(major: 7, minor: 2)), (9, 0, .init(major: 8, patch: 1)), (9, nil, .init(major: 8, minor: 2)),
            (10, nil, .init(major: 10)), (11, nil, .init(major: 11)),
        ],
    ]

    /// The newest release of the host's manager that requires DTModelStorage `storage`: the version
    /// an app that pins only DTModelStorage runs (its manager vendored, or pinned where maplint does
    /// not look). Nil for a DTModelStorage no release requires.
    package static func manager(requiringModelStorage storage: LibraryVersion, host: Host) -> LibraryVersion? {
        let table = managerRequiringModelStorage[host] ?? []
        if !storage.isMajorOnly,
            let exact = table.first(where: { $0.major == storage.major && $0.minor == storage.minor })
        {
            return exact.manager
        }
        return table.last { $0.major == storage.major && ($0.minor == nil || storage.isMajorOnly) }?.manager
            ?? table.last { $0.major == storage.major }?.manager
    }
}
