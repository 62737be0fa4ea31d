#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read, in words a user can act on.
package struct FileReadError: Error, Hashable, Sendable {
    package var message: String
    /// The file's size, when it is over the limit it was read with.
    package var oversize: Int?

    package init(_ message: String, oversize: Int? = nil) {
        self.message = message
        self.oversize = oversize
    }
}

/// The largest file of each kind maplint reads, in bytes. A larger one is refused before it is
/// parsed, with "the file is N bytes, over the limit of L bytes" at the file. Each limit keeps the
/// parse of the largest file allowed well inside a 4 GiB address space (docs/limits-and-safety.md,
/// "Limits"), and far above what a real file of the kind holds.
package enum FileSizeLimit {
    /// Manifests and `--data` sample files (read from libyaml's events; measured up to this size).
    package static let manifest = 256 << 20
    /// `.maplint.yml` configuration files: a few rules, patterns and settings.
    package static let configuration = 1 << 20
    /// Baselines, read whole by a JSON parser that needs about twenty times the file's size.
    package static let baseline = 64 << 20
    /// Xibs and storyboards: a 64 MiB file of the smallest objects peaks at 1.8 GB.
    package static let interfaceBuilder = 64 << 20
    /// Xcode projects (`project.pbxproj`), read whole by the property list parser.
    package static let xcodeProject = 64 << 20
    /// Swift files (`SwiftNesting.maxFileSize`), `Podfile`, `Cartfile` and workspace files.
    package static let source = 8 << 20
}

/// Reads whole files for every reader in maplint (manifests, sample data, configuration,
/// baselines, Swift sources, Interface Builder files), with the same guarantees:
///
/// - only regular files are read: a folder, FIFO, socket or device is refused before it is
///   opened, so a FIFO cannot block the run and `/dev/zero` cannot fill the memory;
/// - the size is checked on the opened descriptor (after links are followed), and reading stops
///   one byte past the limit, so a file that grows while it is read is refused too;
/// - errors name the cause (no such file, a dangling link, permission denied, too large).
package enum FileReader {
    /// The bytes of the regular file at `path`, at most `limit` of them. `noun` names what the
    /// file should be in messages ("this is a folder, not a manifest file").
    package static func read(
        _ path: String, limit: Int, noun: String = "manifest file"
    ) -> Result<[UInt8], FileReadError> {
        var info = stat()
        if stat(path, &info) != 0 {
            return .failure(FileReadError(missingMessage(path, error: errno)))
        }
        if let problem = kindProblem(info.st_mode, noun: noun) { return .failure(FileReadError(problem)) }
        // O_NONBLOCK: should the file be swapped for a FIFO after the check, opening it cannot block.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        if descriptor < 0 {
            return .failure(FileReadError(openMessage(error: errno)))
        }
        defer { close(descriptor) }
        if fstat(descriptor, &info) != 0 {
            return .failure(FileReadError("the file cannot be read: \(describe(errno))"))
        }
        if let problem = kindProblem(info.st_mode, noun: noun) { return .failure(FileReadError(problem)) }
        FilesRead.record(FileIdentity(info), path: path)
        let size = Int(info.st_size)
        if size > limit { return .failure(FileReadError(tooLarge(size, limit: limit), oversize: size)) }
        // A regular file: reads do not block, but clear the flag so a short read is not EAGAIN.
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        var bytes = [UInt8](repeating: 0, count: min(size, limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                // The file grew past its size: read on, but never beyond the limit.
                if count > limit { return .failure(FileReadError(tooLarge(count, limit: limit), oversize: count)) }
                bytes.append(contentsOf: repeatElement(0, count: min(max(count, 4096), limit + 1 - count)))
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                readBytes(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return .failure(FileReadError("the file cannot be read: \(describe(errno))"))
            }
            if got == 0 { break }
            count += got
        }
        if count > limit { return .failure(FileReadError(tooLarge(count, limit: limit), oversize: count)) }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }

    /// What kind of file a mode is, when it is not a regular file; nil for a regular file.
    static func kindProblem(_ mode: mode_t, noun: String) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "this is a folder, not a \(noun)"
        default: return "this is \(kindName(mode)), not a regular file: maplint reads only regular files"
        }
    }

    /// "a FIFO (named pipe)", "a character device", ... for a mode that is not a regular file or folder.
    static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        case S_IFDIR: return "a folder"
        default: return "a special file"
        }
    }

    static func tooLarge(_ size: Int, limit: Int) -> String {
        "the file is \(size) bytes, over the limit of \(limit) bytes"
    }

    /// Why a path named on the command line cannot be used at all, or nil when it leads to
    /// something: "no such file or folder", a link to nothing, a folder on the way that may not be searched.
    package static func missingProblem(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) != 0 else { return nil }
        let error = errno
        if error == ENOENT, lstat(path, &info) != 0 { return "no such file or folder" }
        if error == ENOTDIR { return "no such file or folder (a part of the path is not a folder)" }
        return missingMessage(path, error: error)
    }

    /// Why `stat` failed: the file is missing, or it is a link to nothing.
    static func missingMessage(_ path: String, error: Int32) -> String {
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            if error == ELOOP { return "this is a symbolic link in a loop of links: there is no file to read" }
            let target = linkTarget(path).map { " to '\($0)'" } ?? ""
            return "this is a symbolic link\(target), which does not exist"
        }
        switch error {
        case ENOENT: return "no such file"
        case ENOTDIR: return "no such file (a part of the path is not a folder)"
        case EACCES: return "the file cannot be read: permission denied (on a folder of its path)"
        default: return "the file cannot be read: \(describe(error))"
        }
    }

    static func openMessage(error: Int32) -> String {
        error == EACCES ? "the file cannot be read: permission denied" : "the file cannot be read: \(describe(error))"
    }

    /// The target a symbolic link names, as written.
    package static func linkTarget(_ path: String) -> String? {
        var buffer = [Int8](repeating: 0, count: 4097)
        let length = readlink(path, &buffer, 4096)
        guard length >= 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The system's text for an errno value.
    package static func describe(_ error: Int32) -> String {
        guard let text = strerror(error) else { return "error \(error)" }
        return String(cString: text).lowercased()
    }
}

// `read` is shadowed by the method above inside the enum.
@inline(__always)
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
