import Foundation
import Testing

@testable import MaplintFindings
@testable import MaplintOutput
@testable import MaplintText

/// No output format carries a raw control character from the user's files: the text formats
/// write them as `\u{1B}`, the structured ones with their own escapes.
@Suite struct ControlCharacterTests {
    /// ESC, BEL, tab, DEL, NEL, CSI (C1), the line separator and a bidirectional override.
    static let hostile = "a\u{1B}[31mb\u{7}c\td\u{7F}e\u{85}f\u{9B}g\u{2028}h\u{202E}i"

    static func carriesRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028
                || $0.value == 0x2029 || (0x202A...0x202E).contains($0.value)
        }
    }

    @Test func terminalTextEscapesEveryControlCharacter() {
        #expect(
            OutputEscaping.terminal(Self.hostile)
                == #"a\u{1B}[31mb\u{7}c\td\u{7F}e\u{85}f\u{9B}g\u{2028}h\u{202E}i"#)
        #expect(OutputEscaping.terminal("plain → text") == "plain → text")
    }

    @Test func jsonEscapesC0DelC1AndLineSeparators() throws {
        let quoted = JSONValue.quoted(Self.hostile + "→…")
        #expect(quoted == #""a\u001b[31mb\u0007c\td\u007fe\u0085f\u009bg\u2028h"# + "\u{202E}i→…\"")
        // Long runs go through the eight-byte scan; the escapes are found there too.
        let long = String(repeating: "abcdefgh", count: 3) + "\u{85}" + String(repeating: "→", count: 5) + "\u{2029}"
        #expect(
            JSONValue.quoted(long) == "\"" + String(repeating: "abcdefgh", count: 3) + #"\u0085"#
                + String(repeating: "→", count: 5) + #"\u2029""#)
        #expect(
            try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: .fragmentsAllowed) as? String
                == Self.hostile + "→…")
    }

    @Test func xmlWritesC1ControlsAsReferences() {
        let escaped = XML.escape(Self.hostile)
        #expect(!Self.carriesRawControls(escaped.replacingOccurrences(of: "\u{202E}", with: "")))
        #expect(escaped.contains("&#x85;") && escaped.contains("&#x9B;") && escaped.contains("&#x2028;"))
    }

    @Test func csvCellsEscapeControlCharacters() {
        let field = OutputEscaping.csvField(Self.hostile)
        #expect(!Self.carriesRawControls(field.replacingOccurrences(of: "\t", with: "")))
        #expect(field == #"a\u{1B}[31mb\u{7}c"# + "\t" + #"d\u{7F}e\u{85}f\u{9B}g\u{2028}h\u{202E}i"#)
    }

    @Test func theTextFormatterEscapesNamesAndKeepsItsOwnColour() {
        let diagnostic = Diagnostic.invalidManifest(
            "unknown model type '\(Self.hostile)'",
            at: SourceLocation(file: "x\u{1B}]0;title\u{7}.yml", line: 1, column: 1))
        let plain = FindingsTextFormatter(colour: false).line(diagnostic)
        #expect(!Self.carriesRawControls(plain))
        let coloured = FindingsTextFormatter(colour: true).line(diagnostic)
        #expect(coloured.hasPrefix("\u{1B}[1mx\\u{1B}]0;title\\u{7}.yml:1:1\u{1B}[0m: \u{1B}[1;31merror\u{1B}[0m: "))
    }
}
