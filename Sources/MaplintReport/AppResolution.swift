import MaplintFindings
import MaplintLibrary
import MaplintManifest
import MaplintResolver
import MaplintSolver

/// What `maplint resolve` shows for an app: per screen, which registration each example item
/// gets — the witness of every pair of registrations that can both match one item, or, with
/// `--data`, the items of that file — resolved as at run time.
package struct AppResolution: Sendable {
    package struct Screen: Sendable {
        package var name: String
        package var host: Host
        package var location: SourceLocation
        /// The items resolved, with the registrations they resolve to.
        package var resolution: Resolution
        /// Per item of `resolution`, the pair whose witness it is (entry numbers), nil for an
        /// item of the `--data` file.
        package var witnessOf: [(first: Int, second: Int)?]
        /// Per item, the example as words ("a Post with containsVideo true at section 0, item 0").
        package var examples: [String?]
        /// Registration entry number → its place, for the table.
        package var places: [Int: SourceLocation]
        /// Per item, the registration a synthesized item was made for (entry number): nil for a
        /// witness of a pair or an item of a sample.
        package var madeFor: [Int?] = []
        /// The items are those of a sample (a `--data` file, a manifest's own), not witnesses.
        package var fromData = false
        /// Why the screen could not be checked (its registrations did not build): its errors,
        /// sorted by position; empty for a screen that was resolved.
        package var errors: [Diagnostic] = []
    }

    package var screens: [Screen]

    package init(screens: [Screen]) {
        self.screens = screens
    }

    /// The items of a screen with no sample: first the synthesized ones (`SynthesizedSample`, one
    /// per live registration, `madeFor`), then one per pair whose registrations can both match an
    /// item (a witness of the same view type, model and index path once), resolved against every
    /// live registration, so the item shows which one wins — or that the later one is a fallback.
    package static func witnesses(of screen: AppReport.Screen) -> Screen? {
        guard let manifest = screen.manifest, let report = screen.report else { return nil }
        let resolver = Resolver(manifest: manifest, availableXibs: report.availableXibs)
        let made = report.synthesized?.items ?? []
        var items: [ResolvedElement] = made.map(\.element)
        var witnessOf: [(first: Int, second: Int)?] = Array(repeating: nil, count: made.count)
        var examples: [String?] = made.map(\.example)
        var seen: Set<String> = []
        for pair in report.pairs {
            guard case .intersecting(let witness) = pair.verdict else { continue }
            let key = "\(pair.viewType) \(witness.plainDescription)"
            guard seen.insert(key).inserted else { continue }
            let place = report.registration(at: pair.second)?.location ?? screen.location
            items.append(
                resolver.resolve(
                    SampleValue(value: witness.model, location: place), as: pair.viewType, at: witness.indexPath))
            witnessOf.append((pair.first, pair.second))
            examples.append(witness.plainDescription)
        }
        return Screen(
            name: screen.name, host: screen.host, location: screen.location,
            resolution: Resolution(
                items: items, groups: report.reuseIdentifiers, liveRegistrations: report.liveRegistrations),
            witnessOf: witnessOf, examples: examples, places: places(of: manifest),
            madeFor: made.map(\.registration) + Array(repeating: nil, count: items.count - made.count))
    }

    /// The items of a sample (a `--data` file's, already the screen's `manifest.sample`, or a
    /// manifest's own) resolved; with
    /// `availableXibs` (`--resources`), the views the library really loads.
    package static func sample(
        of screen: AppReport.Screen, manifest: Manifest, availableXibs: Set<String>? = nil
    ) -> Screen {
        let resolution = Resolver(manifest: manifest, availableXibs: availableXibs).resolve()
        return Screen(
            name: screen.name, host: screen.host, location: screen.location, resolution: resolution,
            witnessOf: Array(repeating: nil, count: resolution.items.count),
            examples: Array(repeating: nil, count: resolution.items.count), places: places(of: manifest),
            fromData: true)
    }

    /// A screen whose registrations could not be checked: no items, its errors.
    package static func unchecked(_ screen: AppReport.Screen) -> Screen {
        Screen(
            name: screen.name, host: screen.host, location: screen.location,
            resolution: Resolution(items: [], groups: [], liveRegistrations: []), witnessOf: [], examples: [],
            places: [:],
            errors: screen.findings.filter { $0.severity == .error }.sortedByLocation())
    }

    /// A screen resolved as `resolve` does with no `--data` file: with no manifest, its errors;
    /// with `ownSample` (a folder of manifests) and a sample, that sample's items; else the
    /// witnesses of its pairs.
    package static func resolved(
        _ screen: AppReport.Screen, ownSample: Bool, availableXibs: Set<String>? = nil
    ) -> Screen? {
        guard let manifest = screen.manifest else { return unchecked(screen) }
        if ownSample, manifest.sample != nil {
            return sample(of: screen, manifest: manifest, availableXibs: availableXibs)
        }
        return witnesses(of: screen)
    }

    /// `resolve --screen NAME`: the screens named `name` exactly, or why there is none: the
    /// message names the closest name (`Suggestion`, whose distance is banded, so a name of
    /// 50,000 characters costs milliseconds) and every screen of `place`.
    package static func screens(
        named name: String, in screens: [AppReport.Screen], of place: String
    ) -> Result<[AppReport.Screen], ScreenNotFound> {
        let named = screens.filter { $0.name == name }
        guard named.isEmpty else { return .success(named) }
        let names = screens.map(\.name)
        return .failure(
            ScreenNotFound(
                message: "no screen named '\(name)' in \(place)"
                    + (names.isEmpty
                        ? " (it has none)"
                        : Suggestion.didYouMean(name, in: names) + "; its screens: "
                            + names.sorted().joined(separator: ", "))))
    }

    /// No screen has the name `--screen` gives.
    package struct ScreenNotFound: Error, Sendable {
        package var message: String
    }

    private static func places(of manifest: Manifest) -> [Int: SourceLocation] {
        Dictionary(manifest.registrations.map { ($0.index, $0.location) }, uniquingKeysWith: { first, _ in first })
    }
}
