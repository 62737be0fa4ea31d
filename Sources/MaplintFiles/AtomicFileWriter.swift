#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file was not written.
package struct FileWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}

/// Writes every file maplint writes (`report --output`, `lint --output`, `--write-baseline`, `extract --output`,
/// `init`): the text goes to a new temporary file in the destination's folder, which is flushed
/// and then renamed over the destination. A reader sees the old file or the new one, never a
/// truncated one; an interrupted run leaves at most a `.maplint-*.tmp` file behind.
///
/// The rename replaces a symbolic link at the destination instead of writing through it, and
/// `refuseLinks` refuses a destination that is a link at all. `protected` files (the inputs of the
/// run) are never overwritten, whatever path names them.
package struct AtomicFileWriter: Sendable {
    /// Files that must not be replaced, such as the manifests the output is made from.
    package var protected: [String]
    /// Refuse a destination that is a symbolic link; otherwise the rename replaces the link. A
    /// dangling link is always refused.
    package var refuseLinks: Bool
    /// Refuse a destination that exists.
    package var refuseExisting: Bool
    /// Files the run read that this writer may still replace (the baseline `--write-baseline`
    /// updates); every other file the run read (`FilesRead`) is protected like `protected`.
    package var replaceable: [String] = []

    package init(protected: [String] = [], refuseLinks: Bool = true, refuseExisting: Bool = false) {
        self.protected = protected
        self.refuseLinks = refuseLinks
        self.refuseExisting = refuseExisting
    }

    package func write(_ text: String, to path: String) -> Result<Void, FileWriteError> {
        write(Array(text.utf8), to: path)
    }

    /// Writes `bytes` to `path`. With `replacing`, the file must hold exactly those bytes until
    /// the moment it is replaced: they are compared again, with its size, time and identity, after
    /// the new text is on disk and just before the rename, so a change saved meanwhile (by an
    /// editor, a formatter) is never lost. A replaced file keeps its mode, owner and group; a file
    /// whose owner or group cannot be kept, or that the user may not write, is not replaced.
    package func write(
        _ bytes: [UInt8], to path: String, replacing expected: [UInt8]? = nil
    ) -> Result<
        Void, FileWriteError
    > {
        // A fix replaces the file it was made from (`expected`): that input is the one written.
        if let problem = destinationProblem(path, readByRun: expected == nil) {
            return .failure(FileWriteError(problem))
        }
        var existing = stat()
        let exists = stat(path, &existing) == 0 && existing.st_mode & S_IFMT == S_IFREG
        if exists, access(path, W_OK) != 0 {
            return .failure(FileWriteError("you may not write it (\(FileReader.describe(errno)))"))
        }
        if let expected, !exists || !Self.holds(path, expected, identity: existing) {
            return .failure(FileWriteError(Self.changedMeanwhile))
        }
        let folder = Self.folder(of: path)
        var template = Array((folder == "/" ? "/" : folder + "/").utf8) + Array(".maplint-XXXXXX.tmp".utf8) + [0]
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                mkstemps($0, 4)
            }
        }
        if descriptor < 0 {
            let error = errno
            if let problem = Self.folderProblem(folder) { return .failure(FileWriteError(problem)) }
            return .failure(FileWriteError("cannot create a file in \(folder): \(FileReader.describe(error))"))
        }
        let temporary = String(decoding: template.dropLast(), as: UTF8.self)
        var failure = Self.writeAll(bytes, to: descriptor)
        let kept = Self.keepAttributes(descriptor, of: exists ? existing : nil, changingOwner: failure == nil)
        if failure == nil { failure = kept }
        if failure == nil, fsync(descriptor) != 0 { failure = FileReader.describe(errno) }
        if close(descriptor) != 0, failure == nil { failure = FileReader.describe(errno) }
        // The last look before the rename: the file still holds what the fixes were made on.
        if failure == nil, let expected, !Self.holds(path, expected, identity: existing) {
            failure = Self.changedMeanwhile
        }
        if failure == nil, rename(temporary, path) != 0 { failure = FileReader.describe(errno) }
        if let failure {
            unlink(temporary)
            return .failure(FileWriteError(failure))
        }
        return .success(())
    }

    /// Writes all of `bytes` to `descriptor`; why it failed, if it did.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                writeBytes(descriptor, buffer.baseAddress! + written, bytes.count - written)
            }
            if count < 0 {
                if errno != EINTR { return FileReader.describe(errno) }
            } else {
                written += count
            }
        }
        return nil
    }

    /// A replaced file (`existing`) keeps its owner, group and permissions (owner first: changing
    /// it may clear set-id bits); a new one gets the usual 0666 less the umask (mkstemps makes it
    /// 0600). The owner and group are changed only with `changingOwner`; why they cannot be kept,
    /// if they cannot.
    private static func keepAttributes(_ descriptor: Int32, of existing: stat?, changingOwner: Bool) -> String? {
        guard let existing else {
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o666 & ~mask)
            return nil
        }
        var failure: String?
        if changingOwner, existing.st_uid != geteuid() || existing.st_gid != getegid(),
            fchown(descriptor, existing.st_uid, existing.st_gid) != 0
        {
            failure =
                "maplint cannot keep its owner and group (\(existing.st_uid):\(existing.st_gid)) in a new copy "
                + "(\(FileReader.describe(errno))); fix it by hand, or run as its owner"
        }
        fchmod(descriptor, existing.st_mode & 0o7777)
        return failure
    }

    static let changedMeanwhile = "it changed on disk while maplint ran, so the fixes were not written; run --fix again"

    /// Whether the regular file at `path` is still the file `identity` describes (device, inode,
    /// size, modification time) and holds exactly `expected`.
    static func holds(_ path: String, _ expected: [UInt8], identity: stat) -> Bool {
        var now = stat()
        guard lstat(path, &now) == 0, now.st_mode & S_IFMT == S_IFREG, now.st_dev == identity.st_dev,
            now.st_ino == identity.st_ino, now.st_size == identity.st_size,
            modified(now) == modified(identity),
            case .success(let bytes) = FileReader.read(path, limit: expected.count + 1, noun: "file")
        else { return false }
        return bytes == expected
    }

    private static func modified(_ info: stat) -> [Int] {
        #if canImport(Darwin)
        [Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec)]
        #else
        [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
        #endif
    }

    /// Why `path` must not be written, or nil. `readByRun`: a file the run read (`FilesRead`) is
    /// refused too, unless it is `replaceable`.
    package func destinationProblem(_ path: String, readByRun: Bool = true) -> String? {
        var link = stat()
        guard lstat(path, &link) == 0 else {
            // A missing folder is reported by the write itself.
            return nil
        }
        if link.st_mode & S_IFMT == S_IFLNK {
            var target = stat()
            if refuseLinks || stat(path, &target) != 0 {
                return "it is a symbolic link\(FileReader.linkTarget(path).map { " (to '\($0)')" } ?? ""); "
                    + "maplint does not write through links: remove it or name another file"
            }
        }
        if refuseExisting { return "it already exists" }
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: return "it is a folder"
            default: return "it is \(FileReader.kindName(info.st_mode)), not a regular file"
            }
            for input in protected {
                var other = stat()
                if stat(input, &other) == 0, other.st_dev == info.st_dev, other.st_ino == info.st_ino {
                    return "it is an input of this run (\(input)); maplint does not overwrite its inputs"
                }
            }
            // Every file the run read (a project, a lock file, a Swift file) is an input too.
            let identity = FileIdentity(info)
            if readByRun, let input = FilesRead.path(of: identity),
                !replaceable.contains(where: { FileIdentity(path: $0) == identity })
            {
                return "it is an input of this run (\(input)); maplint does not overwrite its inputs"
            }
        }
        return nil
    }

    /// Why no file can be written in `folder` because of what its path holds: a part that is a
    /// symbolic link to nothing (writing there would create its target, through the link), a
    /// link in a loop, or a part that is not a folder. nil when each part that exists is a folder
    /// or a link to one; the parts that do not exist are created (`createFolder`) or reported by
    /// the write.
    static func folderProblem(_ folder: String) -> String? {
        var prefix = folder.hasPrefix("/") ? "/" : ""
        for component in folder.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            var link = stat()
            guard lstat(prefix, &link) == 0 else { return nil }
            var target = link
            if link.st_mode & S_IFMT == S_IFLNK {
                if stat(prefix, &target) != 0 {
                    if errno == ELOOP { return "'\(prefix)' is a symbolic link in a loop of links, not a folder" }
                    return
                        "'\(prefix)' is a symbolic link\(FileReader.linkTarget(prefix).map { " to '\($0)'" } ?? ""), "
                        + "which does not exist; maplint does not write through links: remove it or name another folder"
                }
            }
            if target.st_mode & S_IFMT != S_IFDIR {
                let kind = target.st_mode & S_IFMT == S_IFREG ? "a file" : FileReader.kindName(target.st_mode)
                return
                    "'\(prefix)' is \(link.st_mode & S_IFMT == S_IFLNK ? "a symbolic link to " : "")\(kind), not a folder"
            }
        }
        return nil
    }

    /// Creates `folder` and the missing folders above it (as `mkdir -p`), unless `folderProblem`
    /// finds a reason not to; a link to an existing folder is used as that folder.
    package static func createFolder(_ folder: String) -> Result<Void, FileWriteError> {
        if let problem = folderProblem(folder) { return .failure(FileWriteError(problem)) }
        var prefix = folder.hasPrefix("/") ? "/" : ""
        for component in folder.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            var info = stat()
            if stat(prefix, &info) == 0 { continue }
            if mkdir(prefix, 0o777) != 0, errno != EEXIST {
                return .failure(FileWriteError("cannot create '\(prefix)': \(FileReader.describe(errno))"))
            }
        }
        return .success(())
    }

    /// The folder a path is in, "." for a bare name.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }
}

// `write` is shadowed by the methods above inside the struct.
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
