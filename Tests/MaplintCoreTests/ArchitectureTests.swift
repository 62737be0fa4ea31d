import Foundation
import Testing

/// The stages of the core depend one way, and the compiler keeps them to it: each stage is a
/// target that depends on exactly the stages it may use. These tests keep the three places that
/// state the layers equal: the table of docs/architecture.md, the `stages` list of Package.swift
/// and the folders under Sources/. They also check the `import`s of each stage: SwiftPM lets a
/// target import any module built before it, so an import of a stage that is only a dependency
/// of a dependency would compile.
@Suite struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let sources = root.appendingPathComponent("Sources")

    /// One stage: its target and the targets it may use.
    struct Stage: Equatable, CustomStringConvertible {
        var name: String
        var mayUse: [String]
        var description: String { "\(name) may use \(mayUse)" }
    }

    /// The rows of a table in docs/architecture.md: the names in backticks of the first and last cells.
    static func documentedRows(under heading: String) throws -> [Stage] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        var rows: [Stage] = []
        var inSection = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inSection = line == "## \(heading)" }
            guard inSection, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4 else { continue }
            rows.append(
                Stage(name: names(in: cells[1]).joined(separator: ", "), mayUse: names(in: cells[cells.count - 2])))
        }
        return rows
    }

    /// The table under "## Targets of the core" in docs/architecture.md, in order.
    static func documentedStages() throws -> [Stage] { try documentedRows(under: "Targets of the core") }

    /// "`MaplintText`, `MaplintFindings`" → ["MaplintText", "MaplintFindings"]; "—" → [].
    static func names(in cell: String) -> [String] {
        cell.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
            .filter { !$0.isEmpty && $0 != "—" }
    }

    /// The `stages` list of Package.swift: `("MaplintText", []), ("MaplintFindings", ["MaplintText"]), …`.
    static func packageStages() throws -> [Stage] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        return stages(inPackage: text)
    }

    static func stages(inPackage text: String) -> [Stage] {
        guard let start = text.range(of: "let stages: [(name: String, uses: [String])] = [") else { return [] }
        let list = text[start.upperBound...]
        guard let end = list.range(of: "\n]\n") else { return [] }
        let body = list[..<end.lowerBound]
        let tuple = /\(\s*"(\w+)",\s*\[([^\]]*)\]\s*\)/
        return body.matches(of: tuple).map { match in
            let uses = match.output.2.matches(of: /"(\w+)"/).map { String($0.output.1) }
            return Stage(name: String(match.output.1), mayUse: uses)
        }
    }

    /// The modules of maplint a file imports (`import MaplintText`, `@testable import MaplintText`).
    static func maplintImports(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                words[..<index].allSatisfy({ $0.hasPrefix("@") }), words[index + 1].hasPrefix("Maplint")
            else { return nil }
            return String(words[index + 1])
        }
    }

    /// The Swift files of a target, path relative to Sources/ → text.
    static func files(of target: String) throws -> [(path: String, text: String)] {
        let base = sources.appendingPathComponent(target)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var files: [(path: String, text: String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            guard let start = url.path.range(of: "/Sources/", options: .backwards) else { continue }
            files.append((String(url.path[start.upperBound...]), try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Imports of a stage that its `mayUse` does not list.
    static func wrongImports(of stage: Stage, files: [(path: String, text: String)]) -> [String] {
        var problems: [String] = []
        let permitted = Set(stage.mayUse + [stage.name])
        for file in files {
            for module in maplintImports(in: file.text) where !permitted.contains(module) {
                problems.append("\(file.path): \(stage.name) imports \(module), which it may not use")
            }
        }
        return problems
    }

    @Test func theTableAndPackageSwiftAgree() throws {
        let documented = try Self.documentedStages()
        let package = try Self.packageStages()
        #expect(documented.count > 5, "no target table in docs/architecture.md")
        #expect(package.count > 5, "no stages list in Package.swift")
        #expect(
            documented == package,
            "docs/architecture.md and Package.swift differ:\n\(documented)\n\(package)")
    }

    @Test func theStagesAreInOrder() throws {
        var earlier: Set<String> = []
        for stage in try Self.packageStages() {
            for used in stage.mayUse {
                #expect(earlier.contains(used), "\(stage.name) may use \(used), which does not come before it")
            }
            #expect(stage.mayUse.count == Set(stage.mayUse).count, "\(stage.name) lists a stage twice")
            earlier.insert(stage.name)
        }
    }

    /// Each stage is the folder of its name under Sources/, and every folder there is a target one
    /// of the tables names.
    @Test func theFoldersAreTheTargets() throws {
        let stages = try Self.packageStages().map(\.name)
        for stage in stages {
            #expect(!(try Self.files(of: stage)).isEmpty, "no Swift files in Sources/\(stage)")
        }
        let others = try Self.documentedRows(under: "Other targets").flatMap { Self.names(in: $0.name) }
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter {
            !$0.hasPrefix(".")
        }
        let undocumented = Set(folders).subtracting(stages).subtracting(others)
        #expect(undocumented.isEmpty, "targets not in docs/architecture.md: \(undocumented.sorted())")
    }

    @Test func everyStageImportsOnlyTheStagesItMayUse() throws {
        var problems: [String] = []
        for stage in try Self.packageStages() {
            problems += Self.wrongImports(of: stage, files: try Self.files(of: stage.name))
        }
        #expect(problems.isEmpty, "imports against docs/architecture.md:\n\(problems.joined(separator: "\n"))")
    }

    /// The targets beside the stages whose imports are checked: their row of "Other targets" and
    /// their `dependencies` in Package.swift name the same maplint targets.
    static let frontEnds = ["MaplintSwift", "MaplintCLI"]

    /// The maplint targets a `.target(name: NAME, dependencies: [...])` of Package.swift lists.
    static func targetDependencies(of name: String, inPackage text: String) -> [String]? {
        guard let start = text.range(of: "name: \"\(name)\","),
            let list = text[start.upperBound...].range(of: "dependencies: [")
        else { return nil }
        let rest = text[list.upperBound...]
        guard let end = rest.firstIndex(of: "]") else { return nil }
        return rest[..<end].matches(of: /"(Maplint\w+)"/).map { String($0.output.1) }
    }

    @Test func theFrontEndsImportOnlyWhatTheyDependOn() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let documented = try Self.documentedRows(under: "Other targets")
        var problems: [String] = []
        for name in Self.frontEnds {
            let uses = try #require(Self.targetDependencies(of: name, inPackage: text), "no target \(name)")
            let row = documented.first { $0.name == name }
            #expect(
                Set(row?.mayUse.filter { $0.hasPrefix("Maplint") } ?? []) == Set(uses),
                "docs/architecture.md and Package.swift differ on \(name): \(row?.mayUse ?? []) vs \(uses)")
            let stage = Stage(name: name, mayUse: uses)
            let files = try Self.files(of: name)
            problems += Self.wrongImports(of: stage, files: files)
            let imported = Set(files.flatMap { Self.maplintImports(in: $0.text) })
            for unused in Set(uses).subtracting(imported).sorted() {
                problems.append("\(name) depends on \(unused) but no file of it imports it")
            }
        }
        #expect(problems.isEmpty, "imports against Package.swift:\n\(problems.joined(separator: "\n"))")
    }

    @Test func aTargetsDependenciesAreRead() {
        let text = """
            .target(
                name: "MaplintSwift",
                dependencies: [
                    "MaplintText", "MaplintYAML",
                    .product(name: "SwiftSyntax", package: "swift-syntax"),
                ],
            ),
            """
        #expect(Self.targetDependencies(of: "MaplintSwift", inPackage: text) == ["MaplintText", "MaplintYAML"])
        #expect(Self.targetDependencies(of: "MaplintCLI", inPackage: text) == nil)
    }

    @Test func aWrongImportIsFound() {
        let stage = Stage(name: "MaplintReport", mayUse: ["MaplintText", "MaplintAnalysis"])
        let files = [
            (path: "MaplintReport/A.swift", text: "import Foundation\nimport MaplintText\n\nstruct A {}\n"),
            (path: "MaplintReport/B.swift", text: "@testable import MaplintConcurrency\n// import MaplintLint\n"),
        ]
        #expect(
            Self.wrongImports(of: stage, files: files) == [
                "MaplintReport/B.swift: MaplintReport imports MaplintConcurrency, which it may not use"
            ])
    }

    @Test func theStagesListIsRead() {
        let text = """
            let stages: [(name: String, uses: [String])] = [
                ("MaplintText", []),
                (
                    "MaplintFindings",
                    ["MaplintText"]
                ),
            ]

            """
        #expect(
            Self.stages(inPackage: text) == [
                Stage(name: "MaplintText", mayUse: []), Stage(name: "MaplintFindings", mayUse: ["MaplintText"]),
            ])
    }
}
