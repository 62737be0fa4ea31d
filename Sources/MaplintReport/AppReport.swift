import MaplintFindings
import MaplintInterfaceBuilder
import MaplintLibrary
import MaplintManifest

/// What `maplint report` shows for an app (Swift sources, Xcode projects, Swift packages): one
/// collision report per screen — each type that owns a manager, whose registrations make one
/// manifest — the worst first, and the findings that are about no one screen.
package struct AppReport: Sendable {
    package struct Screen: Sendable {
        /// The type (or `Type.function`) that owns the manager.
        package var name: String
        package var host: Host
        /// Where the owning type or function is declared.
        package var location: SourceLocation
        /// The manifest built from the screen's registrations; nil when it could not be built
        /// (its findings say why).
        package var manifest: Manifest?
        /// The screen's collision report, whose `findings` are the screen's; nil with `manifest`.
        package var report: CollisionReport?
        /// The findings of `maplint lint` on the screen, sorted by position.
        package var findings: [Diagnostic]

        package init(name: String, host: Host, location: SourceLocation, manifest: Manifest?, findings: [Diagnostic]) {
            self.name = name
            self.host = host
            self.location = location
            self.manifest = manifest
            self.findings = findings
        }

        package var errors: Int { findings.count { $0.severity == .error } }
        package var warnings: Int { findings.count { $0.severity == .warning } }
        package var notes: Int { findings.count { $0.severity == .note } }
        package var registrations: Int { manifest?.registrations.count ?? 0 }
    }

    /// What was reported: the paths given.
    package var title: String
    /// The most errors first, then the most warnings, then in the order of their declarations.
    package var screens: [Screen]
    /// Findings about no one screen: files that could not be read, Swift that was skipped.
    package var findings: [Diagnostic]
    /// How many Swift files (or manifests) were read.
    package var files: Int
    /// What the files read are: "Swift file", or "manifest" for a folder of manifests.
    package var fileNoun = "Swift file"
    /// What each target was read with, one line each, as `maplint` prints them: "Feed
    /// (Feed.xcodeproj): 2 Swift files, 2 registrations, DTTableViewManager 7.2.0 from Podfile.lock".
    package var targets: [String] = []
    /// Where the places of the report link to.
    package var links: SourceLinks

    /// Builds each screen's collision report (with `resources`, the Interface Builder files)
    /// and orders the screens, the worst first.
    package init(
        title: String, screens: [Screen], findings: [Diagnostic], files: Int, links: SourceLinks,
        resources: InterfaceBuilderResources? = nil
    ) {
        self.title = title
        self.findings = findings.sortedByLocation()
        self.files = files
        self.links = links
        self.screens = screens.map { screen in
            var screen = screen
            if let manifest = screen.manifest {
                var report = CollisionReport(manifest: manifest, resources: resources)
                report.findings = screen.findings
                screen.report = report
            }
            return screen
        }
        .sorted {
            ($1.errors, $1.warnings, $0.location, $0.name) < ($0.errors, $0.warnings, $1.location, $1.name)
        }
    }

    package var errors: Int { screens.reduce(0) { $0 + $1.errors } + findings.count { $0.severity == .error } }
    package var warnings: Int { screens.reduce(0) { $0 + $1.warnings } + findings.count { $0.severity == .warning } }
    package var notes: Int { screens.reduce(0) { $0 + $1.notes } + findings.count { $0.severity == .note } }

    /// "2 screens, 3 Swift files: 1 error, 0 warnings, 2 notes".
    package var summary: String {
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return "\(counted(screens.count, "screen")), \(counted(files, fileNoun)): \(counted(errors, "error")), "
            + "\(counted(warnings, "warning")), \(counted(notes, "note"))"
    }

    /// The anchor of a screen's part of the HTML page, and the prefix of every anchor in it.
    package static func anchor(ofScreen position: Int) -> String { "screen-\(position + 1)" }
}
