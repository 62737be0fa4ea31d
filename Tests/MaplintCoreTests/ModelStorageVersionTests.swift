import Testing

@testable import MaplintLibrary
@testable import MaplintManifest
@testable import MaplintRules

private func load(_ modelStorageVersion: String) -> ManifestLoadResult {
    ManifestLoader.load(
        bytes: Array(
            "version: 1\nhost: collectionView\nlibraryVersion: \"8.0.1\"\nmodelStorageVersion: \(modelStorageVersion)\n"
                .utf8),
        file: "m.maplint.yml")
}

private func error(_ modelStorageVersion: String) -> String {
    let result = load(modelStorageVersion)
    #expect(result.manifest == nil)
    return result.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
        .joined(separator: "\n")
}

/// `registration-per-dequeue` for a collection view on DTCollectionViewManager 8.0.1, with the
/// `modelStorageVersion` line given (or none).
private func perDequeue(_ modelStorageLine: String) throws -> [String] {
    let text = """
        version: 1
        host: collectionView
        libraryVersion: "8.0.1"
        \(modelStorageLine)
        registrations:
          - cell: PhotoCell
            model: String
        """
    return Analyzer.analyze(try decodeManifest(text)).filter { $0.rule == RegistrationPerDequeueRule.id }.map {
        "\($0.severity) \($0.location.line):\($0.location.column): \($0.explanation)"
    }
}

/// `modelStorageVersion`: the DTModelStorage version, parsed like `libraryVersion` but with no
/// oldest version, read by `LibraryBehaviour.registrationPerDequeue`.
@Suite struct ModelStorageVersionTests {
    @Test(arguments: [
        ("\"9.0.1\"", LibraryVersion(major: 9, minor: 0, patch: 1)),
        ("\"9.1\"", LibraryVersion(major: 9, minor: 1)),
        ("9", LibraryVersion(major: 9, isMajorOnly: true)),
        ("\"v9.1.2\"", LibraryVersion(major: 9, minor: 1, patch: 2)),
        // No minimum: an old DTModelStorage is a version like any other.
        ("\"2.6.2\"", LibraryVersion(major: 2, minor: 6, patch: 2)),
    ])
    func acceptsVersions(text: String, expected: LibraryVersion) throws {
        let result = load(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let manifest = try #require(result.manifest)
        #expect(manifest.modelStorageVersion == expected)
        #expect(manifest.behaviour.modelStorageVersion == expected)
    }

    @Test func absentIsUnknown() throws {
        let manifest = try #require(
            ManifestLoader.load(bytes: Array("version: 1\nhost: collectionView\n".utf8), file: "m.yml").manifest)
        #expect(manifest.modelStorageVersion == nil)
        #expect(manifest.behaviour.modelStorageVersion == nil)
    }

    @Test func malformedVersionsArePositionedErrors() {
        #expect(
            error("\"nine\"")
                == "4:22: 'modelStorageVersion' must be a DTModelStorage version such as \"9.0.1\", \"9.1\" or \"9\", "
                + "not 'nine'")
        #expect(error("\"1.2.3.4\"").hasPrefix("4:22: 'modelStorageVersion' must be a"))
        #expect(
            error("9.10")
                == "4:22: write 'modelStorageVersion' as a string, such as \"9.0.1\": as a number, 9.10 loses its "
                + "trailing zeros and cannot name a patch version")
        #expect(error("[9]") == "4:22: 'modelStorageVersion' must be a string, not a list")
    }

    /// DTModelStorage 9.0.1 creates the `CellRegistration` inside `_cellDequeueClosure`, on every
    /// dequeue (ViewModelMapping.swift, `_cellDequeueClosure`, 9.0.1): with DTCollectionViewManager
    /// 8.0.1 the finding is certain, an error.
    @Test func registrationPerDequeueIsAnErrorWithModelStorage901() throws {
        #expect(
            try perDequeue("modelStorageVersion: \"9.0.1\"") == [
                "error 6:11: PhotoCell (entry 0, line 6) dequeues through a CellRegistration or SupplementaryRegistration that "
                    + "DTCollectionViewManager 8.0.1 creates anew on every dequeue on iOS 14 and later with "
                    + "DTModelStorage 9.0.1: views are never reused, and UIKit raises an exception for it from iOS 15; "
                    + "update DTCollectionViewManager to 8.1.0 or later"
            ])
    }

    /// DTModelStorage 9.1.0 and later keep one `_cellRegistration` per mapping and reuse it in
    /// `_cellDequeueClosure` (ViewModelMapping.swift, `_cellDequeueClosure`, 9.1.0 and 9.1.2).
    @Test func registrationPerDequeueIsSilentWithModelStorage912() throws {
        #expect(try perDequeue("modelStorageVersion: \"9.1.2\"") == [])
        #expect(try perDequeue("modelStorageVersion: \"10.0.0\"") == [])
        #expect(try perDequeue("modelStorageVersion: \"8.1.0\"") == [])
    }

    /// Unknown DTModelStorage (absent, or a bare "9" that leaves the minor open): the warning.
    @Test func registrationPerDequeueStaysAWarningWithoutModelStorage() throws {
        let warning =
            "PhotoCell (entry 0, line 6) dequeues through a CellRegistration or SupplementaryRegistration that "
            + "DTCollectionViewManager 8.0.1 creates anew on every dequeue on iOS 14 and later when DTModelStorage "
            + "is 9.0.x (as CocoaPods resolves it): views are never reused, and UIKit raises an exception for it "
            + "from iOS 15; update DTCollectionViewManager to 8.1.0 or later"
        let absent = try perDequeue("")
        #expect(absent == ["warning 6:11: " + warning], "\(absent)")
        let bare = try perDequeue("modelStorageVersion: \"9\"")
        #expect(bare == ["warning 6:11: " + warning], "\(bare)")
    }

    /// DTCollectionViewManager 8.1.0 requires DTModelStorage 9.1: nothing, whatever the key says.
    @Test func registrationPerDequeueNeedsManager80() throws {
        let text = """
            version: 1
            host: collectionView
            libraryVersion: "8.1.0"
            modelStorageVersion: "9.0.1"
            registrations:
              - cell: PhotoCell
                model: String
            """
        #expect(Analyzer.analyze(try decodeManifest(text)).filter { $0.rule == RegistrationPerDequeueRule.id }.isEmpty)
    }
}
