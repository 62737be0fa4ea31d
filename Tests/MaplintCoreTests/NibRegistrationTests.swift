import Testing

@testable import MaplintFindings
@testable import MaplintManifest
@testable import MaplintResolver
@testable import MaplintRules

/// `registerNibNamed(_:for:)` of a cell: DT 6 and 7 register the nib under the identifier with no dequeue
/// probe (TableViewFactory.swift, registerNibNamed(_:forCellClass:mappingBlock:), 6.6.0 and 7.2.0), so a
/// table keeps the *last* registration; from 8 it calls `register(_:mapping:)` (DTTableViewManager+Deprecated.swift,
/// registerNibNamed(_:for:mapping:), 8.0.1 and 11.0.1), an ordinary registration.
@Suite struct NibRegistrationTests {
    private func load(_ version: String, _ extra: String) -> ManifestLoadResult {
        ManifestLoader.load(
            bytes: Array(
                """
                version: 1
                host: tableView
                libraryVersion: "\(version)"
                registrations:
                  - cell: PostCell
                    model: Int
                  - cell: CompactPostCell
                    model: String
                    reuseIdentifier: PostCell
                \(extra)
                """.utf8), file: "m.maplint.yml")
    }

    @Test func inDT7ARegisterNibNamedCellReplacesAnEarlierRegistrationOnATable() throws {
        let manifest = try #require(load("7.2.0", "    xib: Compact\n    registerNibNamed: true").manifest)
        let table = ReuseIdentifierTable(manifest: manifest)
        #expect(table.groups.map(\.winner) == [1])
        #expect(table.dequeuedFrom(0) == 1)
        // Without it the table keeps the first registration.
        let plain = try #require(load("7.2.0", "    xib: Compact").manifest)
        #expect(ReuseIdentifierTable(manifest: plain).groups.map(\.winner) == [0])
    }

    @Test func theKeyIsAnErrorFrom8AndNeedsANamedXib() {
        #expect(
            load("8.0.1", "    xib: Compact\n    registerNibNamed: true").diagnostics.map(\.message) == [
                "'registerNibNamed' describes DTTableViewManager and DTCollectionViewManager 6 and 7: from 8, "
                    + "registerNibNamed(_:for:) calls register(_:mapping:) and is an ordinary registration; remove it"
            ])
        #expect(
            load("6", "    registerNibNamed: true").diagnostics.map(\.message) == [
                "'registerNibNamed' registers a named xib: add 'xib: Name' (the name passed to registerNibNamed)"
            ])
    }

    /// `xib: Name` without `registerNibNamed: true` is `mapping.xibName = "Name"` in the mapping closure of
    /// `register`. DT 6 and 7 never read it: `registerCellClass` registers `T.self`, then
    /// `registerNibNamed(String(describing: T.self), …)` when a xib named after the class exists
    /// (TableViewFactory.swift, registerCellClass, 6.6.0 and 7.2.0); from 8 it registers `mapping.xibName`
    /// (TableViewFactory.swift, registerCellClass, 8.0.1).
    @Test func dt6And7IgnoreAXibNameSetInTheMappingClosure() throws {
        func findings(_ version: String, _ extra: String, xibs: [String]? = nil) throws -> [Diagnostic] {
            let manifest = try #require(load(version, extra).manifest)
            return Analyzer.analyze(manifest, resources: xibs.map { EffectiveViewSourceTests.resources(xibs: $0) })
                .filter { $0.rule == IgnoredXibNameRule.id }
        }
        let found = try findings("7.2.0", "    xib: Compact")
        #expect(
            found.map(\.explanation) == [
                "CompactPostCell (entry 1, line 7): DTTableViewManager 7 ignores `xib: Compact` (`mapping.xibName` in "
                    + "the mapping closure of register): Compact.xib is never loaded and the class CompactPostCell is "
                    + "registered instead, then CompactPostCell.xib if the app has one: without it the cell is created "
                    + "in code and its outlets stay nil, a crash where it reads an implicitly unwrapped one; if the app "
                    + "calls registerNibNamed(\"Compact\", for: CompactPostCell.self), add `registerNibNamed: true`, "
                    + "otherwise register it that way"
            ])
        #expect(found.first?.severity == .error)
        #expect(found.first?.location == SourceLocation(file: "m.maplint.yml", line: 10, column: 10))
        // With the resources: which view is registered instead.
        #expect(
            try findings("6.6.0", "    xib: Compact", xibs: ["Compact", "CompactPostCell"]).first?.explanation
                .contains("CompactPostCell.xib, named after the class, is registered instead") == true)
        #expect(
            try findings("6", "    xib: Compact", xibs: ["Compact"]).first?.explanation
                .contains(
                    "the class CompactPostCell is registered instead (no CompactPostCell.xib under the resources)")
                == true)
        // registerNibNamed registers the named xib; from 8 register reads xibName; the class name is the default.
        #expect(try findings("7.2.0", "    xib: Compact\n    registerNibNamed: true").isEmpty)
        #expect(try findings("8.0.1", "    xib: Compact").isEmpty)
        #expect(try findings("7.2.0", "    xib: CompactPostCell").isEmpty)
        #expect(try findings("7.2.0", "    xib: Compact\n    storyboard: true").isEmpty)
    }
}
