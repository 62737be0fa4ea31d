import Foundation
import Testing

/// The folders of MaplintCore depend one way: each file may use only the types of the folders
/// that docs/architecture.md allows for its folder. A token scan, not a compiler: comments and
/// string literals are skipped, and a name counts as a use of the folder that declares it at
/// the top level.
@Suite struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let sources = root.appendingPathComponent("Sources/MaplintCore")

    /// One row of the folder table: the folders of one stage and the folders they may use.
    struct Stage {
        var folders: [String]
        var mayUse: [String]
    }

    /// The table under "## Folders of MaplintCore" in docs/architecture.md, in order.
    static func documentedStages() throws -> [Stage] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        var stages: [Stage] = []
        var inSection = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inSection = line == "## Folders of MaplintCore" }
            guard inSection, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4 else { continue }
            stages.append(Stage(folders: names(in: cells[1]), mayUse: names(in: cells[3])))
        }
        return stages
    }

    /// "`Manifest`, `Condition`" → ["Manifest", "Condition"]; "—" → [].
    static func names(in cell: String) -> [String] {
        cell.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
            .filter { !$0.isEmpty && $0 != "—" }
    }

    /// A Swift file of MaplintCore: its folder and its code, comments and string literals blanked.
    struct SourceFile {
        var path: String
        var folder: String
        var lines: [String]
    }

    static func sourceFiles() throws -> [SourceFile] {
        let manager = FileManager.default
        guard let walker = manager.enumerator(at: sources, includingPropertiesForKeys: nil) else { return [] }
        var files: [SourceFile] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            guard let start = url.path.range(of: "Sources/MaplintCore/", options: .backwards) else { continue }
            let relative = url.path[start.upperBound...]
            guard let folder = relative.split(separator: "/").first, relative.contains("/") else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            files.append(
                SourceFile(path: "Sources/MaplintCore/\(relative)", folder: String(folder), lines: code(of: text)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The text with comments and string literals replaced by spaces (the code of string
    /// interpolations is kept), split into lines.
    static func code(of text: String) -> [String] {
        enum Mode {
            case code(parentheses: Int)
            case string(multiline: Bool, hashes: Int)
        }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var modes: [Mode] = [.code(parentheses: 0)]
        var index = 0
        func at(_ offset: Int) -> Unicode.Scalar? {
            scalars.indices.contains(index + offset) ? scalars[index + offset] : nil
        }
        func starts(_ text: String) -> Bool {
            text.unicodeScalars.enumerated().allSatisfy { at($0.offset) == $0.element }
        }
        func blank(_ count: Int) {
            for _ in 0..<count {
                guard index < scalars.count else { return }
                output.append(scalars[index] == "\n" ? "\n" : " ")
                index += 1
            }
        }
        while index < scalars.count {
            switch modes[modes.count - 1] {
            case .code(let parentheses):
                if starts("//") {
                    while index < scalars.count, scalars[index] != "\n" { blank(1) }
                } else if starts("/*") {
                    var depth = 0
                    repeat {
                        if starts("/*") {
                            depth += 1
                            blank(2)
                        } else if starts("*/") {
                            depth -= 1
                            blank(2)
                        } else {
                            blank(1)
                        }
                    } while depth > 0 && index < scalars.count
                } else if let quote = (0...8).first(where: { at($0) != "#" }), at(quote) == "\"" {
                    let multiline = starts(String(repeating: "#", count: quote) + "\"\"\"")
                    modes.append(.string(multiline: multiline, hashes: quote))
                    blank(quote + (multiline ? 3 : 1))
                } else if scalars[index] == "(" {
                    modes[modes.count - 1] = .code(parentheses: parentheses + 1)
                    output.append(scalars[index])
                    index += 1
                } else if scalars[index] == ")" && parentheses == 0 && modes.count > 1 {
                    modes.removeLast() // the end of an interpolation
                    blank(1)
                } else {
                    if scalars[index] == ")" { modes[modes.count - 1] = .code(parentheses: parentheses - 1) }
                    output.append(scalars[index])
                    index += 1
                }
            case .string(let multiline, let hashes):
                let marks = String(repeating: "#", count: hashes)
                if starts("\\" + marks + "(") {
                    modes.append(.code(parentheses: 0))
                    blank(hashes + 2)
                } else if starts("\\" + marks) {
                    blank(hashes + 2)
                } else if starts((multiline ? "\"\"\"" : "\"") + marks) {
                    modes.removeLast()
                    blank((multiline ? 3 : 1) + hashes)
                } else {
                    blank(1)
                }
            }
        }
        return String(output).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Capitalised identifiers not reached through a dot (`CollisionReport.Pair` uses `CollisionReport`).
    static func typeNames(in line: String) -> [String] {
        var names: [String] = []
        var current = ""
        var previous: Character = " "
        var afterDot = false
        for character in line + " " {
            if character.isLetter || character.isNumber || character == "_" {
                if current.isEmpty { afterDot = previous == "." }
                current.append(character)
            } else {
                if let first = current.first, first.isUppercase, !afterDot { names.append(current) }
                current = ""
            }
            previous = character
        }
        return names
    }

    static let declarationKeywords: Set<String> = [
        "struct", "enum", "class", "protocol", "actor", "typealias", "associatedtype",
    ]

    /// Names a line declares: types at any depth, and generic parameters (`Located<Value>`).
    static func declaredNames(in line: String) -> (topLevel: [String], any: [String]) {
        let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
        var declared: [String] = []
        for (position, word) in words.enumerated() where declarationKeywords.contains(word) {
            if position + 1 < words.count { declared.append(words[position + 1]) }
        }
        // Generic parameters right after a declared name: `struct Located<Value>`, `func first<T: P>(`.
        for keyword in ["func ", "struct ", "enum ", "class ", "actor ", "typealias ", "init"] {
            var rest = line[...]
            while let found = rest.range(of: keyword) {
                rest = rest[found.upperBound...]
                let name = rest.drop { $0 == " " }.drop { $0.isLetter || $0.isNumber || $0 == "_" }
                guard name.first == "<", let close = name.firstIndex(of: ">") else { continue }
                for parameter in name[name.index(after: name.startIndex)..<close].split(separator: ",") {
                    let generic = parameter.split(separator: ":").first?.trimmingCharacters(in: .whitespaces) ?? ""
                    if generic.first?.isUppercase == true { declared.append(generic) }
                }
            }
        }
        let isTopLevel = !(line.first?.isWhitespace ?? true)
        let isPrivate = line.hasPrefix("private ") || line.hasPrefix("fileprivate ")
        let topLevel = isTopLevel && !isPrivate ? declared.filter { !line.contains("<\($0)") } : []
        return (topLevel, declared)
    }

    /// Uses of another folder's types that the documented stages do not allow.
    static func wrongWayUses(in files: [SourceFile], stages: [Stage]) -> [String] {
        var owner: [String: String] = [:]
        var local: [String: Set<String>] = [:]
        for file in files {
            for line in file.lines {
                let names = declaredNames(in: line)
                for name in names.topLevel { owner[name] = file.folder }
                local[file.folder, default: []].formUnion(names.any)
            }
        }
        var allowed: [String: Set<String>] = [:]
        for stage in stages {
            for folder in stage.folders { allowed[folder] = Set(stage.mayUse + stage.folders) }
        }
        var problems: [String] = []
        for file in files {
            let permitted = allowed[file.folder] ?? []
            for (number, line) in file.lines.enumerated() {
                for name in Set(typeNames(in: line)).sorted() {
                    guard let folder = owner[name], folder != file.folder, !permitted.contains(folder),
                        !(local[file.folder]?.contains(name) ?? false)
                    else { continue }
                    problems.append("\(file.path):\(number + 1): \(file.folder) uses \(name) of \(folder)")
                }
            }
        }
        return problems
    }

    @Test func theStagesAreDocumentedInOrder() throws {
        let stages = try Self.documentedStages()
        #expect(stages.count > 5, "no folder table in docs/architecture.md")
        var earlier: Set<String> = []
        for stage in stages {
            for used in stage.mayUse {
                #expect(earlier.contains(used), "\(stage.folders) may use \(used), which does not come before it")
            }
            earlier.formUnion(stage.folders)
        }
        let folders = Set(try Self.sourceFiles().map(\.folder))
        #expect(folders == earlier, "folders not in docs/architecture.md: \(folders.subtracting(earlier).sorted())")
    }

    @Test func everyFolderUsesOnlyTheStagesItMayUse() throws {
        let problems = Self.wrongWayUses(in: try Self.sourceFiles(), stages: try Self.documentedStages())
        #expect(problems.isEmpty, "dependencies against docs/architecture.md:\n\(problems.joined(separator: "\n"))")
    }

    @Test func aWrongWayUseIsFound() {
        let support = SourceFile(path: "Support/A.swift", folder: "Support", lines: ["struct Finding {}"])
        let rules = SourceFile(
            path: "Rules/B.swift", folder: "Rules", lines: ["struct Check {", "    var finding: Finding", "}"])
        let report = SourceFile(
            path: "Report/C.swift", folder: "Report",
            lines: Self.code(of: "extension Finding {\n    // Check\n    var text: String { \"\\(Check())\" }\n}"))
        let stages = [
            Stage(folders: ["Support"], mayUse: []), Stage(folders: ["Rules"], mayUse: ["Support"]),
            Stage(folders: ["Report"], mayUse: ["Support"]),
        ]
        #expect(
            Self.wrongWayUses(in: [support, rules, report], stages: stages) == [
                "Report/C.swift:3: Report uses Check of Rules"
            ])
    }

    @Test func commentsAndStringsAreNotCode() {
        let lines = Self.code(
            of:
                "let a = \"Rules \\(Analyzer.x) end\" // Report\n/* Output\n */ let b = #\"Lint\"#\n\"\"\"\n  Solver\n  \"\"\""
        )
        #expect(lines.flatMap(Self.typeNames(in:)) == ["Analyzer"])
        #expect(lines.count == 6)
    }
}
