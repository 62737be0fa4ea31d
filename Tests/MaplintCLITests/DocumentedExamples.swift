import Foundation

/// The examples of the README and docs/ that run: fenced blocks whose language is `console`.
///
/// In such a block each line that starts with `$ ` is a command, and the lines after it, up to
/// the next command, are exactly what it prints (the standard output and the standard error, as a
/// terminal shows them):
///
/// - `$ maplint ARGUMENTS` runs the built maplint; arguments are split as a shell does (quotes,
///   no variables or globs).
/// - `$ cd FOLDER` changes the folder of the commands after it; `$ cd FOLDER && maplint …` too.
///   Each block starts at the repository's root, in a copy of `Fixtures/` and `Schema/`, so a
///   command that writes files (`--fix`, `--output`) leaves the repository as it is.
/// - A line that is only `…` stands for any number of lines, and `…` within a line for any
///   text: the parts of an output that vary (timings, absolute paths) or that the page leaves out.
/// - A last line `(exit status N)` is the status the command must end with; without it the
///   status is not checked.
///
/// Examples that cannot run here (installing, Xcode, other tools) go in blocks of another
/// language (`sh`, `text`); a line starting with `$ maplint` in any other block is a mistake.
struct DocumentedExample: Equatable {
    enum Step: Equatable {
        case changeFolder(String)
        case maplint([String])
    }

    /// The page, relative to the repository's root, and the line of the command.
    var file: String
    /// The line of the block's opening fence: the examples of a block share a copy of the files.
    var block: Int
    var line: Int
    var command: String
    var steps: [Step]
    /// The folder a step runs in, relative to the block's root, before its `cd`.
    var folder: String
    var expected: [String]
    /// The line of the first expected output line (the line after the command).
    var expectedLine: Int
    var status: Int32?
}

enum DocumentedExamples {
    static let statusPrefix = "(exit status "
    static let elision = "…"

    /// The examples of `text`, a Markdown page, and the problems of its blocks (a command that is
    /// not supported, `$ maplint` outside a console block), each naming its file and line.
    static func parse(_ text: String, file: String) -> (examples: [DocumentedExample], problems: [String]) {
        var examples: [DocumentedExample] = []
        var problems: [String] = []
        let lines = text.components(separatedBy: "\n")
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("```") else {
                index += 1
                continue
            }
            let indent = line.count - trimmed.count
            let fence = String(trimmed.prefix { $0 == "`" })
            let language = trimmed.dropFirst(fence.count).trimmingCharacters(in: .whitespaces)
            var body: [(line: Int, text: String)] = []
            let fenceLine = index + 1
            index += 1
            while index < lines.count {
                let bodyLine = lines[index]
                if bodyLine.drop(while: { $0 == " " }).hasPrefix(fence),
                    bodyLine.trimmingCharacters(in: .whitespaces) == fence
                {
                    break
                }
                body.append((index + 1, String(bodyLine.dropFirst(min(indent, bodyLine.prefix { $0 == " " }.count)))))
                index += 1
            }
            index += 1
            if language == "console" {
                let parsed = parseConsole(body, file: file, block: fenceLine)
                examples += parsed.examples
                problems += parsed.problems
            } else {
                for (number, text) in body where text.hasPrefix("$ maplint") || text.hasPrefix("$ cd ") {
                    problems.append(
                        "\(file):\(number): a command in a ```\(language) block is not checked; "
                            + "put it in a ```console block (see DocumentedExamples) or drop the `$ `")
                }
            }
        }
        return (examples, problems)
    }

    private static func parseConsole(
        _ body: [(line: Int, text: String)], file: String, block: Int
    ) -> (
        examples: [DocumentedExample], problems: [String]
    ) {
        var examples: [DocumentedExample] = []
        var problems: [String] = []
        var folder = "."
        var current: DocumentedExample?
        func finish() {
            guard var example = current else { return }
            while example.expected.last == "" { example.expected.removeLast() }
            if let last = example.expected.last, last.hasPrefix(statusPrefix), last.hasSuffix(")"),
                let status = Int32(last.dropFirst(statusPrefix.count).dropLast())
            {
                example.status = status
                example.expected.removeLast()
            }
            examples.append(example)
            for step in example.steps {
                if case .changeFolder(let target) = step { folder = join(folder, target) }
            }
            current = nil
        }
        for (number, text) in body {
            guard text.hasPrefix("$ ") else {
                if current != nil {
                    current?.expected.append(text)
                } else if !text.isEmpty {
                    problems.append("\(file):\(number): output before any command in a ```console block")
                }
                continue
            }
            finish()
            let command = String(text.dropFirst(2))
            var steps: [DocumentedExample.Step] = []
            for part in command.components(separatedBy: " && ") {
                let words = shellWords(part)
                if words.count == 2, words[0] == "cd" {
                    steps.append(.changeFolder(words[1]))
                } else if words.first == "maplint" {
                    steps.append(.maplint(Array(words.dropFirst())))
                } else {
                    problems.append(
                        "\(file):\(number): `\(part)` is neither `maplint …` nor `cd FOLDER`; "
                            + "a ```console block runs only those")
                    steps = []
                    break
                }
            }
            current = DocumentedExample(
                file: file, block: block, line: number, command: command, steps: steps, folder: folder, expected: [],
                expectedLine: number + 1, status: nil)
        }
        finish()
        return (examples, problems)
    }

    /// `a/b` joined with `..`, `.` or a relative path.
    static func join(_ folder: String, _ path: String) -> String {
        var parts = folder == "." ? [] : folder.split(separator: "/").map(String.init)
        for part in path.split(separator: "/") {
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
            } else if part != "." {
                parts.append(String(part))
            }
        }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Splits a command line as a shell does: spaces separate words, quotes group them.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// Nil when `actual` is what `example` documents, else why not, naming the page and line.
    static func mismatch(_ example: DocumentedExample, output: String, status: Int32) -> String? {
        var actual = output.components(separatedBy: "\n")
        if actual.last == "" { actual.removeLast() }
        var problems: [String] = []
        if let failedAt = firstMismatch(expected: example.expected, actual: actual) {
            problems.append(
                "\(example.file):\(example.expectedLine + failedAt): the output of `\(example.command)` "
                    + "(line \(example.line)) differs from the page from this line on.\n"
                    + "documented:\n\(example.expected.joined(separator: "\n"))\n"
                    + "printed:\n\(actual.joined(separator: "\n"))")
        }
        if let expected = example.status, expected != status {
            problems.append(
                "\(example.file):\(example.expectedLine + example.expected.count): `\(example.command)` "
                    + "(line \(example.line)) ended with status \(status), not \(expected)")
        }
        return problems.isEmpty ? nil : problems.joined(separator: "\n")
    }

    /// Nil when `expected` (with its elisions) matches `actual`, else the index of the expected
    /// line where the furthest attempt to match failed.
    static func firstMismatch(expected: [String], actual: [String]) -> Int? {
        var failed: Set<Int> = [] // (i, j) pairs known not to match, as i * (actual.count + 1) + j
        var furthest = 0
        func matches(_ i: Int, _ j: Int) -> Bool {
            furthest = max(furthest, i)
            if i == expected.count { return j == actual.count }
            let key = i * (actual.count + 1) + j
            if failed.contains(key) { return false }
            let result: Bool
            if expected[i] == elision {
                result = (j...actual.count).contains { matches(i + 1, $0) }
            } else {
                result = j < actual.count && lineMatches(expected[i], actual[j]) && matches(i + 1, j + 1)
            }
            if !result { failed.insert(key) }
            return result
        }
        return matches(0, 0) ? nil : min(furthest, max(expected.count - 1, 0))
    }

    /// Whether `line` is `pattern`, each `…` of the pattern standing for any text.
    static func lineMatches(_ pattern: String, _ line: String) -> Bool {
        let pieces = pattern.components(separatedBy: elision)
        if pieces.count == 1 { return pattern == line }
        guard line.hasPrefix(pieces[0]) else { return false }
        var rest = line.dropFirst(pieces[0].count)
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        let last = pieces[pieces.count - 1]
        return rest.count >= last.count && rest.hasSuffix(last)
    }
}
