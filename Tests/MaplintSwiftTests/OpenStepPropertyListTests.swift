import Foundation
import Testing

@testable import MaplintSwift

/// `project.pbxproj` read without Foundation (`OpenStepPropertyList`) gives the values
/// `PropertyListSerialization` gives; what it does not read plainly is left to Foundation.
@Suite struct OpenStepPropertyListTests {
    /// Whether two property list values are the same strings, arrays and dictionaries.
    static func same(_ left: Any, _ right: Any) -> Bool {
        if let left = left as? String, let right = right as? String { return left == right }
        if let left = left as? [Any], let right = right as? [Any] {
            return left.count == right.count && zip(left, right).allSatisfy { same($0, $1) }
        }
        if let left = left as? [String: Any], let right = right as? [String: Any] {
            return left.count == right.count
                && left.allSatisfy { key, value in right[key].map { same(value, $0) } ?? false }
        }
        return false
    }

    static func foundation(_ text: String) throws -> Any {
        try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
    }

    /// Every project of the fixture apps reads the same either way.
    @Test func fixtureProjectsReadAsFoundationReadsThem() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/apps")
        let projects = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix("project.pbxproj") }
        #expect(projects.count >= 5)
        for project in projects {
            let data = try Data(contentsOf: root.appendingPathComponent(project))
            let plain = try #require(OpenStepPropertyList.parse(Array(data)), "\(project)")
            let expected = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            #expect(Self.same(plain, expected), "\(project)")
        }
    }

    /// Quoted strings with escapes, comments of both kinds, unquoted paths, trailing commas,
    /// empty containers and text that is not ASCII.
    @Test(arguments: [
        #"{ a = "x\ny\t\"q\" \\ \'s\'"; b = 'single'; }"#,
        "// !$*UTF8*$!\n{\n\t/* c */ a = (1, 2, ); // end\n\tb = ( ); c = { }; }\n",
        #"{ path = "Écrans/Фид.swift"; name = Sources/App-1.0_$x:y.swift; u = "\U00e9\U263A"; }"#,
        "{ shellScript = \"line one\nline two\r\n\"; }",
        "( a, \"b c\", { d = e; } )",
    ])
    func readsAsFoundation(text: String) throws {
        let plain = try #require(OpenStepPropertyList.parse(Array(text.utf8)))
        #expect(Self.same(plain, try Self.foundation(text)))
    }

    /// Left to Foundation: data, octal escapes, a key given twice, unknown escapes, broken text,
    /// text after the value, nesting beyond `maxDepth`.
    @Test(arguments: [
        "{ a = <0fbd77>; }", #"{ a = "\101"; }"#, "{ a = b; a = c; }", #"{ a = "\q"; }"#, "{ a = b }",
        "{ a = \"b; }", "{ a = b; } x", "{ a = (b c); }", "/* open", "", "{ a = b; /* open }",
        String(repeating: "(", count: OpenStepPropertyList.maxDepth + 1)
            + String(repeating: ")", count: OpenStepPropertyList.maxDepth + 1),
    ])
    func leavesTheRestToFoundation(text: String) {
        #expect(OpenStepPropertyList.parse(Array(text.utf8)) == nil)
    }

    /// Invalid UTF-8 in a quoted string is left to Foundation too.
    @Test func invalidUTF8IsLeftToFoundation() {
        #expect(OpenStepPropertyList.parse(Array("{ a = \"".utf8) + [0xFF] + Array("\"; }".utf8)) == nil)
    }
}
