import MaplintConcurrency
import MaplintManifest
import SwiftParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The floor for extraction from Swift: read every `.swift` file under a folder and parse it with
// SwiftParser, keeping nothing (each tree is dropped once made). No extraction built on
// swift-syntax can do less, so `maplint lint --swift` is measured against it, on one thread
// (`--threads 1`) and on as many as maplint uses.
//
// usage: maplint-bench-parse [--threads N] FOLDER

/// The `.swift` files under `folder`, sorted, with no link followed.
func swiftFiles(in folder: String) -> [String] {
    var found: [String] = []
    var pending = [folder]
    while let current = pending.popLast() {
        guard let directory = opendir(current) else { continue }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = current + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                pending.append(path)
            } else if status.st_mode & S_IFMT == S_IFREG, name.hasSuffix(".swift") {
                found.append(path)
            }
        }
    }
    return found.sorted()
}

/// The tokens of each file's tree (so the parse cannot be optimised away), -1 for a file that
/// cannot be read. Not in the top-level code, whose closures belong to the main actor.
func parse(_ files: [String], threads: Int) -> [Int] {
    ParallelWork.map(files.count, threads: threads) { index -> Int in
        guard case .success(let bytes) = ManifestLoader.readFile(files[index], noun: "Swift file") else { return -1 }
        let tree = Parser.parse(source: String(decoding: bytes, as: UTF8.self))
        return tree.tokens(viewMode: .sourceAccurate).reduce(0) { count, _ in count + 1 }
    }
}

func complain(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

var arguments = Array(CommandLine.arguments.dropFirst())
var threads = ParallelWork.defaultThreads
if arguments.first == "--threads", arguments.count >= 2, let count = Int(arguments[1]), count > 0 {
    threads = count
    arguments.removeFirst(2)
}
guard arguments.count == 1 else {
    complain("usage: maplint-bench-parse [--threads N] FOLDER")
    exit(64)
}
let files = swiftFiles(in: arguments[0])
let tokens = parse(files, threads: threads)
if tokens.contains(-1) {
    complain("maplint-bench-parse: a file could not be read")
    exit(2)
}
print("\(files.count) files, \(tokens.reduce(0, +)) tokens")
