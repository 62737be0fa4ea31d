import ArgumentParser
import Foundation
import MaplintCore
import MaplintSwift

struct Extract: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Reads registrations from Swift sources and writes one manifest per managed view.",
        discussion: """
            A managed view is a type that conforms to DTTableViewManageable or DTCollectionViewManageable or \
            keeps a DTTableViewManager or DTCollectionViewManager, or a function that receives one. Its \
            manifest is named after it. Each manifest line ends with a '# swift:' comment naming the Swift \
            line it came from, so `maplint lint` on the manifest reports findings at the Swift lines. Code \
            that cannot be translated is listed as unsupported-swift notes (on standard error, and in the \
            manifest). Without --output, the manifests are printed. Exit status: 0 extracted, 2 a path \
            could not be read or no registration code was found.
            """
    )

    @Argument(help: "Swift files or folders to read (folders recursively, skipping .build, .git and DerivedData).")
    var paths: [String]

    @Option(help: ArgumentHelp("The folder to write the manifests to (created when missing).", valueName: "dir"))
    var output: String?

    @OptionGroup var target: DeploymentTargetOption

    func run() throws {
        let extraction = SwiftExtractor.extract(paths: paths, deploymentTarget: target.deploymentTarget)
        for problem in extraction.problems {
            Terminal.writeError("\(problem.location): error: \(problem.message)\n")
        }
        let notes = extraction.notes + extraction.manifests.flatMap(\.notes)
        for note in notes.sorted(by: { $0.location < $1.location }) {
            Terminal.writeError("\(note.location): note: \(note.message) [\(UnsupportedSwiftRule.id)]\n")
        }
        guard !extraction.manifests.isEmpty else {
            Terminal.writeError("maplint: \(SwiftExtractor.nothingFound(in: paths))\n")
            throw ExitStatus.invalidInput.exitCode
        }
        if let output {
            do {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            } catch {
                Terminal.writeError("maplint: cannot create the folder \(output): \(error.localizedDescription)\n")
                throw ExitStatus.invalidInput.exitCode
            }
            let writer = ManifestWriter(folder: output)
            for manifest in extraction.manifests {
                let path = (output as NSString).appendingPathComponent(manifest.fileName)
                do {
                    try Data(writer.text(of: manifest).utf8).write(to: URL(fileURLWithPath: path))
                } catch {
                    Terminal.writeError("maplint: cannot write \(path): \(error.localizedDescription)\n")
                    throw ExitStatus.invalidInput.exitCode
                }
                Terminal.writeError("wrote \(path)\n")
            }
        } else {
            let writer = ManifestWriter()
            let texts = extraction.manifests.map { manifest in
                (extraction.manifests.count > 1 ? "# ---- \(manifest.fileName)\n" : "") + writer.text(of: manifest)
            }
            Terminal.write(texts.joined(separator: "\n"))
        }
        if !extraction.problems.isEmpty { throw ExitStatus.invalidInput.exitCode }
    }
}

/// `--deployment-target`, shared by `extract` and `lint --swift`. It accepts what the manifest's
/// `deploymentTarget` accepts (one parser, `DeploymentTarget`).
struct DeploymentTargetOption: ParsableArguments {
    @Option(
        name: .customLong("deployment-target"),
        help: ArgumentHelp(
            "The deployment target of extracted manifests, such as 'iOS 13.0'; default: the platforms of the nearest Package.swift.",
            valueName: "target"))
    var text: String?

    /// The target as the extracted manifests write it, single-spaced.
    var deploymentTarget: String? { text.flatMap(DeploymentTarget.normalized) }

    func validate() throws {
        if let text, DeploymentTarget(parsing: text) == nil {
            throw ValidationError("'\(text)' is not a deployment target; write it like \(DeploymentTarget.examples)")
        }
    }
}
