import Testing

@testable import MaplintLibrary
@testable import MaplintManifest

private func load(_ libraryVersion: String, host: String = "tableView") -> ManifestLoadResult {
    ManifestLoader.load(
        bytes: Array("version: 1\nhost: \(host)\nlibraryVersion: \(libraryVersion)\n".utf8), file: "m.maplint.yml")
}

private func error(_ libraryVersion: String) -> String {
    let result = load(libraryVersion)
    #expect(result.manifest == nil)
    return result.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
        .joined(separator: "\n")
}

@Suite struct LibraryVersionTests {
    @Test(arguments: [
        ("\"11.0.1\"", LibraryVersion(major: 11, minor: 0, patch: 1)),
        ("\"6.6\"", LibraryVersion(major: 6, minor: 6)),
        ("\"8\"", LibraryVersion(major: 8, isMajorOnly: true)),
        ("8", LibraryVersion(major: 8, isMajorOnly: true)),
        ("\"v7.2.0\"", LibraryVersion(major: 7, minor: 2)),
        ("\"9.0.0-beta.1\"", LibraryVersion(major: 9)),
        ("\"12.1.0\"", LibraryVersion(major: 12, minor: 1)),
    ])
    func acceptsVersions(text: String, expected: LibraryVersion) throws {
        let result = load(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let manifest = try #require(result.manifest)
        #expect(manifest.libraryVersion == expected)
        #expect(manifest.behaviour.version == expected)
    }

    @Test func aBareMajorPrintsAsWritten() {
        #expect(LibraryVersion(parsing: "8")?.description == "8")
        #expect(LibraryVersion(parsing: "6.6")?.description == "6.6.0")
    }

    @Test func absentMeansTheNewestSupported() throws {
        let manifest = try #require(
            ManifestLoader.load(bytes: Array("version: 1\nhost: tableView\n".utf8), file: "m.yml").manifest)
        #expect(manifest.libraryVersion == nil)
        #expect(manifest.behaviour.version == LibraryVersion.newestSupported)
        #expect(manifest.behaviour.version.major == 11)
    }

    @Test func versionsBeforeSixArePositionedErrors() {
        #expect(
            error("\"5.3.0\"")
                == "3:17: libraryVersion 5.3.0 is older than 6.0, the oldest version maplint models; its behaviour "
                + "differs (no mapping conditions before 6.0)")
        #expect(error("4").hasPrefix("3:17: libraryVersion 4 is older than 6.0"))
    }

    @Test func malformedVersionsArePositionedErrors() {
        #expect(
            error("\"eleven\"")
                == "3:17: 'libraryVersion' must be a DTTableViewManager or DTCollectionViewManager version such as "
                + "\"11.0.1\", \"6.6\" or \"8\", not 'eleven'")
        #expect(error("\"1.2.3.4\"").hasPrefix("3:17: 'libraryVersion' must be a"))
        #expect(error("\"-1\"").hasPrefix("3:17: 'libraryVersion' must be a"))
        #expect(
            error("6.10")
                == "3:17: write 'libraryVersion' as a string, such as \"6.6.0\": as a number, 6.10 loses its trailing zeros and cannot name a patch version"
        )
        #expect(error("[8]") == "3:17: 'libraryVersion' must be a string, not a list")
    }

    @Test func behaviourFollowsTheMajor() {
        let old = LibraryBehaviour(
            host: .collectionView, version: LibraryVersion(major: 7), deploymentTarget: .init(platform: .iOS, major: 14)
        )
        let new = LibraryBehaviour(
            host: .collectionView, version: LibraryVersion(major: 8), deploymentTarget: .init(platform: .iOS, major: 14)
        )
        #expect(!old.usesGeneratedRegistrations)
        #expect(new.usesGeneratedRegistrations)
        #expect(!old.eventsAttachToEarlierMappings)
        #expect(new.eventsAttachToEarlierMappings)
        #expect(old.collectionCodeRegistrationNeedsXib)
        #expect(!new.collectionCodeRegistrationNeedsXib)
    }
}
