import Foundation
import MaplintConfiguration
import MaplintInterfaceBuilder
import Testing

@testable import MaplintCLI
@testable import MaplintFindings
@testable import MaplintLint
@testable import MaplintRules
@testable import MaplintSwift

/// The two roads into maplint on one screen: the screen written as a Swift app (`ReferenceSwiftApp`) and linted as
/// `maplint FOLDER` lints an app (its targets found, each extracted with the version its `Podfile.lock` or `Podfile`
/// pins and the deployment target of its `Package.swift`), and the screen's manifest (without its sample, which
/// Swift does not have) linted as a manifest. Their findings must be the same: rule, severity, the registrations
/// named and, where it names no place, the message. Places differ by nature and are not compared.
/// `MAPLINT_ROUNDTRIP_SEEDS` sets the number of screens per host and major (default 25).
@Suite struct RoundTripTests {
    static let seedsPerVersion: Int = {
        ProcessInfo.processInfo.environment["MAPLINT_ROUNDTRIP_SEEDS"].flatMap(Int.init) ?? 25
    }()

    /// The findings of the app run of a folder.
    static func appFindings(in folder: String, resources: InterfaceBuilderResources) -> [Diagnostic] {
        let found = AppDiscovery.units(in: folder)
        var diagnostics = found.problems
        diagnostics += found.notes.map {
            Diagnostic(rule: UnsupportedSwiftRule.id, severity: .note, message: $0.message, location: $0.location)
        }
        for unit in found.units {
            var request = SwiftExtractionRequest(
                paths: unit.paths, deploymentTarget: unit.deploymentTarget, target: unit.target, followLinks: false)
            request.boundary = unit.boundary
            diagnostics += SwiftSources.reader.extract(request).lint(resources, LintConfiguration(), nil).diagnostics
        }
        return diagnostics
    }

    /// A finding without its places: `rule severity [registrations] message` (the message only when it names no
    /// place: a Swift file, a manifest line, and quotes no setting as its source spells it: a manifest key in
    /// backquotes, a Swift string literal).
    static func key(_ finding: Diagnostic) -> String {
        let message = finding.message
        let placed =
            message.contains(".swift") || message.contains("line ") || message.contains(".yml")
            || message.contains("`") || message.contains("\"")
        return "\(finding.rule) \(finding.severity) \(finding.registrations) \(placed ? "…" : message)"
    }

    /// The app's files in `folder`, a repository of its own: lock files are looked for no higher than its root.
    static func write(_ files: [String: String], to folder: URL) throws {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
        }
    }

    /// The disagreement of one screen, nil when both roads agree.
    static func disagreement(_ screen: ReferenceScreen, seed: UInt64, root: URL) throws -> String? {
        let renderable = ReferenceSwiftApp.renderable(screen, seed: seed)
        let folder = root.appendingPathComponent("\(seed)")
        let files = ReferenceSwiftApp.files(renderable, seed: seed)
        try write(files, to: folder)
        let manifest = ReferenceScreenGenerator.manifest(renderable, sample: false)
        // The app's xibs and storyboard, for both roads (`maplint FOLDER` reads them unasked; a manifest with
        // `--resources FOLDER`).
        let resources = InterfaceBuilderResources.load(folders: [folder.path])
        let manifestFindings = Linter.lint(
            bytes: Array(manifest.utf8), file: "screen.maplint.yml", resources: resources)
        let swiftFindings = appFindings(in: folder.path, resources: resources)
        let fromManifest = manifestFindings.map(key).sorted()
        let fromSwift = swiftFindings.map(key).sorted()
        guard fromManifest != fromSwift else { return nil }
        let swift = files["Sources/Screen/ScreenViewController.swift"]!
        func only(_ findings: [Diagnostic], notIn other: [String]) -> String {
            findings.filter { !other.contains(key($0)) }
                .map { "\n  \($0.location): \($0.rule) \($0.registrations) \($0.message)" }.joined()
        }
        return """
            seed \(seed) (\(screen.host) \(screen.version)):
            manifest only:\(only(manifestFindings, notIn: fromSwift))
            swift only:\(only(swiftFindings, notIn: fromManifest))
            \(manifest)
            \(swift)
            """
    }

    @Test(arguments: [ReferenceScreen.Host.tableView, .collectionView], 6...11)
    func swiftAndManifestAgree(host: ReferenceScreen.Host, major: Int) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("maplint-roundtrip-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        var failures: [String] = []
        for seed in 0..<UInt64(Self.seedsPerVersion) {
            let seed = seed &* 7919 &+ UInt64(major)
            let screen = ReferenceScreenGenerator.screen(seed: seed, host: host, major: major)
            if let failure = try Self.disagreement(screen, seed: seed, root: root) {
                failures.append(failure)
                if failures.count >= 3 { break }
            }
        }
        #expect(failures.isEmpty, "\(host) \(major):\n\(failures.joined(separator: "\n---\n"))")
    }

    /// A manifest's setting as a message would quote it (`` `xib: Compact` ``, "(storyboard: true)", "'model:'"), found
    /// in `message`: a finding of Swift code names Swift, never a manifest key.
    static func manifestWords(in message: String) -> String? {
        let keys = [
            "storyboard", "xib", "registerNibNamed", "model", "view", "kind", "element", "section", "condition",
            "reuseIdentifier", "viewReuseIdentifier", "opaqueCondition", "libraryVersion", "deploymentTarget", "host",
            "modelTransfer", "headerFooterView", "unregister", "event", "events", "registrations", "models", "sample",
            "inherits", "conforms", "rawType", "cases", "layout", "viewModelMappingCustomizing", "properties",
        ]
        for key in keys {
            for opening in ["`", "'", "("] where message.contains(opening + key + ":") {
                return opening + key + ":"
            }
        }
        return nil
    }

    /// The findings of the Swift road speak Swift: no message of an app run quotes a manifest key, on every
    /// screen the round trip writes (storyboard prototypes, xibs missing or ignored, `registerNibNamed`, events
    /// on views of another kind among them).
    @Test(arguments: [ReferenceScreen.Host.tableView, .collectionView], 6...11)
    func swiftFindingsSpeakSwift(host: ReferenceScreen.Host, major: Int) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("maplint-swiftwords-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        var failures: [String: String] = [:]
        for seed in 0..<UInt64(Self.seedsPerVersion) {
            let seed = seed &* 7919 &+ UInt64(major)
            let screen = ReferenceSwiftApp.renderable(
                ReferenceScreenGenerator.screen(seed: seed, host: host, major: major), seed: seed)
            let folder = root.appendingPathComponent("\(seed)")
            try Self.write(ReferenceSwiftApp.files(screen, seed: seed), to: folder)
            let resources = InterfaceBuilderResources.load(folders: [folder.path])
            for finding in Self.appFindings(in: folder.path, resources: resources) {
                guard let words = Self.manifestWords(in: finding.message) else { continue }
                failures["\(finding.rule) \(words)"] = "seed \(seed): \(finding.message)"
            }
        }
        #expect(
            failures.isEmpty,
            "\(host) \(major):\n\(failures.sorted { $0.key < $1.key }.map(\.value).joined(separator: "\n"))")
    }

    /// The screens the round trip runs include every spelling it is there to check: generic cells, `Any`
    /// models (`typealias ModelType = Any`), enum sections, tvOS apps with an iOS-only event, and table
    /// prototypes before 8 with `registerNibNamed` over them and plain registrations of them.
    @Test func theScreensSpeakEverySpelling() {
        var seen: [String: Int] = [:]
        for host in [ReferenceScreen.Host.tableView, .collectionView] {
            for major in 6...11 {
                for seed in 0..<UInt64(Self.seedsPerVersion) {
                    let seed = seed &* 7919 &+ UInt64(major)
                    let screen = ReferenceSwiftApp.renderable(
                        ReferenceScreenGenerator.screen(seed: seed, host: host, major: major), seed: seed)
                    let files = ReferenceSwiftApp.files(screen, seed: seed)
                    let code = files["Sources/Screen/ScreenViewController.swift"]!
                    let views = files["Sources/Screen/Views.swift"]!
                    let spellings = [
                        "generic": code.contains("ValueCell<"), "Any": views.contains("typealias ModelType = Any"),
                        "AnyObject": views.contains("model: AnyObject)"), "enum section": code.contains("Section."),
                        "tvOS": files["Package.swift"]!.contains(".tvOS("),
                        "iOS-only event": code.contains("SwipeActionsConfiguration")
                            || code.contains("contextMenuConfiguration"),
                        "registerNibNamed over a prototype before 8": major < 8 && host == .tableView
                            && code.contains("registerNibNamed(\"Compact\", for: BannerCell.self)")
                            && files["Resources/Screen.storyboard"] != nil,
                        "prototype before 8": major < 8 && files["Resources/Screen.storyboard"] != nil,
                    ]
                    for (name, present) in spellings where present { seen[name, default: 0] += 1 }
                }
            }
        }
        #expect(seen.count == 8, "\(seen)")
        #expect(seen.values.allSatisfy { $0 >= 2 }, "\(seen)")
    }
}
