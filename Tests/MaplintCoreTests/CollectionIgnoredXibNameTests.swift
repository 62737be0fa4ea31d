import Testing

@testable import MaplintFindings
@testable import MaplintManifest
@testable import MaplintRules

/// DTCollectionViewManager 6 never reads `mapping.xibName`: `registerCellClass` registers the xib named
/// `String(describing: T.self)` when the bundle has it, and otherwise registers nothing (only the mapping is
/// appended); `cellForModel(_:atIndexPath:)` dequeues `mapping.reuseIdentifier` (CollectionViewFactory.swift,
/// registerCellClass, cellForModel(_:atIndexPath:), 6.0.0 and 6.6.0). 7.0.0 builds the mapping first and
/// registers `mapping.xibName` (CollectionViewFactory.swift, registerCellClass, 7.0.0, 7.2.0).
@Suite struct CollectionIgnoredXibNameTests {
    private func findings(
        _ version: String, _ extra: String, xibs: [String]? = nil, rule: RuleID = IgnoredXibNameRule.id
    ) throws -> [Diagnostic] {
        let manifest = try #require(
            ManifestLoader.load(
                bytes: Array(
                    """
                    version: 1
                    host: collectionView
                    libraryVersion: "\(version)"
                    registrations:
                      - cell: PostCell
                        model: Int
                    \(extra)
                    """.utf8), file: "m.maplint.yml"
            ).manifest)
        return Analyzer.analyze(manifest, resources: xibs.map { EffectiveViewSourceTests.resources(xibs: $0) })
            .filter { $0.rule == rule }
    }

    @Test func collectionViewManager6IgnoresAXibNameSetInTheMappingClosure() throws {
        let found = try findings("6.6.0", "    xib: Compact")
        #expect(
            found.map(\.explanation) == [
                "PostCell (entry 0, line 5): DTCollectionViewManager 6 ignores `xib: Compact` (`mapping.xibName` in "
                    + "the mapping closure of register): Compact.xib is never loaded and PostCell.xib is registered "
                    + "instead if the app has one; otherwise nothing is registered under 'PostCell': the cell comes "
                    + "from a storyboard prototype 'PostCell' (with --resources, storyboard-prototype-missing checks "
                    + "it), and with none dequeuing it raises 'could not dequeue a view of kind: "
                    + "UICollectionElementKindCell with identifier PostCell'; if the app calls "
                    + "registerNibNamed(\"Compact\", for: PostCell.self), add `registerNibNamed: true`, otherwise "
                    + "register it that way"
            ])
        #expect(found.first?.severity == .error)
        #expect(found.first?.location == SourceLocation(file: "m.maplint.yml", line: 7, column: 10))
    }

    @Test func withTheResourcesTheClassNameXibOrNothingIsRegistered() throws {
        #expect(
            try findings("6.6.0", "    xib: Compact", xibs: ["Compact", "PostCell"]).first?.explanation
                .contains("Compact.xib is never loaded and PostCell.xib, named after the class, is registered instead")
                == true)
        #expect(
            try findings("6", "    xib: Compact", xibs: ["Compact"]).first?.explanation
                .contains(
                    "PostCell.xib is not under the resources either, so nothing is registered under 'PostCell'")
                == true)
    }

    /// With no class-name xib nothing is registered, so the cell needs a prototype: the xib looked for is
    /// the class name, not `xib: Compact` (CollectionViewFactory.swift, registerCellClass, 6.6.0).
    @Test func collectionViewManager6LooksForTheClassNameXibWhenItDecidesToRegisterNothing() throws {
        let missing = try findings(
            "6.6.0", "    xib: Compact", xibs: ["Compact"], rule: StoryboardPrototypeMissingRule.id)
        #expect(missing.count == 1)
        #expect(
            missing.first?.text.contains(
                "PostCell (entry 0, line 5) has no PostCell.xib under --resources, so DTCollectionViewManager 6 "
                    + "registers nothing for it and dequeues a storyboard prototype") == true)
        #expect(
            try findings("6.6.0", "    xib: Compact", xibs: ["PostCell"], rule: StoryboardPrototypeMissingRule.id)
                .isEmpty)
        // registerNibNamed registers the named xib; 7.0 reads mapping.xibName.
        #expect(
            try findings(
                "6.6.0", "    xib: Compact\n    registerNibNamed: true", xibs: ["Compact"],
                rule: StoryboardPrototypeMissingRule.id
            ).isEmpty)
        #expect(
            try findings("7.0.0", "    xib: Compact", xibs: ["Compact"], rule: StoryboardPrototypeMissingRule.id)
                .isEmpty)
    }

    @Test func collectionViewManager7AndRegisterNibNamedLoadTheNamedXib() throws {
        #expect(try findings("7.0.0", "    xib: Compact").isEmpty)
        #expect(try findings("7.2.0", "    xib: Compact").isEmpty)
        #expect(try findings("6.6.0", "    xib: Compact\n    registerNibNamed: true").isEmpty)
        #expect(try findings("6.6.0", "    xib: PostCell").isEmpty)
        #expect(try findings("6.6.0", "    xib: Compact\n    storyboard: true").isEmpty)
    }

    /// A supplementary view's `xib: Name` may be `registerNibNamed(_:forHeader:)`, which registers the named xib
    /// (CollectionViewFactory.swift, registerNibNamed(_:forSupplementaryClass:forKind:mappingBlock:), 6.6.0):
    /// the manifest cannot tell, so it is not reported.
    @Test func supplementaryViewsWithANamedXibAreNotReported() throws {
        #expect(try findings("6.6.0", "  - header: PostHeader\n    model: String\n    xib: CompactHeader").isEmpty)
    }

    /// `xibName` is `let` in DTModelStorage 7.3.0 and `var` from 7.4.0 (ViewModelMapping.swift); the 6.5.0
    /// podspecs require `~> 7.3.0` and the 6.6.0 ones `~> 7.4.0`.
    @Test func before66SettingTheXibNameDoesNotCompile() throws {
        let constant = "; before 6.6 `mapping.xibName` is a constant and setting it does not compile"
        #expect(try findings("6.3.0", "    xib: Compact").first?.explanation.contains(constant) == true)
        #expect(try findings("6.6.0", "    xib: Compact").first?.explanation.contains(constant) == false)
        #expect(try findings("6", "    xib: Compact").first?.explanation.contains(constant) == false)
    }
}
