import Testing

@testable import MaplintCore

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
}
