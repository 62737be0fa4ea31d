import Foundation

// maplint-source-check: the checks of maplint's own sources that swift format does not make.
// Today one: no function-like body longer than `FunctionLengths.limit` lines, but the exceptions
// listed (with their reasons) in long-functions.txt.
//
//     maplint-source-check [--exceptions FILE] PATH…
//
// Prints `path:line: function 'name' is N lines (limit 60)` for each long function, and a line
// for each stale exception; exits 1 when it printed anything.

var arguments = Array(CommandLine.arguments.dropFirst())
var exceptionsFile: String?
if let index = arguments.firstIndex(of: "--exceptions"), index + 1 < arguments.count {
    exceptionsFile = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
}
guard !arguments.isEmpty, !arguments.contains(where: { $0.hasPrefix("-") }) else {
    FileHandle.standardError.write(Data("usage: maplint-source-check [--exceptions FILE] PATH…\n".utf8))
    exit(2)
}

/// The Swift files at or under `path`, in path order.
func swiftFiles(_ path: String) -> [String] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
    guard isFolder.boolValue else { return [path] }
    let below = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
    let base = path.hasSuffix("/") ? path : path + "/"
    return below.filter { $0.hasSuffix(".swift") }.map { base + $0 }.sorted()
}

var messages: [String] = []
var exceptions: [LengthException] = []
if let exceptionsFile {
    guard let text = try? String(contentsOfFile: exceptionsFile, encoding: .utf8) else {
        FileHandle.standardError.write(Data("maplint-source-check: cannot read \(exceptionsFile)\n".utf8))
        exit(2)
    }
    let (read, problems) = FunctionLengths.exceptions(in: text, file: exceptionsFile)
    exceptions = read
    messages += problems
}
var files: [(path: String, source: String)] = []
for path in arguments {
    let found = swiftFiles(path)
    if found.isEmpty { messages.append("\(path): no Swift files") }
    for file in found {
        guard let source = try? String(contentsOfFile: file, encoding: .utf8) else {
            messages.append("\(file): cannot be read")
            continue
        }
        files.append((file, source))
    }
}
messages += FunctionLengths.check(files, exceptions: exceptions, exceptionsFile: exceptionsFile ?? "exceptions")
for message in messages { print(message) }
exit(messages.isEmpty ? 0 : 1)
