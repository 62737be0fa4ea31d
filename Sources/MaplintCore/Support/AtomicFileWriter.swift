#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file was not written.
public struct FileWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Writes every file maplint writes (`report --output`, `--write-baseline`, `extract --output`,
/// `init`): the text goes to a new temporary file in the destination's folder, which is flushed
/// and then renamed over the destination. A reader sees the old file or the new one, never a
/// truncated one; an interrupted run leaves at most a `.maplint-*.tmp` file behind.
///
/// The rename replaces a symbolic link at the destination instead of writing through it, and
/// `refuseLinks` refuses a destination that is a link at all. `protected` files (the inputs of the
/// run) are never overwritten, whatever path names them.
public struct AtomicFileWriter: Sendable {
    /// Files that must not be replaced, such as the manifests the output is made from.
    public var protected: [String]
    /// Refuse a destination that is a symbolic link; otherwise the rename replaces the link. A
    /// dangling link is always refused.
    public var refuseLinks: Bool
    /// Refuse a destination that exists.
    public var refuseExisting: Bool

    public init(protected: [String] = [], refuseLinks: Bool = true, refuseExisting: Bool = false) {
        self.protected = protected
        self.refuseLinks = refuseLinks
        self.refuseExisting = refuseExisting
    }

    public func write(_ text: String, to path: String) -> Result<Void, FileWriteError> {
        write(Array(text.utf8), to: path)
    }

    public func write(_ bytes: [UInt8], to path: String) -> Result<Void, FileWriteError> {
        if let problem = destinationProblem(path) { return .failure(FileWriteError(problem)) }
        let folder = Self.folder(of: path)
        var template = Array((folder == "/" ? "/" : folder + "/").utf8) + Array(".maplint-XXXXXX.tmp".utf8) + [0]
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                mkstemps($0, 4)
            }
        }
        if descriptor < 0 {
            return .failure(FileWriteError("cannot create a file in \(folder): \(FileReader.describe(errno))"))
        }
        let temporary = String(decoding: template.dropLast(), as: UTF8.self)
        var failure: String?
        var written = 0
        while written < bytes.count, failure == nil {
            let count = bytes.withUnsafeBytes { buffer in
                writeBytes(descriptor, buffer.baseAddress! + written, bytes.count - written)
            }
            if count < 0 {
                if errno != EINTR { failure = FileReader.describe(errno) }
            } else {
                written += count
            }
        }
        // A replaced file keeps its permissions; a new one gets the usual 0666 less the umask
        // (mkstemps makes it 0600).
        var existing = stat()
        if stat(path, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG {
            fchmod(descriptor, existing.st_mode & 0o7777)
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o666 & ~mask)
        }
        if failure == nil, fsync(descriptor) != 0 { failure = FileReader.describe(errno) }
        if close(descriptor) != 0, failure == nil { failure = FileReader.describe(errno) }
        if failure == nil, rename(temporary, path) != 0 { failure = FileReader.describe(errno) }
        if let failure {
            unlink(temporary)
            return .failure(FileWriteError(failure))
        }
        return .success(())
    }

    /// Why `path` must not be written, or nil.
    public func destinationProblem(_ path: String) -> String? {
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
        }
        return nil
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
