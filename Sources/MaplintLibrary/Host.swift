/// The view DT manages: a `UITableView` (DTTableViewManager) or a `UICollectionView`
/// (DTCollectionViewManager). The manifest's `host:`.
package enum Host: String, Sendable, Hashable, CaseIterable {
    case tableView, collectionView
}

package enum Platform: String, Sendable, Hashable, CaseIterable {
    case iOS, tvOS, macCatalyst
}

/// `deploymentTarget: iOS 13.0`.
package struct DeploymentTarget: Sendable, Hashable, CustomStringConvertible {
    package var platform: Platform
    package var major: Int
    package var minor: Int

    package init(platform: Platform, major: Int, minor: Int = 0) {
        self.platform = platform
        self.major = major
        self.minor = minor
    }

    /// The Mac Catalyst version a macOS deployment target runs, as a manifest writes it: macOS 11 is
    /// Mac Catalyst 14 (and so on up), macOS 10.15 is 13.1.
    package static func macCatalyst(macOSMajor major: Int) -> String {
        major >= 11 ? "macCatalyst \(major + 3).0" : "macCatalyst 13.1"
    }

    /// How a deployment target is written, for messages.
    package static let examples = "'iOS 13.0', 'tvOS 14' or 'macCatalyst 14.0'"

    /// Parses `iOS 13`, `tvOS 14.2`, `macCatalyst 14.0`, with any number of spaces around and
    /// between the parts (as the schema's pattern allows). The manifest, its schema and
    /// `--deployment-target` all accept what this accepts.
    package init?(parsing text: String) {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, let platform = Platform(rawValue: String(parts[0])) else { return nil }
        let numbers = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(numbers.count),
            numbers.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
            ),
            let major = Int(numbers[0]), let minor = numbers.count == 2 ? Int(numbers[1]) : 0
        else { return nil }
        self.init(platform: platform, major: major, minor: minor)
    }

    package var description: String { "\(platform.rawValue) \(major).\(minor)" }

    /// `text` single-spaced, as a manifest writes it (`" iOS  13"` → `"iOS 13"`), or nil when it
    /// is not a deployment target.
    package static func normalized(_ text: String) -> String? {
        guard DeploymentTarget(parsing: text) != nil else { return nil }
        return text.split(separator: " ").joined(separator: " ")
    }
}

extension Host {
    /// Whether a cell registration in code is answered by a storyboard prototype of its reuse identifier in the
    /// scene of the managed view, whatever the code says: DTTableViewManager's `registerCellClass` dequeues the
    /// identifier first and, when a cell comes back, only adds the mapping, at every version and with or without
    /// `cellRegisteredByStoryboard`, which it never reads (TableViewFactory.swift, `registerCellClass`, 6.6.0,
    /// 7.2.0, 8.0.1, 10.0.0, 11.0.1). DTCollectionViewManager has no such probe.
    package var cellRegistrationProbesPrototypes: Bool { self == .tableView }
}
