import MaplintFiles
import MaplintManifest
import Testing

@testable import MaplintSwift

/// Odd, broken and large input: extraction reports problems and notes, never crashes, and what it
/// writes still loads.
@Suite struct RobustnessTests {
    private let cell = "\nclass ACell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }\n"

    @Test func noInput() {
        let result = SwiftExtractor.extract(sources: [])
        #expect(result.manifests.isEmpty)
        #expect(result.notes.isEmpty)
        #expect(result.problems.isEmpty)
        #expect(result.files.isEmpty)
    }

    @Test func anEmptyFile() {
        let result = extract("")
        #expect(result.manifests.isEmpty)
        #expect(result.notes.isEmpty)
        #expect(result.problems.isEmpty)
        #expect(result.files == ["Sources/Feed.swift"])
    }

    @Test func aFileWithoutManagers() {
        let result = extract(
            """
            import UIKit

            final class SettingsViewController: UITableViewController {
                override func viewDidLoad() {
                    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
                }
            }
            struct Post { var likes = 0 }
            """)
        #expect(result.manifests.isEmpty)
        #expect(result.notes.isEmpty)
        #expect(result.problems.isEmpty)
    }

    @Test func invalidUTF8IsAProblemAndTheOtherFilesAreStillRead() throws {
        let good = Array(
            "final class F: DTTableViewManageable { func viewDidLoad() { manager.register(ACell.self) } }\(cell)".utf8)
        let result = SwiftExtractor.extract(sources: [
            (path: "Sources/Broken.swift", bytes: [0x63, 0x6C, 0x61, 0x73, 0x73, 0x20, 0xFF, 0xFE, 0x0A]),
            (path: "Sources/Good.swift", bytes: good),
        ])
        #expect(result.problems.count == 1)
        let problem = try #require(result.problems.first)
        #expect(problem.message == "the file is not UTF-8 text")
        #expect(problem.location == at(1, 1, file: "Sources/Broken.swift"))
        #expect(problem.severity == .error)
        #expect(result.files == ["Sources/Good.swift"])
        let manifest = try onlyManifest(result)
        #expect(registrations(manifest).count == 1)
        // lint --swift reports the problem as an error on the file.
        let lint = SwiftExtractor.lint(result)
        #expect(lint.diagnostics.contains { $0.location.file == "Sources/Broken.swift" && $0.severity == .error })
    }

    @Test func aTruncatedMultiByteCharacterIsInvalidToo() {
        let result = SwiftExtractor.extract(sources: [
            (path: "Sources/Cut.swift", bytes: Array("let a = \"é".utf8).dropLast())
        ])
        #expect(result.problems.map(\.message) == ["the file is not UTF-8 text"])
        #expect(result.manifests.isEmpty)
    }

    @Test func aNulByteOrAByteOrderMarkDoesNotStopExtraction() throws {
        let withNul = extract(
            "final class F: DTTableViewManageable { func viewDidLoad() { manager.register(ACell.self) } }\u{0}\(cell)")
        #expect(withNul.problems.isEmpty)
        #expect(registrations(try onlyManifest(withNul)).count == 1)
        let withBOM = extract(
            "\u{FEFF}final class F: DTTableViewManageable { func viewDidLoad() { manager.register(ACell.self) } }\(cell)"
        )
        let manifest = try onlyManifest(withBOM)
        #expect(registrations(manifest).count == 1)
    }

    @Test func threeHundredNestedIfsDoNotCrash() throws {
        let depth = 300
        let body =
            String(repeating: "if true {\n", count: depth) + "manager.register(ACell.self)\n"
            + String(repeating: "}\n", count: depth)
        let result = extract("final class F: DTTableViewManageable {\nfunc viewDidLoad() {\n\(body)}\n}\(cell)")
        // Beyond the parser's nesting limit the file has a syntax error; below it, the call is in
        // an `if`. Either way it is reported, never extracted as if it always ran.
        let notes = result.notes + result.manifests.flatMap(\.notes)
        #expect(!notes.isEmpty)
        #expect(result.manifests.allSatisfy { registrations($0).isEmpty })
        for manifest in result.manifests { expectLoadsCleanly(manifest) }
    }

    @Test func threeHundredNestedClosuresDoNotCrash() throws {
        let depth = 300
        let body =
            String(repeating: "manager.register(ACell.self) { m in\n", count: depth)
            + String(repeating: "}\n", count: depth)
        let result = extract("final class F: DTTableViewManageable {\nfunc viewDidLoad() {\n\(body)}\n}\(cell)")
        let notes = result.notes + result.manifests.flatMap(\.notes)
        #expect(!notes.isEmpty)
        for manifest in result.manifests { expectLoadsCleanly(manifest) }
    }

    @Test func deeplyNestedConditionsDoNotCrash() throws {
        let depth = 300
        let condition = String(repeating: "(", count: depth) + "model > 1" + String(repeating: ")", count: depth)
        let result = extract(
            "final class F: DTTableViewManageable {\nfunc viewDidLoad() {\nmanager.register(ACell.self) { $0.condition = $0.modelCondition { _, model in \(condition) } }\n}\n}\(cell)"
        )
        for manifest in result.manifests { expectLoadsCleanly(manifest) }
        #expect(!(result.notes + result.manifests.flatMap(\.notes)).isEmpty)
    }

    @Test func nestingWithinTheParsersLimitIsReadAsAnIf() throws {
        let depth = 8
        var body = ""
        for level in 0..<depth { body += String(repeating: " ", count: level) + "if level\(level) {\n" }
        body += String(repeating: " ", count: depth) + "manager.register(ACell.self)\n"
        for level in (0..<depth).reversed() { body += String(repeating: " ", count: level) + "}\n" }
        body += "manager.register(ACell.self)\n"
        let result = extract("final class F: DTTableViewManageable {\nfunc viewDidLoad() {\n\(body)}\n}\(cell)")
        #expect(result.notes.isEmpty)
        let manifest = try onlyManifest(result)
        #expect(registrations(manifest).map(\.location) == [at(3 + 2 * depth + 1, 1)])
        #expect(
            describe(manifest.notes) == [
                "\(3 + depth):\(depth + 1) `manager.register(ACell.self)` inside `if` is not extracted: it may or may not run, so it is not checked"
            ])
    }

    @Test func twoThousandRegistrations() throws {
        let count = 2_000
        var body = ""
        for section in 0..<count {
            body += "        manager.register(ACell.self) { $0.condition = .section(\(section)) }\n"
        }
        let result = extract(
            "final class F: UIViewController, DTTableViewManageable {\n    override func viewDidLoad() {\n\(body)    }\n}\(cell)"
        )
        let manifest = try onlyManifest(result)
        let all = registrations(manifest)
        #expect(all.count == count)
        #expect(manifest.notes.isEmpty)
        #expect(all.first?.location == at(3, 9))
        #expect(all.last?.location == at(count + 2, 9))
        if case .section(let section, _)? = all.last?.condition {
            #expect(section == count - 1)
        } else {
            Issue.record("the last condition is \(String(describing: all.last?.condition))")
        }
        let text = yaml(manifest)
        #expect(text.components(separatedBy: "\n  - cell: ACell").count == count + 1)
    }

    @Test func columnsCountUnicodeScalars() throws {
        let result = extract(
            """
            final class F: DTTableViewManageable {
                func viewDidLoad() {
                    /* ünï 🎉 */ manager.register(ACell.self)
                }
            }
            """ + cell)
        let manifest = try onlyManifest(result)
        // 8 spaces, then 11 scalars of comment (the emoji is one) and a space.
        #expect(registrations(manifest).map(\.location) == [at(3, 21)])
    }

    @Test func windowsLineEndings() throws {
        let source =
            "final class F: DTTableViewManageable {\r\n    func viewDidLoad() {\r\n        manager.register(ACell.self)\r\n    }\r\n}\r\n"
            + "class ACell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }\r\n"
        let manifest = try onlyManifest(extract(source))
        #expect(manifest.location == at(1, 13))
        #expect(registrations(manifest).map(\.location) == [at(3, 9)])
        #expect(registrations(manifest).map(\.modelLocation) == [at(6, 71)])
    }

    @Test func namesAndStringsThatNeedQuotingStillLoad() throws {
        let result = extract(
            #"""
            final class G: DTCollectionViewManageable {
                func viewDidLoad() {
                    manager.registerSupplementary(BadgeView.self, ofKind: "badge: big # 1")
                    manager.registerSupplementary(BadgeView.self, ofKind: "line\nbreak\t\"quoted\"")
                    manager.registerSupplementary(BadgeView.self, ofKind: "null")
                    manager.registerSupplementary(BadgeView.self, ofKind: "ünïcödé")
                    manager.register(CountCell.self) { $0.reuseIdentifier = "- [x]: {y}" }
                }
            }
            class BadgeView: UICollectionReusableView, ModelTransfer { func update(with model: Post) {} }
            class CountCell: UICollectionViewCell, ModelTransfer { func update(with model: Int) {} }
            struct Post {
                var null: Bool
                var y: Int
                var `true`: String
                var `default`: State
            }
            enum State { case `default`, other }
            """#)
        let manifest = try onlyManifest(result)
        #expect(
            registrations(manifest).map(\.element) == [
                .supplementary("badge: big # 1"), .supplementary("line\nbreak\t\"quoted\""), .supplementary("null"),
                .supplementary("ünïcödé"), .cell,
            ])
        #expect(
            plainYAML(manifest) == #"""
                version: 1
                host: collectionView
                models:
                  Post:
                    kind: struct
                    properties:
                      "null": Bool
                      "y": Int
                      "true": String
                      default: State
                  State:
                    kind: enum
                    cases: [default, other]
                registrations:
                  - supplementary: BadgeView
                    kind: "badge: big # 1"
                    model: Post
                  - supplementary: BadgeView
                    kind: "line\nbreak\t\"quoted\""
                    model: Post
                  - supplementary: BadgeView
                    kind: "null"
                    model: Post
                  - supplementary: BadgeView
                    kind: "ünïcödé"
                    model: Post
                  - cell: CountCell
                    model: Int
                    reuseIdentifier: "- [x]: {y}"
                """#)
        // The loaded manifest has the same kinds and identifier.
        let loadedManifest = ManifestLoader.load(bytes: Array(yaml(manifest).utf8), file: "x.maplint.yml").manifest
        let loaded = try #require(loadedManifest)
        #expect(
            loaded.registrations.map(\.viewType.customKind) == [
                "badge: big # 1", "line\nbreak\t\"quoted\"", "null", "ünïcödé", nil,
            ])
        #expect(loaded.registrations.last?.reuseIdentifier.value == "- [x]: {y}")
    }

    @Test func placesAreRelativeToTheManifestsFolder() throws {
        #expect(FilePaths.relative("Sources/Feed.swift", from: ".") == "Sources/Feed.swift")
        #expect(FilePaths.relative("Sources/Feed.swift", from: "Manifests") == "../Sources/Feed.swift")
        #expect(FilePaths.relative("/a/b/c.swift", from: "/a/d/e") == "../../b/c.swift")
        #expect(FilePaths.relative("/a/b", from: "/a/b") == ".")
        let result = extract(
            "final class F: DTTableViewManageable { func viewDidLoad() { manager.register(ACell.self) } }" + cell)
        let text = ManifestWriter(folder: "Manifests").text(of: try onlyManifest(result))
        #expect(text.contains("version: 1  # swift: ../Sources/Feed.swift:1:13\n"))
    }
}
