import Foundation
import Testing

@testable import MaplintFindings
@testable import MaplintInterfaceBuilder

@Suite struct InterfaceBuilderParserTests {
    static let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10"
                    reuseIdentifier="PostCell" id="KGk-i7-Jjw" customClass="PostCell" customModule="Feed">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                    <tableViewCellContentView key="contentView" opaque="NO" id="H2p-sc-9uM">
                        <subviews>
                            <view contentMode="scaleToFill" id="abc-de-fgh"/>
                        </subviews>
                    </tableViewCellContentView>
                </tableViewCell>
                <tapGestureRecognizer id="tap-ge-st1"/>
            </objects>
        </document>
        """

    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" initialViewController="tvc-00-001">
            <scenes>
                <scene sceneID="scn-00-001">
                    <objects>
                        <tableViewController id="tvc-00-001" customClass="FeedViewController" sceneMemberID="viewController">
                            <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" id="tbl-00-001">
                                <prototypes>
                                    <tableViewCell reuseIdentifier="TitleCell" id="cel-00-001" customClass="TitleCell">
                                        <rect key="frame" x="0.0" y="50" width="393" height="44"/>
                                    </tableViewCell>
                                </prototypes>
                            </tableView>
                        </tableViewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="frs-00-001" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="scn-00-002">
                    <objects>
                        <collectionViewController id="cvc-00-001" sceneMemberID="viewController">
                            <collectionView key="view" id="col-00-001">
                                <cells>
                                    <collectionViewCell reuseIdentifier="PhotoCell" id="cel-00-002" customClass="PhotoCell"/>
                                </cells>
                                <collectionReusableView key="sectionHeaderView" reuseIdentifier="DayHeader" id="hdr-00-001" customClass="DayHeaderView"/>
                            </collectionView>
                        </collectionViewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    static func parse(_ text: String, path: String) -> Result<InterfaceBuilderDocument, InterfaceBuilderFailure> {
        InterfaceBuilderParser.parse(Array(text.utf8), path: path)
    }

    @Test func xibTopLevelObjectsSkipPlaceholdersAndKeepTheirStartTag() throws {
        let document = try Self.parse(Self.xib, path: "Resources/PostCell.xib").get()
        #expect(document.kind == .xib)
        #expect(document.name == "PostCell")
        #expect(document.topLevelObjects.map(\.element) == ["tableViewCell", "tapGestureRecognizer"])
        let cell = try #require(document.firstTopLevelView)
        #expect(cell.customClass == "PostCell")
        #expect(cell.reuseIdentifier == "PostCell")
        // The start tag spans two lines: the position is where it begins.
        #expect(cell.location == SourceLocation(file: "Resources/PostCell.xib", line: 9, column: 9))
        #expect(document.prototypes.isEmpty)
    }

    @Test func storyboardPrototypesKnowTheirScene() throws {
        let document = try Self.parse(Self.storyboard, path: "Main.storyboard").get()
        #expect(document.kind == .storyboard)
        #expect(document.topLevelObjects.isEmpty)
        let prototypes = document.prototypes
        #expect(prototypes.map(\.object.element) == ["tableViewCell", "collectionViewCell", "collectionReusableView"])
        #expect(prototypes.map(\.object.reuseIdentifier) == ["TitleCell", "PhotoCell", "DayHeader"])
        #expect(prototypes.map(\.sceneID) == ["scn-00-001", "scn-00-002", "scn-00-002"])
        #expect(
            prototypes.map(\.viewController) == [
                "FeedViewController", "UICollectionViewController", "UICollectionViewController",
            ])
        #expect(prototypes.map(\.object.location.line) == [9, 23, 25])
        #expect(prototypes.first?.object.location.column == 29)
        #expect(prototypes.last?.object.key == "sectionHeaderView")
    }

    @Test func malformedXMLIsAPositionedFailure() throws {
        let broken = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                <objects>
                    <tableViewCell id="a" customClass="PostCell">
                </objects>
            </document>
            """
        guard case .failure(let failure) = Self.parse(broken, path: "Broken.xib") else {
            Issue.record("malformed XML parsed")
            return
        }
        #expect(failure.location.file == "Broken.xib")
        #expect(failure.location.line == 5)
        #expect(failure.message.hasPrefix("not well-formed XML"))
        #expect(failure.name == "Broken")
    }

    @Test(arguments: [
        "", "just text", "<?xml version=\"1.0\"?>", "<document><objects>", "<a></b>", "\u{0}\u{1}",
        "<document>&undefined;</document>",
    ])
    func garbageNeverParsesNorCrashes(text: String) {
        if case .success = Self.parse(text, path: "Garbage.xib") {
            Issue.record("'\(text)' parsed")
        }
    }

    @Test func expandingEntitiesAreRefusedAndDeepNestingIsRead() throws {
        var entities = "<!ENTITY l0 \"ha\">"
        for level in 1..<10 {
            entities += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
        }
        let laughs =
            "<?xml version=\"1.0\"?><!DOCTYPE document [\(entities)]><document><objects><view customClass=\"&l9;\"/></objects></document>"
        if case .success = Self.parse(laughs, path: "Laughs.xib") { Issue.record("a billion laughs parsed") }
        let deep =
            "<document><objects>" + String(repeating: "<view>", count: 3000) + String(repeating: "</view>", count: 3000)
            + "</objects></document>"
        let document = try Self.parse(deep, path: "Deep.xib").get()
        #expect(document.topLevelObjects.count == 1)
    }

    /// Each start tag is found by one walk forward: several on one line get their own columns,
    /// and a `<` inside a comment, CDATA, a processing instruction or the document type
    /// declaration starts no tag; an element an entity expands into is placed at the parser's line.
    @Test func startTagsOnOneLineHaveTheirOwnColumns() throws {
        let text =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE document [<!ENTITY cell \"<tableViewCell customClass='E'/>\"> "
            + "<!-- ] > <tableViewCell --> ]>\n<document><objects>"
            + "<!-- <tableViewCell customClass=\"Commented\"/> --><tableViewCell customClass=\"A\"/>"
            + "<?pi <tableViewCell?><![CDATA[ <tableViewCell ]]><tableViewCell customClass=\"B\" title=\"a > b\"/>"
            + "&cell;<tableViewCell customClass=\"Ç\"/>\n  <tableViewCell customClass=\"D\"/></objects></document>"
        let document = try Self.parse(text, path: "Cells.xib").get()
        let objects = document.topLevelObjects
        #expect(objects.map(\.customClass) == ["A", "B", "E", "Ç", "D"])
        #expect(objects.map(\.location.line) == [3, 3, 3, 3, 4])
        #expect(objects.map(\.location.column) == [69, 150, 1, 202, 3])
    }

    /// 80,000 cells on one line: one pass over the text (it used to search the line again for
    /// each object, which took minutes).
    @Test func eightyThousandObjectsOnOneLineAreReadInOnePass() throws {
        var text = "<document><objects>"
        for index in 0..<80_000 { text += "<tableViewCell id=\"c\(index)\"/>" }
        text += "</objects></document>\n"
        let document = try Self.parse(text, path: "Many.xib").get()
        #expect(document.topLevelObjects.count == 80_000)
        #expect(document.topLevelObjects.first?.location.column == 20)
        let last = try #require(document.topLevelObjects.last)
        // 20 for `<document><objects>`, then 23 bytes and the digits of each cell before it.
        #expect(last.location == SourceLocation(file: "Many.xib", line: 1, column: 2_228_882))
    }

    @Test func otherRootElementsAreNotInterfaceBuilderFiles() {
        guard case .failure(let failure) = Self.parse("<plist><dict/></plist>", path: "Info.xib") else {
            Issue.record("a plist parsed as a xib")
            return
        }
        #expect(failure.message.contains("root element is <plist>"))
    }

    @Test func resourcesIndexXibsByNameAndKeepFailures() {
        let resources = InterfaceBuilderResources(results: [
            Self.parse(Self.xib, path: "A/PostCell.xib"),
            Self.parse(Self.xib, path: "B/PostCell.xib"),
            Self.parse("<document>", path: "A/Broken.xib"),
            Self.parse(Self.storyboard, path: "Main.storyboard"),
            Self.parse("<document", path: "Other.storyboard"),
        ])
        #expect(resources.xibs["PostCell"]?.path == "A/PostCell.xib")
        #expect(resources.xibNames == ["PostCell", "Broken"])
        #expect(resources.containsXib(named: "Broken"))
        #expect(resources.storyboards.count == 1)
        #expect(resources.brokenStoryboards.map(\.path) == ["Other.storyboard"])
        #expect(resources.prototypes.count == 3)
    }

    @Test func discoverySkipsBuildFoldersAndOtherFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("maplint-ib-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in [
            "Views/PostCell.xib", "Views/Nested/Main.storyboard", "Views/notes.txt", ".build/Old.xib",
            "DerivedData/X.storyboard",
        ] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("<document/>".utf8).write(to: url)
        }
        let files = InterfaceBuilderDiscovery.files(in: [root.path]).map { String($0.dropFirst(root.path.count + 1)) }
        #expect(files == ["Views/Nested/Main.storyboard", "Views/PostCell.xib"])
    }
}
