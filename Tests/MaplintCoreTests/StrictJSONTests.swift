import Foundation
import Testing

@testable import MaplintYAML

/// `.json` manifests are checked as JSON before the YAML parser reads them.
@Suite struct StrictJSONTests {
    static func error(_ text: String) -> String? {
        StrictJSON.firstError(in: Array(text.utf8)).map { "\($0.line):\($0.column): \($0.message)" }
    }

    @Test func validJSONPasses() {
        let valid = [
            #"{"a": [1, -2, 0, 0.5, -0.25e10, 1E+3, 2e-2, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"]}"#,
            "[]", "{}", " \t\r\n{\r\n\"a\" :\n{ } }\n", "\u{FEFF}{}", "\"text\"", "12", "", "  \n",
            "{\"é\": \"ü\"}",
        ]
        for text in valid {
            #expect(Self.error(text) == nil, "\(text)")
        }
    }

    @Test func whatOnlyYAMLAcceptsIsPositioned() {
        let cases = [
            ("{\"a\": 1,}", "1:8: JSON syntax error: a comma before '}'; JSON allows no trailing comma"),
            ("[1,\n 2,\n]", "2:3: JSON syntax error: a comma before ']'; JSON allows no trailing comma"),
            ("{\"a\": 01}", "1:7: JSON syntax error: a number with a leading zero is not JSON"),
            ("{\"a\": .5}", "1:7: JSON syntax error: expected a value, found '.'"),
            ("{\"a\": 1.}", "1:7: JSON syntax error: a number needs a digit after '.'"),
            (
                "{\"a\": yes}",
                "1:7: JSON syntax error: 'yes' is not a JSON value: strings are in double quotes, and the only words are true, false and null"
            ),
            ("{\"a\" 1}", "1:6: JSON syntax error: expected ':' after the key, found '1'"),
            ("{\"a\": 1 \"b\": 2}", "1:9: JSON syntax error: expected ',' or '}' after the value, found '\"'"),
            ("{} {}", "1:4: JSON syntax error: '{' after the end of the JSON value; a file holds one value"),
            (
                "{\"a\": \"x\ty\"}",
                "1:9: JSON syntax error: a control character in a string (a line break, a tab); JSON writes it as an escape (\\n, \\t)"
            ),
            (
                "{\"é\": \"x\\q\"}",
                "1:9: JSON syntax error: an escape JSON has not; it has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u followed by four hexadecimal digits"
            ),
            ("[\"\\u12\"]", "1:3: JSON syntax error: '\\u' needs four hexadecimal digits"),
            ("[\"abc", "1:2: JSON syntax error: this string is not closed: the file ends before its '\"'"),
            ("---\n{}", "1:1: JSON syntax error: '-' starts a YAML list item or document marker, which JSON has not"),
            ("- a\n", "1:1: JSON syntax error: '-' starts a YAML list item or document marker, which JSON has not"),
            ("[1]]", "1:4: JSON syntax error: ']' after the end of the JSON value; a file holds one value"),
            ("{\"a\": [1}", "1:9: JSON syntax error: expected ',' or ']' after the value, found '}'"),
            ("# c\n{}", "1:1: JSON syntax error: a comment; JSON has no comments"),
            ("{\"a\": *x}", "1:7: JSON syntax error: '*' starts a YAML anchor, alias or tag, which JSON has not"),
            ("{\"a\": !!int 1}", "1:7: JSON syntax error: '!' starts a YAML anchor, alias or tag, which JSON has not"),
        ]
        for (text, expected) in cases {
            #expect(Self.error(text) == expected, "\(text)")
        }
    }

    /// One pass with a stack of its own: a million open lists cost no recursion.
    @Test func deepNestingIsLinear() {
        let depth = 1_000_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(Self.error(text) == nil)
        #expect(Self.error(String(repeating: "[", count: depth))?.hasPrefix("1:1000001: ") == true)
    }
}
