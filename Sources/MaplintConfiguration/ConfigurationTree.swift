import Foundation
import MaplintFiles
import MaplintFindings

/// The configuration of each file of a run, as SwiftLint finds it: the `.maplint.yml` files in
/// the file's folder and every folder above it, up to the repository root (the nearest folder
/// holding `.git`, or the filesystem root when there is none), merged from the outermost to the
/// nearest (`LintConfiguration.merging`), then the command line's settings on top. Folders are
/// looked at once each; files of one folder share their configuration.
///
/// A configuration file that cannot be read is kept as a problem (`problems`): the run stops
/// with status 2 once it has them. A `.maplint.yml` that is a symbolic link is read only when
/// it leads to a file inside the repository. A `.maplint.yml` above the folders named that
/// someone else could have written (`untrusted`) is not used: a warning (`warnings`) says so.
package final class ConfigurationTree: @unchecked Sendable, Hashable {
    /// The command line's settings: lists added to every file's, single values replacing them.
    private let commandLine: LintConfiguration
    private let strict: Bool?
    private let lock = NSLock()
    /// The merged configuration files of a folder (absolute), without the command line.
    private var folders: [String: LintConfiguration] = [:]
    /// The final configuration of a file, by the path as given.
    private var files: [String: LintConfiguration] = [:]
    /// The same, by the folder part of the path as written (`folderWritten`).
    private var byFolderWritten: [String: LintConfiguration] = [:]
    private var errors: [Diagnostic] = []
    private var read: [String] = []
    private var notices: [Diagnostic] = []
    private let here: String
    /// The folders named on the command line (absolute); files in them and below are theirs.
    private let named: [String]
    /// Who may own a configuration file above them: this user, root, and the owners of the
    /// folders named (a checkout made by another user in a container).
    private let owners: Set<UInt32>

    /// - Parameters:
    ///   - commandLine: the rule settings and path patterns given as options.
    ///   - strict: `--strict` (true) or `--no-strict` (false), when given.
    ///   - paths: the paths named on the command line (the current folder when none).
    package init(commandLine: LintConfiguration, strict: Bool?, paths: [String] = []) {
        self.commandLine = commandLine
        self.strict = strict
        here = LintConfiguration.absolute(".")
        var named: [String] = []
        var owners: Set<UInt32> = [UInt32(geteuid()), 0]
        for path in paths.isEmpty ? ["."] : paths {
            var absolute = LintConfiguration.absolute(path)
            var info = stat()
            if stat(absolute, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
                absolute = (absolute as NSString).deletingLastPathComponent
                _ = stat(absolute, &info)
            }
            named.append(absolute)
            owners.insert(UInt32(info.st_uid))
        }
        self.named = named
        self.owners = owners
    }

    /// The warnings about configuration files not used since the last call, in the order met.
    package func takeWarnings() -> [Diagnostic] {
        lock.withLock {
            defer { notices = [] }
            return notices
        }
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
            // Files of one folder, as written, share one configuration, worked out once.
            let folderWritten = Self.folderWritten(path)
            if let folderWritten, let known = byFolderWritten[folderWritten] {
                files[path] = known
                return known
            }
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
            if let folderWritten { byFolderWritten[folderWritten] = configuration }
            return configuration
        }
    }

    /// The folder part of `path` as written (up to its last `/`), when its last part names an
    /// entry of that folder (not empty, `.` or `..`): then the configuration of `path` is that of
    /// every such path in the folder.
    private static func folderWritten(_ path: String) -> String? {
        let utf8 = path.utf8
        let slash = utf8.lastIndex(of: UInt8(ascii: "/"))
        let name = slash.map { utf8[utf8.index(after: $0)...] } ?? utf8[...]
        guard !name.isEmpty, !name.allSatisfy({ $0 == UInt8(ascii: ".") }) || name.count > 2 else { return nil }
        return slash.map { String(path[...$0]) } ?? ""
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

    /// Why a configuration file above the folders named may have been written by someone else,
    /// as git's `safe.directory` asks of a repository: it is owned by a user not in `owners`,
    /// anyone may write to it, or its folder lets anyone replace it (writable by all, without the
    /// sticky bit that `/tmp` has). nil when none of these holds.
    static func untrusted(_ file: String, folder: String, owners: Set<UInt32>) -> String? {
        var info = stat()
        guard stat(file, &info) == 0 else { return nil }
        if !owners.contains(UInt32(info.st_uid)) { return "is owned by another user (uid \(info.st_uid))" }
        if info.st_mode & 0o002 != 0 { return "anyone may write to it (mode \(octal(info.st_mode)))" }
        var parent = stat()
        if lstat(folder, &parent) == 0, parent.st_mode & 0o002 != 0, parent.st_mode & S_ISVTX == 0 {
            return
                "is in a folder anyone may write to, without the sticky bit (\(folder), mode \(octal(parent.st_mode)))"
        }
        return nil
    }

    private static func octal(_ mode: mode_t) -> String {
        let text = String(mode & 0o7777, radix: 8)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    /// The configuration file of one folder, if it has one; its errors are kept.
    private func readConfiguration(in folder: String, repositoryRoot root: inout String?) -> LintConfiguration? {
        let absolute = (folder as NSString).appendingPathComponent(LintConfiguration.fileName)
        var info = stat()
        guard lstat(absolute, &info) == 0 else { return nil }
        let shown = display(absolute)
        read.append(shown)
        if !named.contains(where: { FileTreeWalker.isInside(folder, $0) }),
            let reason = Self.untrusted(absolute, folder: folder, owners: owners)
        {
            notices.append(
                Diagnostic(
                    rule: .invalidConfiguration, severity: .warning,
                    message:
                        "this configuration file is above the folders named and \(reason), so it may not be the "
                        + "repository's: maplint does not use it; name it with --config to use it",
                    location: SourceLocation(file: shown, line: 1, column: 1)))
            return nil
        }
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
