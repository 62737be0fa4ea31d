import Testing

@testable import MaplintSwift

/// Registration spellings whose mapping closure the library never calls at some versions: what the closure
/// sets is not extracted, and a note at the call names the spelling and what was dropped.
@Suite struct DroppedMappingClosureTests {
    static let tableSource = tableScreen(
        """
                manager.registerNibNamed("BigPostCell", for: PostCell.self) { mapping in
                    mapping.reuseIdentifier = "big"
                    mapping.condition = .section(1)
                    mapping.didSelect { _, _, _ in }
                }
                manager.registerNibNamed("PostCell", for: PostCell.self, mapping: configure)
        """)

    /// From 8.0 `registerNibNamed(_:for:mapping:)` calls `register(T.self, mapping: { $0.xibName = nibName })`
    /// and never the caller's closure (DTTableViewManager+Deprecated.swift, `registerNibNamed(_:for:mapping:)`,
    /// 8.0.0, 8.0.1, 10.0.0, 11.0.1).
    @Test func tableRegisterNibNamedDropsItsMappingClosureFromEight() throws {
        for (version, major) in [("8.0.1", 8), ("10.0.0", 10), ("11.0.1", 11)] {
            let manifest = try onlyManifest(extract(Self.tableSource, version: version))
            #expect(
                registrationsYAML(manifest) == """
                    registrations:
                      - cell: PostCell
                        model: Post
                        xib: "BigPostCell"
                      - cell: PostCell
                        model: Post
                        xib: "PostCell"
                    """, "\(version)")
            #expect(
                describe(manifest.notes) == [
                    "3:9 DTTableViewManager \(major)'s `registerNibNamed(_:for:mapping:)` never calls its mapping "
                        + "closure, so the reuse identifier \"big\", the condition and the event `didSelect` are not "
                        + "extracted",
                    "8:9 DTTableViewManager \(major)'s `registerNibNamed(_:for:mapping:)` never calls its mapping "
                        + "closure, so nothing in it is extracted",
                ], "\(version)")
        }
    }

    /// Before 8.0 `registerNibNamed(_:for:mapping:)` passes its closure to the factory, which builds the
    /// mapping with it (TableViewFactory.swift, `registerNibNamed(_:forCellClass:mappingBlock:)`, 7.2.0).
    @Test func tableRegisterNibNamedKeepsItsMappingClosureBeforeEight() throws {
        let source = tableScreen(
            """
                    manager.registerNibNamed("BigPostCell", for: PostCell.self) { mapping in
                        mapping.reuseIdentifier = "big"
                        mapping.condition = .section(1)
                    }
            """)
        let manifest = try onlyManifest(extract(source, version: "7.2.0"))
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    section: 1
                    xib: "BigPostCell"
                    registerNibNamed: true
                    reuseIdentifier: "big"
                """)
        #expect(manifest.notes.isEmpty)
    }

    static let collectionSource = """
        final class GalleryViewController: UIViewController, DTCollectionViewManageable {
            override func viewDidLoad() {
                manager.registerNibNamed("BigPhotoCell", for: PhotoCell.self, mappingBlock: { $0.reuseIdentifier = "big" })
                manager.registerNibNamed("BigBadge", forSupplementary: BadgeView.self, ofKind: "badge") {
                    $0.reuseIdentifier = "badge"
                }
                manager.registerNiblessHeader(TitleView.self) { $0.reuseIdentifier = "title" }
            }
        }
        class PhotoCell: UICollectionViewCell, ModelTransfer { func update(with model: Int) {} }
        class BadgeView: UICollectionReusableView, ModelTransfer { func update(with model: Int) {} }
        class TitleView: UICollectionReusableView, ModelTransfer { func update(with model: String) {} }
        """

    /// DTCollectionViewManager's cell `registerNibNamed(_:for:mappingBlock:)` drops its block from 8.0 as the
    /// table's does (DTCollectionViewManager+Deprecated.swift, `registerNibNamed(_:for:mappingBlock:)`, 8.0.0,
    /// 10.0.0, 11.0.0), but `registerNibNamed(_:forSupplementary:ofKind:mappingBlock:)` passes it on
    /// (`mappingBlock?(mappingInstance)`, same file and tags), and so do `registerNiblessHeader(_:mappingBlock:)`
    /// and `registerNiblessFooter(_:mappingBlock:)`.
    @Test func collectionRegisterNibNamedDropsOnlyTheCellMappingBlockFromEight() throws {
        for version in ["8.0.0", "11.0.0"] {
            let manifest = try onlyManifest(extract(Self.collectionSource, version: version))
            #expect(registrations(manifest).map { $0.reuseIdentifier?.value } == [nil, "badge", "title"], "\(version)")
            #expect(
                describe(manifest.notes) == [
                    "3:9 DTCollectionViewManager \(version.prefix(while: { $0 != "." }))'s "
                        + "`registerNibNamed(_:for:mappingBlock:)` never calls its mapping closure, so the reuse "
                        + "identifier \"big\" is not extracted"
                ], "\(version)")
        }
    }

    /// DTCollectionViewManager 6 and 7's `registerNiblessHeader(_:mappingBlock:)` calls
    /// `registerNiblessSupplementary(T.self, forKind:)` without the block (DTCollectionViewManager+Registration.swift,
    /// `registerNiblessHeader(_:mappingBlock:)`, 6.0.0, 6.6.0, 7.2.0), while `registerNibNamed` of a cell and of a
    /// supplementary view pass theirs to the factory (same file, `registerNibNamed(_:for:mappingBlock:)`,
    /// `registerNibNamed(_:forSupplementary:ofKind:mappingBlock:)`, 7.2.0).
    @Test func collectionNiblessHeaderDropsItsMappingBlockBeforeEight() throws {
        let manifest = try onlyManifest(extract(Self.collectionSource, version: "7.2.0"))
        #expect(registrations(manifest).map { $0.reuseIdentifier?.value } == ["big", "badge", nil])
        #expect(
            describe(manifest.notes) == [
                "7:9 DTCollectionViewManager 7's `registerNiblessHeader(_:mappingBlock:)` never calls its mapping "
                    + "closure, so the reuse identifier \"title\" is not extracted"
            ])
    }
}
