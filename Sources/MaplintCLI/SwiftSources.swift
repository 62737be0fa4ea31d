import Foundation
import MaplintCore

/// Reading registrations from Swift sources (`extract`, `lint --swift`), which needs swift-syntax.
///
/// The `maplint` executable does not link swift-syntax: the Swift runtime searches every protocol
/// conformance of the binary when a program first asks about a type, and swift-syntax's make up
/// almost half of them, a cost every run would pay (docs/performance.md). `maplint-swift`,
/// installed beside `maplint`, is the same command line with a reader set; `maplint` gives it
/// the run, with the same arguments, before writing anything (`handOver()`).
package enum SwiftSources {
    /// Set by `maplint-swift` before it parses its arguments; nil in `maplint`.
    nonisolated(unsafe) package static var reader: (any SwiftSourceReader)?

    /// Whether this program hands Swift sources over; only `maplint` does (`handOver()`), so a
    /// library caller is never replaced by another program.
    nonisolated(unsafe) private static var handsOver = false

    /// The name of the executable that reads Swift sources.
    package static let executableName = "maplint-swift"

    /// Set in the environment of the program handed over to: a `maplint-swift` that is really
    /// another `maplint` (a copy, or a link to it) would otherwise hand the run on forever.
    package static let handedOverVariable = "MAPLINT_HANDED_OVER"

    /// `maplint`'s start. From here on a run that needs Swift sources becomes `maplint-swift`.
    /// When an argument is `extract` or `--swift`, that happens now, before the arguments are
    /// parsed, saving this program's parse. `maplint-swift` is the whole command line, so a run
    /// handed over on a false alarm (a folder named `extract`) still does what was asked. When
    /// there is no `maplint-swift`, this returns, and `obtainReader()` says so if it is needed.
    package static func handOver(_ arguments: [String] = CommandLine.arguments) {
        handsOver = true
        guard reader == nil, getenv(handedOverVariable) == nil,
            arguments.dropFirst().contains(where: { $0 == "extract" || $0 == "--swift" }),
            let helper = helperCandidates().first(where: { access($0, X_OK) == 0 })
        else { return }
        _ = run(helper, arguments)
    }

    /// The reader, or, in `maplint`, never returns: the process becomes `maplint-swift` with the
    /// same arguments, or stops with status 2 when it cannot.
    static func obtainReader() throws -> any SwiftSourceReader {
        if let reader { return reader }
        guard handsOver, getenv(handedOverVariable) == nil else {
            let problem =
                handsOver
                ? "the \(executableName) beside maplint is another maplint, which handed the run back; "
                    + "reinstall both with `make install`"
                : "this program does not read Swift sources"
            Terminal.writeError("maplint: \(problem)\n")
            throw ExitStatus.invalidInput.exitCode
        }
        let candidates = helperCandidates()
        guard let helper = candidates.first(where: { access($0, X_OK) == 0 }) else {
            let place =
                candidates.isEmpty
                ? "which cannot be looked for: where maplint is installed is unknown"
                : "which is not in "
                    + candidates.map { ($0 as NSString).deletingLastPathComponent }.joined(separator: " or ")
            Terminal.writeError(
                "maplint: reading Swift sources needs \(executableName), \(place); build it with "
                    + "`swift build --product \(executableName)`, or install both with `make install`\n")
            throw ExitStatus.invalidInput.exitCode
        }
        let reason = run(helper, CommandLine.arguments)
        Terminal.writeError("maplint: cannot run \(helper): \(reason)\n")
        throw ExitStatus.invalidInput.exitCode
    }

    /// Replaces the process with `helper`; returns only when that failed, with the reason.
    private static func run(_ helper: String, _ arguments: [String]) -> String {
        setenv(handedOverVariable, "1", 1)
        execv(helper, arguments.map { strdup($0) } + [nil])
        let reason = String(cString: strerror(errno))
        unsetenv(handedOverVariable)
        return reason
    }

    private static func helperCandidates() -> [String] {
        if let executable = Bundle.main.executablePath { return helperCandidates(executable: executable) }
        // Without the system's answer, a path typed with a slash; a bare name found on the PATH
        // is not guessed at, so nothing is run from the current folder.
        guard let typed = CommandLine.arguments.first, typed.contains("/") else { return [] }
        return helperCandidates(
            executable: typed.hasPrefix("/") ? typed : FileManager.default.currentDirectoryPath + "/" + typed)
    }

    /// Where `maplint-swift` is looked for: beside the executable as started, then beside the file
    /// its links lead to (an installation that links only `maplint` into a folder on the PATH).
    /// Only beside an absolute path: never in the current folder by accident.
    package static func helperCandidates(executable: String) -> [String] {
        guard executable.hasPrefix("/") else { return [] }
        let started = ((executable as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent(executableName)
        let resolved =
            (((executable as NSString).resolvingSymlinksInPath as NSString).deletingLastPathComponent
            as NSString).appendingPathComponent(executableName)
        return started == resolved ? [started] : [started, resolved]
    }
}

/// What the commands ask of swift-syntax: one extraction, in the commands' own terms.
package protocol SwiftSourceReader {
    func extract(_ request: SwiftExtractionRequest) -> SwiftExtraction
}

/// The options of an extraction (`SwiftExtractor.extract`).
package struct SwiftExtractionRequest {
    package var paths: [String]
    package var deploymentTarget: String?
    package var libraryVersion: LibraryVersion?
    /// Which Swift files found in folders are read (the configuration's `included` and `excluded`).
    package var accept: (String) -> Bool = { _ in true }
    package var target: String?
    package var followLinks: Bool
    /// `lint --fix` extracts again from the texts it has fixed so far (path → bytes).
    package var overriding: [String: [UInt8]] = [:]
}

/// What an extraction found, with the operations the commands apply to it.
package struct SwiftExtraction {
    package struct Manifest {
        package var name: String
        /// The manifest's text; `folder` is where it will be written (relative `# swift:` paths),
        /// nil when it is printed.
        package var text: (_ folder: String?) -> String

        package init(name: String, text: @escaping (_ folder: String?) -> String) {
            self.name = name
            self.text = text
        }

        /// `Name.maplint.yml`.
        var fileName: String { ManifestFileName.make(name) }
    }

    package var manifests: [Manifest]
    /// The notes of the whole extraction, then those of each manifest in turn.
    package var notes: [ExtractionNote]
    /// Inputs that could not be read: the extraction is incomplete (status 2).
    package var problems: [Diagnostic]
    /// The Swift files read.
    package var files: [String]
    /// Why nothing was found in the paths given.
    package var nothingFound: (_ paths: [String]) -> String
    /// Lints the manifests in memory, findings at the Swift lines; fixes edit `sources` when given.
    package var lint:
        (_ resources: InterfaceBuilderResources?, _ configuration: LintConfiguration, _ sources: [String: [UInt8]]?)
            -> LintResult

    package init(
        manifests: [Manifest], notes: [ExtractionNote], problems: [Diagnostic], files: [String],
        nothingFound: @escaping (_ paths: [String]) -> String,
        lint: @escaping (InterfaceBuilderResources?, LintConfiguration, [String: [UInt8]]?) -> LintResult
    ) {
        self.manifests = manifests
        self.notes = notes
        self.problems = problems
        self.files = files
        self.nothingFound = nothingFound
        self.lint = lint
    }
}
