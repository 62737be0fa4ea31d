import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import MaplintSwift

/// `SwiftShapes.trimmedText` reads a node's text from its bytes instead of making a trimmed copy
/// of the node; it must give what swift-syntax's `trimmedDescription` gives, for every node.
@Suite struct TrimmedTextTests {
    /// Every node of every Swift file under Fixtures, and of texts with what trivia can hold at
    /// the edges of a node: comments, CRLF and CR line breaks, missing and unexpected tokens.
    @Test func everyNodeReadsAsItsTrimmedDescription() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Fixtures"
        ).standardizedFileURL
        var texts: [String] = [
            "let x = /* a */ [1, 2] // b\r\nfunc f() {\r  g( )\r}\r\n",
            "class A: B { func f( { manager.register(Cell.self) { $0.condition = } }",
            "\u{FEFF}  #if DEBUG\n  let a = 1\n  #else\n  let a = 2 /// doc\n  #endif\n",
            "manager.register(PostCell.self) { mapping in mapping.reuseIdentifier = \"a\u{2028}b\" } ;;; )",
        ]
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        for file in files.sorted() where file.hasSuffix(".swift") {
            texts.append(try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8))
        }
        #expect(texts.count > 40)
        var nodes = 0
        var mismatches: [String] = []
        for text in texts {
            let tree = Parser.parse(source: text)
            var pending: [Syntax] = [Syntax(tree)]
            while let node = pending.popLast() {
                nodes += 1
                if SwiftShapes.trimmedText(node) != node.trimmedDescription, mismatches.count < 5 {
                    mismatches.append("\(node.kind): \(node.trimmedDescription.debugDescription)")
                }
                pending.append(contentsOf: node.children(viewMode: .all))
            }
        }
        #expect(nodes > 10_000)
        #expect(mismatches.isEmpty)
    }
}
