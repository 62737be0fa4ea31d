import MaplintConcurrency
import MaplintConfiguration
import MaplintFiles
import MaplintFindings
import MaplintInterfaceBuilder
import MaplintLibrary
import MaplintLint
import MaplintManifest
import MaplintReport

/// Reading registrations from Swift sources (`extract`, `lint --swift`), through swift-syntax.
enum SwiftSources {
    /// The reader the commands use.
    static var reader: any SwiftSourceReader { SwiftSyntaxReader() }
}

/// What the commands ask of swift-syntax: one extraction, in the commands' own terms.
protocol SwiftSourceReader {
    func extract(_ request: SwiftExtractionRequest) -> SwiftExtraction
}

/// The options of an extraction (`SwiftExtractor.extract`).
struct SwiftExtractionRequest {
    package var paths: [String]
    package var deploymentTarget: String?
    package var libraryVersion: LibraryVersion?
    /// Where `libraryVersion` was set: the command line, or `library_version` in a configuration file.
    package var libraryVersionOrigin: DetectedLibraryVersion.Origin = .commandLine
    /// Which Swift files found in folders are read (the configuration's `included` and `excluded`).
    package var accept: (String) -> Bool = { _ in true }
    package var target: String?
    package var followLinks: Bool
    /// `lint --fix` extracts again from the texts it has fixed so far (path → bytes).
    package var overriding: [String: [UInt8]] = [:]
    /// The manifests are written (`maplint extract`), not only linted: conditions outside the
    /// condition language are made opaque, with their notes, before they are.
    var writesManifests = false
    /// The xibs and storyboards of the written manifests (`maplint extract`): a table registration answered by a
    /// prototype of its scene is written `storyboard: true`, as the app run checks it.
    var resources: InterfaceBuilderResources? = nil
    /// Told of each Swift file as it is read (`lint`'s progress line).
    package var progress: (any ProgressObserver)? = nil
    /// Nothing outside it is read (the repository of the folder an app was found in); by default
    /// the repository of the paths.
    package var boundary: RepositoryBoundary? = nil
}

/// What an extraction found, with the operations the commands apply to it.
struct SwiftExtraction {
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
    /// How many registrations the manifests hold, and the version of each manager they are
    /// checked at with where it comes from ("DTTableViewManager 11.0.1 from Podfile.lock"), for
    /// the line that says what was checked.
    package var registrations = 0
    package var versions: [String] = []
    /// Why nothing was found in the paths given.
    package var nothingFound: (_ paths: [String]) -> String
    /// Lints the manifests in memory, findings at the Swift lines; fixes edit `sources` when given.
    package var lint:
        (_ resources: InterfaceBuilderResources?, _ configuration: LintConfiguration, _ sources: [String: [UInt8]]?)
            -> LintResult
    /// The screens of the extraction (`report`, `resolve`), each built with its findings, and the
    /// findings about no one screen.
    package var screens:
        (_ resources: InterfaceBuilderResources?, _ configuration: LintConfiguration) -> (
            screens: [AppReport.Screen], findings: [Diagnostic]
        ) = { _, _ in ([], []) }

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

extension SwiftExtractionRequest {
    /// The version `library_version` (`--library-version`) sets for the target, with where it
    /// was set; none leaves the lock files to say.
    mutating func use(_ setting: TargetLibraryVersions.Setting?) {
        libraryVersion = setting?.version
        libraryVersionOrigin = setting?.location.map { .configuration($0) } ?? .commandLine
    }
}
