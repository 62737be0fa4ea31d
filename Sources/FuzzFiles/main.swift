import MaplintFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A libFuzzer target for the file-system paths: the bytes are a small program that builds a
// tree of folders, files, links and FIFOs in a fresh temporary folder; then the folder search
// walks it and the writer writes into it. Any broken promise of docs/limits-and-safety.md traps:
// a file found twice or outside the tree, a special file returned, a write that lands outside
// the tree or through a link, an output file name that can leave its folder. The last two bytes
// choose a `--fix` case (FixWrites.swift).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFiles(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FilesFuzz.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

enum FilesFuzz {
    /// Names the program can give an entry: manifest, Swift and IB names, hidden and dot names,
    /// names with line breaks, and one that is not UTF-8.
    static let names: [[UInt8]] =
        [
            "a.maplint.yml", "b.maplint.json", ".maplint.yml", "C.swift", "Cell.xib", "d", "e", ".build", ".git",
            "..x", "sp ace.swift", "line\r\nbreak.maplint.yml", "x.maplint.yml.swift",
        ].map { Array($0.utf8) } + [[0xFF, 0xFE, 0x2E, 0x73, 0x77, 0x69, 0x66, 0x74]]

    /// Link targets: the usual escapes, a missing file, and (by index) the entries made so far.
    static let targets = [
        ".", "..", "../..", "/", "/dev/zero", "missing.maplint.yml", "../outside",
        "../outside/secret.maplint.yml", "loop", "self",
    ]

    static let sentinel = Array("sentinel".utf8)

    static func run(_ bytes: [UInt8]) {
        guard let base = makeTemporaryFolder() else { return }
        defer { removeTree(base) }
        let root = base + "/root"
        let outside = base + "/outside"
        mkdir(root, 0o755)
        mkdir(outside, 0o755)
        let secret = outside + "/secret.maplint.yml"
        guard writeFile(sentinel, to: secret) else { return }

        var folders = [root]
        var made: [String] = []
        var index = 0
        while index + 2 < bytes.count, made.count < 64 {
            let (op, a, b) = (bytes[index], Int(bytes[index + 1]), Int(bytes[index + 2]))
            index += 3
            let parent = folders[a % folders.count]
            let raw = names[b % names.count]
            let path = parent + "/" + String(decoding: raw, as: UTF8.self)
            let cPath = Array(parent.utf8) + [UInt8(ascii: "/")] + raw + [0]
            let done: Bool = cPath.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { name in
                    switch op % 5 {
                    case 0: return mkdir(name.baseAddress!, 0o755) == 0
                    case 1:
                        let descriptor = open(name.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644)
                        if descriptor >= 0 { close(descriptor) }
                        return descriptor >= 0
                    case 2:
                        let pick = (a ^ b) % (targets.count + made.count)
                        let target = pick < targets.count ? targets[pick] : made[pick - targets.count]
                        return symlink(target == "self" ? path : target, name.baseAddress!) == 0
                    case 3: return mkfifo(name.baseAddress!, 0o644) == 0
                    default:
                        // Unreadable folders only bite for a user who is not root; the walk must hold either way.
                        // Only a real folder inside the tree: chmod follows links, and a link may lead out of it.
                        var info = stat()
                        guard lstat(name.baseAddress!, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                            return false
                        }
                        return chmod(name.baseAddress!, 0) == 0
                    }
                }
            }
            if done, op % 5 != 4 {
                made.append(path)
                if op % 5 == 0 { folders.append(path) }
            }
        }

        checkSearch(root: root, outside: outside)
        checkWrites(bytes: bytes, root: root, made: made)
        checkFileNames(bytes)
        guard readFile(secret) == sentinel else { fatalError("a write changed a file outside the tree") }
        guard entries(outside) == ["secret.maplint.yml"] else { fatalError("a write created a file outside the tree") }
        checkFix(bytes)
    }

    /// Every file found is a regular file inside the tree, found once, with a name that matches.
    static func checkSearch(root: String, outside: String) {
        let walker = FileTreeWalker(skippedFolders: [".build", ".git"], noun: "manifest")
        let search = walker.search(roots: [root]) { $0.hasSuffix(".maplint.yml") || $0.hasSuffix(".swift") }
        guard let realRoot = FileTreeWalker.realPath(root) else { fatalError("the root vanished") }
        var seen: Set<String> = []
        for file in search.files {
            guard file.hasSuffix(".maplint.yml") || file.hasSuffix(".swift") else {
                fatalError("\(file) does not match")
            }
            guard let real = FileTreeWalker.realPath(file), real.hasPrefix(realRoot + "/") else {
                fatalError("\(file) is outside the tree")
            }
            guard seen.insert(real).inserted else { fatalError("\(real) was found twice") }
            var info = stat()
            guard stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { fatalError("\(file) is not regular") }
        }
        for problem in search.problems where problem.location.file.isEmpty {
            fatalError("a search problem has no place: \(problem.message)")
        }
    }

    /// The writer writes regular files in the tree, replaces links instead of writing through
    /// them, and refuses what it must (folders, FIFOs, links).
    static func checkWrites(bytes: [UInt8], root: String, made: [String]) {
        let writer = AtomicFileWriter()
        for (offset, path) in made.enumerated() where offset < bytes.count && bytes[offset] & 1 == 1 {
            var before = stat()
            let existed = lstat(path, &before) == 0
            let result = writer.write(sentinel + [UInt8(offset)], to: path)
            guard case .success = result else { continue }
            if existed {
                let kind = before.st_mode & S_IFMT
                guard kind == S_IFREG else { fatalError("the writer replaced \(path), which was not a regular file") }
            }
            var after = stat()
            guard lstat(path, &after) == 0, after.st_mode & S_IFMT == S_IFREG else {
                fatalError("the write to \(path) did not leave a regular file")
            }
        }
        // Nothing the writer made is left behind in the root.
        for name in entries(root) where name.hasPrefix(".maplint-") {
            fatalError("a temporary file was left behind: \(name)")
        }
    }

    /// An extracted manifest's file name stays in its folder, is not hidden and fits 255 bytes.
    static func checkFileNames(_ bytes: [UInt8]) {
        let name = ManifestFileName.make(String(decoding: bytes.prefix(600), as: UTF8.self))
        guard !name.contains("/"), !name.hasPrefix("."), name.utf8.count <= ManifestFileName.maxBytes,
            name.hasSuffix(ManifestFileName.suffix), !name.unicodeScalars.contains(where: { $0.value == 0 })
        else { fatalError("unsafe file name \(name)") }
    }

    // MARK: - Small file helpers (plain POSIX, so the target tests the library and nothing else)

    static func makeTemporaryFolder() -> String? {
        var template = Array("/tmp/maplint-fuzz-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
        return String(cString: made)
    }

    static func writeFile(_ bytes: [UInt8], to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count
    }

    static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count < 0 ? nil : Array(buffer.prefix(count))
    }

    static func entries(_ folder: String) -> [String] {
        rawEntries(Array(folder.utf8)).map { String(decoding: $0, as: UTF8.self) }.sorted()
    }

    static func rawEntries(_ folder: [UInt8]) -> [[UInt8]] {
        guard let handle = withCString(folder, { opendir($0) }) else { return [] }
        defer { closedir(handle) }
        var names: [[UInt8]] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E], name != [0x2E, 0x2E] { names.append(name) }
        }
        return names
    }

    /// Removes the tree without following links, making unreadable folders readable first.
    static func removeTree(_ path: String) { removeTree(Array(path.utf8)) }

    static func removeTree(_ path: [UInt8]) {
        var info = stat()
        guard withCString(path, { lstat($0, &info) }) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            _ = withCString(path) { chmod($0, 0o755) }
            for name in rawEntries(path) { removeTree(path + [UInt8(ascii: "/")] + name) }
            _ = withCString(path) { rmdir($0) }
        } else {
            _ = withCString(path) { unlink($0) }
        }
    }

    static func withCString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}
