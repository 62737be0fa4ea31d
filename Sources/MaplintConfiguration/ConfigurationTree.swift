import Foundation
import MaplintFindings

/// The configuration of each file of a run, as SwiftLint finds it: the `.maplint.yml` files in
/// the file's folder and every folder above it, up to the repository root (the nearest folder
/// holding `.git`, or the filesystem root when there is none), merged from the outermost to the
/// nearest (`LintConfiguration.merging`), then the command line's settings on top. Folders are
/// looked at once each; files of one folder share their configuration.
///
/// A configuration file that cannot be read is kept as a problem (`problems`): the run stops
/// with status 2 once it has them. A `.maplint.yml` that is a symbolic link is read only when
/// it leads to a file inside the repository.
package final class ConfigurationTree: @unchecked Sendable, Hashable {
    /// The command line's settings: lists added to every file's, single values replacing them.
    private let commandLine: LintConfiguration
    private let strict: Bool?
    private let lock = NSLock()
    /// The merged configuration files of a folder (absolute), without the command line.
    private var folders: [String: LintConfiguration] = [:]
    /// The final configuration of a file, by the path as given.
    private var files: [String: LintConfiguration] = [:]
    private var errors: [Diagnostic] = []
    private var read: [String] = []
    private let here: String

    /// - Parameters:
    ///   - commandLine: the rule settings and path patterns given as options.
    ///   - strict: `--strict` (true) or `--no-strict` (false), when given.
    package init(commandLine: LintConfiguration, strict: Bool?) {
        self.commandLine = commandLine
        self.strict = strict
        here = LintConfiguration.absolute(".")
    }

    package static func == (left: ConfigurationTree, right: ConfigurationTree) -> Bool { left === right }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The errors of the configuration files read so far, in the order of their files.
    package var problems: [Diagnostic] {
        lock.withLock { errors }.sortedByLocation()
    }

    /// The configuration files read so far, as they are named in messages.
    package var filesRead: [String] {
        lock.withLock { read }
    }

    /// The configuration of the file (or folder entry) at `path`.
    package func configuration(for path: String) -> LintConfiguration {
        lock.withLock {
            if let known = files[path] { return known }
            let absolute = LintConfiguration.absolute(path)
            let folder = (absolute as NSString).deletingLastPathComponent
            var configuration = merged(folder: folder.isEmpty ? "/" : folder)
            configuration.disabledRules.formUnion(commandLine.disabledRules)
            configuration.severities.merge(commandLine.severities) { $1 }
            configuration.included += commandLine.included
            configuration.excluded += commandLine.excluded
            if let strict { configuration.strict = strict }
            configuration.nested = nil
            files[path] = configuration
            return configuration
        }
    }

    /// The merged configuration files that apply to `folder` (absolute): the current folder's
    /// gives the run its baseline.
    package func filesConfiguration(forFolder folder: String) -> LintConfiguration {
        lock.withLock { merged(folder: LintConfiguration.absolute(folder)) }
    }

    /// Called with the lock held. Walks up to the first folder already known or the repository
    /// root, then merges back down, remembering every folder on the way.
    private func merged(folder: String) -> LintConfiguration {
        var chain: [String] = []
        var current = folder
        var start = LintConfiguration()
        while true {
            if let known = folders[current] {
                start = known
                break
            }
            chain.append(current)
            if current == "/" || Self.isRepositoryRoot(current) { break }
            let parent = (current as NSString).deletingLastPathComponent
            current = parent.isEmpty ? "/" : parent
        }
        var configuration = start
        var root: String?
        for folder in chain.reversed() {
            if let own = readConfiguration(in: folder, repositoryRoot: &root) {
                configuration = configuration.merging(own)
            }
            folders[folder] = configuration
        }
        return configuration
    }

    /// `.git` (a folder, or the file of a worktree or submodule) marks a repository's root.
    static func isRepositoryRoot(_ folder: String) -> Bool {
        var info = stat()
        return lstat((folder as NSString).appendingPathComponent(".git"), &info) == 0
    }

    /// The repository root at or above `folder` (absolute), or `/`.
    static func repositoryRoot(of folder: String) -> String {
        var current = folder
        while current != "/", !isRepositoryRoot(current) {
            let parent = (current as NSString).deletingLastPathComponent
            current = parent.isEmpty ? "/" : parent
        }
        return current
    }

    /// The configuration file of one folder, if it has one; its errors are kept.
    private func readConfiguration(in folder: String, repositoryRoot root: inout String?) -> LintConfiguration? {
        let absolute = (folder as NSString).appendingPathComponent(LintConfiguration.fileName)
        var info = stat()
        guard lstat(absolute, &info) == 0 else { return nil }
        let shown = display(absolute)
        read.append(shown)
        if info.st_mode & S_IFMT == S_IFLNK {
            let repository = root ?? Self.repositoryRoot(of: folder)
            root = repository
            let target = URL(fileURLWithPath: absolute).resolvingSymlinksInPath().path
            let inside = URL(fileURLWithPath: repository).resolvingSymlinksInPath().path
            if LintConfiguration.path(target, inside: inside) == nil {
                errors.append(
                    Diagnostic(
                        rule: .invalidConfiguration, severity: .error,
                        message:
                            "the configuration file is a symbolic link to a file outside the repository (\(repository)); maplint does not follow it: copy the file, or name it with --config",
                        location: SourceLocation(file: shown, line: 1, column: 1)))
                return nil
            }
        }
        switch ConfigurationLoader.load(path: shown) {
        case .success(let configuration): return configuration
        case .failure(let problem):
            errors += problem.diagnostics
            return nil
        }
    }

    /// A path as messages show it: relative to the current folder (with `../` above it).
    private func display(_ absolute: String) -> String {
        if let inside = LintConfiguration.path(absolute, inside: here) { return inside }
        let target = absolute.split(separator: "/")
        let base = here.split(separator: "/")
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }
}
