import MaplintFindings

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a folder search found: the files, and what it could not look at. A problem is an
/// `invalid-manifest` error at the path concerned, so a run with one cannot end "clean".
package struct FileSearch: Sendable {
    package var files: [String] = []
    package var problems: [Diagnostic] = []

    package init(files: [String] = [], problems: [Diagnostic] = []) {
        self.files = files
        self.problems = problems
    }
}

/// Which file a path names: its device and inode, with links followed. Two spellings of one
/// file (`t.maplint.yml` and `./t.maplint.yml`, a link and its target, a folder's file and the
/// file named alone) have one identity.
package struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// The identity of the file at `path`; nil when there is none (a missing file, a dangling link).
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }
}

/// The paths of a run, each file kept once: a path is new unless an earlier one named the same
/// file (by `FileIdentity`), so the first spelling is the one kept. A path with no file behind it
/// is compared by its spelling, so that loading it reports the problem once, at that name.
package struct DistinctFiles: Sendable {
    private var identities: Set<FileIdentity> = []
    private var spellings: Set<String> = []

    package init() {}

    /// Whether `path` names a file not seen yet; it is then remembered.
    package mutating func insert(_ path: String) -> Bool {
        if let identity = FileIdentity(path: path) { return identities.insert(identity).inserted }
        return spellings.insert(path).inserted
    }
}

/// Walks folder trees for every folder search in maplint (manifests, `--resources`, Swift sources).
///
/// - Each real folder and file is visited once, keyed by device and inode, so links to `.` or
///   `..` cannot make the walk loop or repeat files.
/// - Symbolic links are followed only while their target stays inside the trees being searched;
///   a link out of them is reported and not followed, unless `followLinks` is set.
/// - Only regular files are returned. A FIFO, socket or device with a matching name, a dangling
///   link with a matching name, a folder that cannot be read and a name that is not UTF-8 are
///   problems, never skipped in silence.
package struct FileTreeWalker {
    /// Folders never searched: build products and version control.
    package var skippedFolders: Set<String>
    package var followLinks: Bool
    /// What the files are, for messages ("manifest", "Swift file").
    package var noun: String

    package init(skippedFolders: Set<String>, followLinks: Bool = false, noun: String) {
        self.skippedFolders = skippedFolders
        self.followLinks = followLinks
        self.noun = noun
    }

    /// The files under `roots` (each a folder) whose names match, sorted, and the problems met.
    /// Links may lead anywhere inside `roots` and `within` (the other trees named in the same run).
    package func search(roots: [String], within: [String] = [], matching matches: (String) -> Bool) -> FileSearch {
        var result = FileSearch()
        var visited: Set<FileIdentity> = []
        let realRoots = (roots + within).compactMap(Self.realPath)
        for root in roots {
            var pending = [root]
            var info = stat()
            if stat(root, &info) == 0 { visited.insert(FileIdentity(info)) }
            // Depth first; each folder's entries are pushed in reverse so files come out sorted by the final sort.
            while let folder = pending.popLast() {
                guard let names = entries(of: folder, problems: &result.problems) else { continue }
                for raw in names {
                    guard let name = String(validating: raw, as: UTF8.self) else {
                        if let problem = undecodableName(raw, in: folder, matches: matches) {
                            result.problems.append(problem)
                        }
                        continue
                    }
                    let path = Self.join(folder, name)
                    guard
                        let target = target(
                            of: path, name: name, realRoots: realRoots, matches: matches, problems: &result.problems)
                    else { continue }
                    switch target.st_mode & S_IFMT {
                    case S_IFDIR:
                        if !skippedFolders.contains(name), visited.insert(FileIdentity(target)).inserted {
                            pending.append(path)
                        }
                    case S_IFREG:
                        if matches(name), visited.insert(FileIdentity(target)).inserted { result.files.append(path) }
                    default:
                        if matches(name) {
                            result.problems.append(
                                problem(
                                    "this is \(FileReader.kindName(target.st_mode)), not a regular file: "
                                        + "maplint reads only regular files", at: path))
                        }
                    }
                }
            }
        }
        result.files.sort()
        return result
    }

    /// The problem of an entry of `folder` whose name is not UTF-8, when it is a folder or its
    /// name (decoded with replacements) matches.
    private func undecodableName(_ raw: [UInt8], in folder: String, matches: (String) -> Bool) -> Diagnostic? {
        var child = stat()
        let isFolder = stat(Self.join(folder, raw), &child) == 0 && child.st_mode & S_IFMT == S_IFDIR
        guard isFolder || matches(String(decoding: raw, as: UTF8.self)) else { return nil }
        return problem(
            "the name of this \(isFolder ? "folder" : "file") is not valid UTF-8, so maplint "
                + "cannot name it in its output and does not read it; rename it",
            at: Self.join(folder, Self.escaped(raw)))
    }

    /// What is at `path`, through a symbolic link; nil when there is nothing, or the link is
    /// dangling or leads out of the folders searched (with a problem when the entry matters).
    private func target(
        of path: String, name: String, realRoots: [String], matches: (String) -> Bool, problems: inout [Diagnostic]
    ) -> stat? {
        var link = stat()
        guard lstat(path, &link) == 0 else {
            // Gone since the folder was listed: nothing to check. Any other failure is a part of
            // the tree that is not checked, and says so.
            if errno != ENOENT { problems.append(unreachable(path, error: errno)) }
            return nil
        }
        guard link.st_mode & S_IFMT == S_IFLNK else { return link }
        var target = link
        if stat(path, &target) != 0 {
            let error = errno
            if matches(name) {
                problems.append(
                    problem(
                        error == ELOOP
                            ? "this is a symbolic link in a loop of links: there is no \(noun) to read"
                            : "this is a symbolic link"
                                + (FileReader.linkTarget(path).map { " to '\($0)'" } ?? "")
                                + ", which does not exist", at: path))
            }
            return nil
        }
        let kind = target.st_mode & S_IFMT
        let relevant = kind == S_IFDIR ? !skippedFolders.contains(name) : matches(name)
        if relevant, !followLinks {
            let real = Self.realPath(path) ?? path
            if !realRoots.contains(where: { Self.isInside(real, $0) }) {
                problems.append(
                    problem(
                        "this symbolic link leads out of the folders searched (to '\(real)'), so "
                            + "maplint does not follow it; name its target instead, or pass --follow-links",
                        at: path))
                return nil
            }
        }
        return target
    }

    /// The problem of an entry that cannot be looked at: a path longer than the system allows
    /// (`PATH_MAX`, a tree thousands of folders deep), or a folder that may be listed but not entered.
    private func unreachable(_ path: String, error: Int32) -> Diagnostic {
        if error == ENAMETOOLONG {
            return problem(
                "this path is \(path.utf8.count) bytes long, over the system's limit of \(Int(PATH_MAX)) bytes "
                    + "(PATH_MAX), so maplint cannot open it: the \(noun)s at or under it are not checked", at: path)
        }
        return problem(
            "this entry cannot be looked at (\(FileReader.describe(error))), so the \(noun)s at or under it are not "
                + "checked", at: path)
    }

    private func problem(_ message: String, at path: String) -> Diagnostic {
        .invalidManifest(message, at: SourceLocation(file: path, line: 1, column: 1))
    }

    /// The raw names in a folder, sorted by bytes; nil (with a problem) when it cannot be read.
    private func entries(of folder: String, problems: inout [Diagnostic]) -> [[UInt8]]? {
        guard let directory = opendir(folder) else {
            let error = errno
            let reason = error == EACCES ? "permission denied" : FileReader.describe(error)
            problems.append(
                problem("this folder cannot be read (\(reason)), so the \(noun)s in it are not checked", at: folder))
            return nil
        }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
                Array(buffer.prefix { $0 != 0 })
            }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append(name)
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
    }

    private static func join(_ folder: String, _ name: [UInt8]) -> [CChar] {
        let prefix: [UInt8] = folder == "." ? [] : Array(folder.utf8) + (folder.hasSuffix("/") ? [] : [0x2F])
        return (prefix + name).map { CChar(bitPattern: $0) } + [0]
    }

    /// A name with its bytes that are not UTF-8 written as `\xFF`.
    static func escaped(_ raw: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < raw.count {
            var matched = false
            for length in (1...4).reversed() where index + length <= raw.count {
                if let piece = String(validating: raw[index..<(index + length)], as: UTF8.self) {
                    text += piece
                    index += length
                    matched = true
                    break
                }
            }
            if !matched {
                let hex = String(raw[index], radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" : "") + hex
                index += 1
            }
        }
        return text
    }

    /// The absolute path with every link resolved, or nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is `root` or below it (both absolute, links resolved).
    package static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || root == "/" || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}
