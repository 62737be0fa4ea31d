import Foundation

// maplint-source-check: the checks of maplint's own sources that swift format does not make.
// No function-like body longer than `FunctionLengths.limit` lines, but the exceptions listed (with
// their reasons) in long-functions.txt; and no `package` declaration in `Sources/` that only its
// own target uses (`PackageAccess`), but those listed in package-access.txt.
//
//     maplint-source-check [--exceptions FILE] [--access-exceptions FILE] [--reading DIR] PATH…
//
// `--reading DIR` adds the files of DIR (the benchmarks) as users of the declarations only.
//
// Prints `path:line: function 'name' is N lines (limit 60)` for each long function,
// `path:line: 'name' is package, but no other target uses it: make it internal` for each such
// declaration, and a line for each stale exception; exits 1 when it printed anything.

var arguments = Array(CommandLine.arguments.dropFirst())
/// The value of `option FILE` among the arguments, taken out of them.
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...(index + 1)) }
    return arguments[index + 1]
}

let exceptionsFile = option("--exceptions")
let accessExceptionsFile = option("--access-exceptions")
let readingFolder = option("--reading")
guard !arguments.isEmpty, !arguments.contains(where: { $0.hasPrefix("-") }) else {
    FileHandle.standardError.write(
        Data("usage: maplint-source-check [--exceptions FILE] [--access-exceptions FILE] [--reading DIR] PATH…\n".utf8))
    exit(2)
}

/// The text of an exceptions file; exits 2 when it cannot be read.
func exceptionsText(_ file: String) -> String {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
        FileHandle.standardError.write(Data("maplint-source-check: cannot read \(file)\n".utf8))
        exit(2)
    }
    return text
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
    let (read, problems) = FunctionLengths.exceptions(in: exceptionsText(exceptionsFile), file: exceptionsFile)
    exceptions = read
    messages += problems
}
var accessExceptions: [AccessException] = []
if let accessExceptionsFile {
    let (read, problems) = PackageAccess.exceptions(
        in: exceptionsText(accessExceptionsFile), file: accessExceptionsFile)
    accessExceptions = read
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
var users: [(path: String, source: String)] = []
for file in readingFolder.map(swiftFiles) ?? [] {
    guard let source = try? String(contentsOfFile: file, encoding: .utf8) else {
        messages.append("\(file): cannot be read")
        continue
    }
    users.append((file, source))
}
messages += PackageAccess.check(
    files + users, exceptions: accessExceptions, exceptionsFile: accessExceptionsFile ?? "access exceptions")
for message in messages { print(message) }
exit(messages.isEmpty ? 0 : 1)
