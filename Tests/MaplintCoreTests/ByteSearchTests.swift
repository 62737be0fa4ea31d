import Testing

@testable import MaplintFindings
@testable import MaplintText

@Suite struct ByteSearchTests {
    @Test(arguments: [
        ("maplint:", true),
        ("# maplint: disable", true),
        ("a: b # maplint:", true),
        ("a: b # maplint", false), // cut short at the end
        ("mapl int:", false),
        ("pppp maplint: ", true), // the pivot letter before the marker
        ("", false),
        ("map", false), // shorter than the marker
        ("maplinx: maplint:", true), // a near miss first
    ])
    func findsTheMarkerAnywhere(_ text: String, _ found: Bool) {
        #expect(ByteSearch.contains("maplint:", pivot: 2, in: Array(text.utf8)) == found)
        // Any pivot gives the same answer.
        for pivot in 0..<8 { #expect(ByteSearch.contains("maplint:", pivot: pivot, in: Array(text.utf8)) == found) }
    }

    @Test func aDocumentsTextUsesItsLineStartsAndKeepsTheByteOrderMark() throws {
        for source in ["a: 1\nb: 2\r\nc: 3\rd: 4", "\u{FEFF}a: 1\nb: 2\n", "", "\n\n"] {
            let bytes = Array(source.utf8)
            let counted = SourceText(bytes)
            let reused = SourceText(bytes, lineStarts: SourceText.lineStarts(of: bytes))
            #expect(reused.lineStarts == counted.lineStarts)
        }
        #expect(SourceText(Array("\u{FEFF}a\nb".utf8)).lineStarts == [3, 5])
        #expect(SourceText.lineStarts(of: Array("a\r\nb\rc\n".utf8)) == [0, 3, 5, 7])
    }
}
