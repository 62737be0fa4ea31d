import MaplintLibrary

/// The JSON Schema (draft-07) of manifest version 1, for editors: `maplint init` writes it next
/// to a new manifest and `maplint schema` prints it. Its `text` is
/// `Schema/maplint-manifest-v1.schema.json`, embedded by `Scripts/embed-data.sh`.
package enum ManifestSchema {
    package static let fileName = "maplint-manifest-v1.schema.json"
}

extension ManifestSchema {
    /// `text`, the schema or a starter manifest of Schema/, with the supported versions it states
    /// taken from `LibraryVersion`: the `libraryVersion` key's `minimum`, and its description's
    /// example, oldest and newest version; a starter's `libraryVersion:`. The files are written by it
    /// (`MAPLINT_UPDATE_GOLDEN=1 swift test --filter SchemaTests`, then `Scripts/embed-data.sh`), and
    /// `SchemaTests` fails while one is stale.
    static func withSupportedVersions(_ text: String) -> String {
        let oldest = LibraryVersion.oldestSupported
        let newest = LibraryVersion.newestSupported
        let oldestText = "Oldest supported: \(oldest.major).\(oldest.minor)."
        let newestText = "the newest supported version (\(newest.major))"
        return
            text
            .replacing(/("libraryVersion": \{[\s\S]*?"minimum": )[0-9]+/) { "\($0.output.1)\(oldest.major)" }
            .replacing(/(The version of DTTableViewManager[^"]*e\.g\. \\")[0-9.]+\\"/) { "\($0.output.1)\(newest)\\\"" }
            .replacing(/Oldest supported: [0-9]+\.[0-9]+\./) { _ in oldestText }
            .replacing(/the newest supported version \([0-9]+\)/) { _ in newestText }
            .replacing(/(?m)^libraryVersion: "[0-9.]+"/) { _ in "libraryVersion: \"\(newest)\"" }
    }
}
