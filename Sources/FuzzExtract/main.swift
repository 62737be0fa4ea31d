import Dispatch
import MaplintConcurrency
import MaplintFindings
import MaplintRules
import MaplintSwift

// A libFuzzer target for extraction from Swift (`lint --swift`): whatever the code, the run ends
// with findings or positioned errors, never a signal or a stall. A first byte with its high bit
// clear takes the rest as a Swift file as it is (seeded from the fixtures' Swift files, mutated
// byte by byte); with it set, the bytes choose a generated screen whose registration sits after
// deep or long code of one kind (nested brackets, generic types, closures, string
// interpolations and `#if` blocks, `else if`, `try`, member, call and `&&` chains, a long
// inheritance chain) at a depth the bytes choose, around and past `SwiftNesting`'s limits.
// Each run is on a thread with the stack `maplint` gives its main work, as the command does.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExtract(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    StackWorker.shared.run { ExtractFuzz.run(bytes) }
    return 0
}

/// One thread with the stack `maplint` gives its main work, made once, that runs each input in
/// turn: a thread made for each input cost its setup and teardown every time (AddressSanitizer
/// maps the shadow of the whole 512 MiB stack again when a thread ends), and the run's memory
/// grew to 2 GB in 150 s.
final class StackWorker: @unchecked Sendable {
    static let shared = StackWorker()
    private let start = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var job: () -> Void = {}

    private init() {
        _ = OwnThread.start(stackSize: 512 << 20) { [self] in
            while true {
                start.wait()
                job()
                done.signal()
            }
        }
    }

    func run(_ body: @escaping () -> Void) {
        job = body
        start.signal()
        done.wait()
    }
}

enum ExtractFuzz {
    static let file = "Screen.swift"

    static func run(_ data: [UInt8]) {
        guard let first = data.first, first & 0x80 != 0 else {
            check(Array(data.dropFirst()), generated: false)
            return
        }
        check(generate(data), generated: true)
    }

    /// How many kinds of deep or long code `deep` makes.
    static let kinds = 13

    /// Deep or long code of one kind, `depth` deep.
    static func deep(_ kind: Int, _ depth: Int) -> String {
        switch kind {
        case 0:
            "let nested = " + String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        case 1:
            "let typed: " + String(repeating: "Array<", count: depth) + "Int" + String(repeating: ">", count: depth)
                + "? = nil"
        case 2:
            "let call = " + String(repeating: "f(", count: depth) + "0" + String(repeating: ")", count: depth)
        case 3:
            "let closure = " + String(repeating: "{ ", count: depth) + String(repeating: " }", count: depth)
        case 4:
            "let text = " + String(repeating: "\"\\(", count: depth) + "1" + String(repeating: ")\"", count: depth)
        case 5:
            (0..<depth).map { "#if FLAG\($0)" }.joined(separator: "\n") + "\nlet flagged = 1\n"
                + String(repeating: "#endif\n", count: depth)
        case 6:
            "func chosen(_ x: Int) -> Int {\n    if x == 0 { return 0 }"
                + (1..<max(depth, 2)).map { " else if x == \($0) { return \($0) }" }.joined() + " else { return -1 }\n}"
        case 7:
            "let tried = " + String(repeating: "try! ", count: depth) + "f(0)"
        case 8:
            "let member = value" + String(repeating: ".next", count: depth)
        case 9:
            "let chain = value" + String(repeating: ".map { $0 }", count: depth)
        case 10:
            "let both = " + (0..<max(depth, 1)).map { "flag\($0 % 10)" }.joined(separator: " && ")
        case 11:
            "class Level0: UITableViewCell {}\n"
                + (1..<max(depth, 2)).map { "class Level\($0): Level\($0 - 1) {}" }.joined(separator: "\n")
                + "\nfinal class DeepCell: Level\(max(depth, 2) - 1), ModelTransfer { func update(with model: Post) {} }"
        default:
            // A condition in the mapping closure that is a long member chain on the model.
            "extension Post { var next: Post { self } }\nlet deepCondition: (Post) -> Bool = { $0"
                + String(repeating: ".next", count: depth) + ".title.isEmpty }"
        }
    }

    /// A screen: the deep code, then a registration that must be extracted or explained.
    static func generate(_ data: [UInt8]) -> [UInt8] {
        var reader = data.dropFirst().makeIterator()
        let kind = Int(reader.next() ?? 0) % kinds
        let high = Int(reader.next() ?? 0)
        let low = Int(reader.next() ?? 0)
        // Up to 30,000: below, at and past the limits (1,000 brackets, 20,000 tree levels).
        let depth = 1 + ((high << 8) | low) % 30_000
        let placement = Int(reader.next() ?? 0)
        let deep = deep(kind, depth)
        var lines = ["import UIKit", ""]
        if placement & 1 == 0 { lines.append(deep) }
        lines += [
            "final class ScreenViewController: UIViewController, DTTableViewManageable {",
            "    func setUp() {",
            placement & 2 != 0 ? "        " + deep.replacingOccurrences("\n", "\n        ") : "",
            "        manager.register(PostCell.self) { mapping in mapping.condition = .section(0) }",
            "    }",
            "}",
            "final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }",
            "struct Post { var title: String }",
        ]
        if placement & 1 != 0 { lines.append(deep) }
        return Array(lines.joined(separator: placement & 4 != 0 ? "\r\n" : "\n").utf8)
    }

    static func check(_ bytes: [UInt8], generated: Bool) {
        let extraction = SwiftExtractor.extract(sources: [(file, bytes)])
        let result = SwiftExtractor.lint(extraction, sources: [file: bytes])
        // Every finding is in the file, at a line and column it has. A line ends at LF, CR LF or
        // a lone CR, as the Swift compiler counts lines.
        var lines = 1
        for (offset, byte) in bytes.enumerated()
        where byte == 0x0A || (byte == 0x0D && (offset + 1 == bytes.count || bytes[offset + 1] != 0x0A)) {
            lines += 1
        }
        for finding in result.diagnostics + extraction.notes.map(\.asDiagnostic) {
            let place = finding.location
            guard place.file == file, place.line >= 1, place.line <= lines + 1, place.column >= 1 else {
                fatalError("a finding outside the file: \(place) \(finding.message)")
            }
        }
        guard generated else { return }
        // The registration after the deep code is extracted, or the file is explained: an error
        // (it was not read) or a note (code that was not extracted).
        let registered = extraction.manifests.contains { manifest in
            manifest.entries.contains {
                if case .registration(let registration) = $0 { registration.view == "PostCell" } else { false }
            }
        }
        let explained = result.diagnostics.contains {
            $0.rule == UnsupportedSwiftRule.id || $0.rule == RuleID.invalidManifest
        }
        guard registered || explained else {
            fatalError(
                "the registration was dropped with no word:\n" + String(decoding: bytes.prefix(2_000), as: UTF8.self))
        }
    }
}

extension ExtractionNote {
    var asDiagnostic: Diagnostic {
        Diagnostic(rule: UnsupportedSwiftRule.id, severity: .note, message: message, location: location)
    }
}

extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
