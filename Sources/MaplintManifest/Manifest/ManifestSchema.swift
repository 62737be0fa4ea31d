/// The JSON Schema (draft-07) of manifest version 1, for editors: `maplint init` writes it next
/// to a new manifest and `maplint schema` prints it. Its `text` is
/// `Schema/maplint-manifest-v1.schema.json`, embedded by `Scripts/embed-data.sh`.
package enum ManifestSchema {
    package static let fileName = "maplint-manifest-v1.schema.json"
}
