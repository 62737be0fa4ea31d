import Foundation
import MaplintFiles
import MaplintFindings
import MaplintYAML

/// The `.xib` and `.storyboard` files under the `--resources` folders: what the app bundle
/// holds when the manager looks a xib up by name.
package struct InterfaceBuilderResources: Sendable {
    /// The folders searched, as given.
    package var folders: [String]
    /// Xibs by name (file name without extension); the first in path order wins, as a bundle
    /// cannot hold two files of one name.
    package private(set) var xibs: [String: InterfaceBuilderDocument] = [:]
    /// Xibs that could not be parsed, by name.
    package private(set) var brokenXibs: [String: InterfaceBuilderFailure] = [:]
    /// Parsed storyboards, in path order.
    package private(set) var storyboards: [InterfaceBuilderDocument] = []
    /// Storyboards that could not be parsed, in path order.
    package private(set) var brokenStoryboards: [InterfaceBuilderFailure] = []
    /// What the folder search could not look at (unreadable folders, special files, links out of
    /// the folders): errors, since a xib in them may be missed.
    package var problems: [Diagnostic] = []
    /// Every file read, in path order, for `restricted(to:excluding:)`.
    private var results: [Result<InterfaceBuilderDocument, InterfaceBuilderFailure>] = []

    package init(folders: [String] = [], results: [Result<InterfaceBuilderDocument, InterfaceBuilderFailure>]) {
        self.folders = folders
        self.results = results
        for result in results {
            switch result {
            case .success(let document):
                switch document.kind {
                case .xib:
                    if xibs[document.name] == nil && brokenXibs[document.name] == nil { xibs[document.name] = document }
                case .storyboard:
                    storyboards.append(document)
                }
            case .failure(let failure):
                switch failure.kind {
                case .xib:
                    if xibs[failure.name] == nil && brokenXibs[failure.name] == nil {
                        brokenXibs[failure.name] = failure
                    }
                case .storyboard:
                    brokenStoryboards.append(failure)
                }
            }
        }
    }

    /// Finds and parses every Interface Builder file under `folders`.
    package static func load(
        folders: [String], followLinks: Bool = false, limits: LoaderLimits = .default
    ) -> InterfaceBuilderResources {
        let search = InterfaceBuilderDiscovery.search(folders, followLinks: followLinks)
        var resources = InterfaceBuilderResources(
            folders: folders, results: search.files.map { InterfaceBuilderParser.parse(file: $0, limits: limits) })
        resources.problems = search.problems
        return resources
    }

    /// The files under `folder` that are not under one of `others` (the folders of the other
    /// projects and packages nested in it): the bundle of the target built from `folder` holds
    /// those, not a xib of another app of the repository. `problems` are kept whole.
    package func restricted(to folder: String, excluding others: [String]) -> InterfaceBuilderResources {
        func isUnder(_ path: String, _ folder: String) -> Bool {
            folder.isEmpty || folder == "." || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
        }
        let nested = others.filter { $0 != folder && isUnder($0, folder) }
        let kept = results.filter { result in
            let path =
                switch result {
                case .success(let document): document.path
                case .failure(let failure): failure.path
                }
            return isUnder(path, folder) && !nested.contains { isUnder(path, $0) }
        }
        var restricted = InterfaceBuilderResources(folders: [folder], results: kept)
        restricted.problems = problems
        return restricted
    }

    /// These resources as the screen owned by the type `screen` sees them: when a storyboard scene
    /// has that type as its view controller, only the prototypes of such scenes, since a table or
    /// collection view dequeues the prototypes of its own scene and no other's. A screen that no
    /// scene names (its view made in code, or owned by an object other than the view controller)
    /// keeps every prototype, as the scene is not known.
    package func forScreen(_ screen: String) -> InterfaceBuilderResources {
        guard storyboards.contains(where: { $0.sceneViewControllers.contains(screen) }) else {
            return self
        }
        var scoped = self
        scoped.storyboards = storyboards.map { storyboard in
            var storyboard = storyboard
            storyboard.prototypes = storyboard.prototypes.filter { $0.viewController == screen }
            return storyboard
        }
        return scoped
    }

    /// The names of the xibs the bundle holds, readable or not: the names the manager finds.
    package var xibNames: Set<String> {
        Set(xibs.keys).union(brokenXibs.keys)
    }

    package func containsXib(named name: String) -> Bool {
        xibs[name] != nil || brokenXibs[name] != nil
    }

    /// Every prototype of every readable storyboard, in path then file order.
    package var prototypes: [StoryboardPrototype] {
        storyboards.flatMap(\.prototypes)
    }
}

/// Finds Interface Builder files, like `ManifestDiscovery` finds manifests.
enum InterfaceBuilderDiscovery {
    static let extensions = [".xib", ".storyboard"]

    /// Every `.xib` and `.storyboard` under `folders` (a file given directly is kept),
    /// sorted within each folder; build products and version control are skipped.
    package static func files(in folders: [String]) -> [String] {
        search(folders).files
    }

    /// `files(in:)` with what the search could not look at (see `FileTreeWalker`).
    package static func search(_ folders: [String], followLinks: Bool = false) -> FileSearch {
        var result = FileSearch()
        // A file reached twice (`res` and `./res`) is parsed once.
        var seen = DistinctFiles()
        let trees = folders.filter(ManifestDiscovery.isFolder)
        for folder in folders {
            guard ManifestDiscovery.isFolder(folder) else {
                if isInterfaceBuilderFile(folder), seen.insert(folder) { result.files.append(folder) }
                continue
            }
            let found = ManifestDiscovery.search(
                under: folder, within: trees, followLinks: followLinks, noun: "Interface Builder file",
                named: isInterfaceBuilderFile)
            result.problems += found.problems
            for file in found.files where seen.insert(file) {
                result.files.append(file)
            }
        }
        return result
    }

    static func isInterfaceBuilderFile(_ name: String) -> Bool {
        extensions.contains { name.hasSuffix($0) }
    }
}
