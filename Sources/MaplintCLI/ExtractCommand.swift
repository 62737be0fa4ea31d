import ArgumentParser
import Foundation
import MaplintFiles
import MaplintFindings
import MaplintInterfaceBuilder
import MaplintLibrary
import MaplintLint
import MaplintOutput
import MaplintRules

struct Extract: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Reads registrations from Swift sources and writes one manifest per managed view.",
        discussion: """
            A managed view is a type that conforms to DTTableViewManageable or DTCollectionViewManageable or \
            keeps a DTTableViewManager or DTCollectionViewManager, or a function that receives one. Its \
            manifest is named after it. Each manifest line ends with a '# swift:' comment naming the Swift \
            line it came from, so `maplint lint` on the manifest reports findings at the Swift lines. Code \
            that cannot be translated is listed as unsupported-swift notes (on standard error, and in the \
            manifest). Without --output, the manifests are printed; with no registration code, nothing is \
            written and a line says why.

            \(ExitStatus.help)
            """
    )

    @Argument(
        help:
            "Swift files or folders to read (folders recursively, skipping .build, .git and DerivedData), or an .xcodeproj or .xcworkspace."
    )
    var paths: [String]

    @Option(help: ArgumentHelp("The folder to write the manifests to (created when missing).", valueName: "dir"))
    var output: String?

    @OptionGroup var target: DeploymentTargetOption

    @OptionGroup var version: LibraryVersionOption

    @OptionGroup var links: FollowLinksOption

    @OptionGroup var resources: ResourcesOptions

    func run() throws {
        let reader = SwiftSources.reader
        try NamedInputs.requireExisting(paths)
        let extraction = reader.extract(try request())
        for problem in extraction.problems {
            Terminal.writeError(line: "\(problem.location): error: \(problem.message)")
        }
        // One line per place: a function followed for two managers is noted in both manifests.
        var seen: Set<ExtractionNote> = []
        let notes = extraction.notes.filter { seen.insert($0).inserted }
        for note in notes.sorted(by: { $0.location < $1.location }) {
            Terminal.writeError(line: "\(note.location): note: \(note.message) [\(UnsupportedSwiftRule.id)]")
        }
        guard !extraction.manifests.isEmpty else {
            // Nothing to extract is not a failure (the exit status table); a file that could not
            // be read is.
            Terminal.writeError(line: "maplint: nothing to extract: \(extraction.nothingFound(paths))")
            if !extraction.problems.isEmpty { throw ExitStatus.invalidInput.exitCode }
            return
        }
        if let output {
            if case .failure(let problem) = AtomicFileWriter.createFolder(output) {
                Terminal.writeError(line: "maplint: cannot create the folder \(output): \(problem)")
                throw ExitStatus.invalidInput.exitCode
            }
            let files = AtomicFileWriter(protected: extraction.files)
            var used: Set<String> = []
            var failed = false
            for manifest in extraction.manifests {
                // Two views whose names reduce to one slug get -2, -3, ...
                var name = manifest.fileName
                var number = 1
                while !used.insert(name).inserted {
                    number += 1
                    name = ManifestFileName.make(manifest.name + "-\(number)")
                }
                let path = (output as NSString).appendingPathComponent(name)
                guard !name.contains("/"), name != ".", name != ".." else {
                    Terminal.writeError(line: "maplint: not writing \(path): the name would leave \(output)")
                    failed = true
                    continue
                }
                if case .failure(let problem) = files.write(manifest.text(output), to: path) {
                    Terminal.writeError(line: "maplint: cannot write \(path): \(problem)")
                    failed = true
                    continue
                }
                Terminal.writeError(line: "wrote \(path)")
            }
            if failed { throw ExitStatus.invalidInput.exitCode }
        } else {
            let texts = extraction.manifests.map { manifest in
                (extraction.manifests.count > 1 ? "# ---- \(manifest.fileName)\n" : "") + manifest.text(nil)
            }
            try Terminal.write(texts.joined(separator: "\n"))
        }
        if !extraction.problems.isEmpty { throw ExitStatus.invalidInput.exitCode }
    }
}

extension Extract {
    /// What `run` asks of the reader: the options, with the manifests written and their xibs and storyboards.
    func request() throws -> SwiftExtractionRequest {
        var request = SwiftExtractionRequest(
            paths: paths, deploymentTarget: target.deploymentTarget, libraryVersion: version.parsed,
            target: target.target, followLinks: links.followLinks)
        request.writesManifests = true
        request.resources = try interfaceBuilderResources()
        return request
    }

    /// The xibs and storyboards of `--resources`, else of the folders read (an app's own, as `maplint` at its root
    /// reads them). Those of `--resources` must be read completely (else status 2); those found by default only
    /// add what they say: a file that cannot be read answers no registration, and a note on the standard error
    /// says so.
    func interfaceBuilderResources() throws -> InterfaceBuilderResources? {
        try NamedInputs.requireExisting(resources.namedInputs)
        if !resources.folders.isEmpty { return try resources.loadOrFail(followLinks: links.followLinks) }
        let folders = paths.filter { ManifestDiscovery.isFolder($0) && !AppScreens.isProject($0) }
        let found = resources.load(followLinks: links.followLinks, defaults: folders)
        guard let found else { return nil }
        // What could not be searched, and storyboards that could not be parsed: said, not skipped in silence.
        let unread =
            found.problems.map { ($0.location, $0.message) }
            + found.brokenStoryboards.map { ($0.location, $0.message) }
        if !unread.isEmpty {
            let formatter = FindingsTextFormatter(colour: Terminal.stderrSupportsColour)
            let notes = unread.map { location, message in
                formatter.line(
                    Diagnostic(
                        rule: "invalid-ib-file", severity: .note,
                        message: message + " (not read: no storyboard prototype in it is looked for)",
                        location: location)
                ) + "\n"
            }
            Terminal.writeError(formatted: notes.joined())
        }
        return found
    }
}

/// `--deployment-target`, `--library-version` and `--target`, shared by `extract` and `lint --swift`.
/// The deployment target accepts what the manifest's `deploymentTarget` accepts (one parser,
/// `DeploymentTarget`).
struct DeploymentTargetOption: ParsableArguments {
    @Option(
        name: .customLong("deployment-target"),
        help: ArgumentHelp(
            "The deployment target of extracted manifests, such as 'iOS 13.0'; default: the platforms of the nearest Package.swift.",
            valueName: "target"))
    var text: String?

    /// The target as the extracted manifests write it, single-spaced.
    var deploymentTarget: String? { text.flatMap(DeploymentTarget.normalized) }

    @Option(
        help: ArgumentHelp(
            "The Xcode target whose Swift files are read (with an .xcodeproj or .xcworkspace path, or one found at or "
                + "above the folders); default: every application target.",
            valueName: "name"))
    var target: String?

    func validate() throws {
        if let text, DeploymentTarget(parsing: text) == nil {
            throw ValidationError("'\(text)' is not a deployment target; write it like \(DeploymentTarget.examples)")
        }
    }
}

/// `extract --library-version`: one version for the manifests written.
struct LibraryVersionOption: ParsableArguments {
    @Option(
        name: .customLong("library-version"),
        help: ArgumentHelp(
            "The DTTableViewManager / DTCollectionViewManager version of extracted manifests, such as '11.0.1'; default: "
                + "the version the nearest Package.resolved, Podfile.lock or Cartfile.resolved pins, else a Podfile, "
                + "Package.swift, Xcode project or Cartfile requirement that pins a version or a major.",
            valueName: "version"))
    var text: String?

    var parsed: LibraryVersion? { text.flatMap(LibraryVersion.init(parsing:)) }

    func validate() throws {
        if let text, LibraryVersion(parsing: text) == nil {
            throw ValidationError("'\(text)' is not a library version; write it like '11.0.1', '6.6' or '8'")
        }
    }
}
