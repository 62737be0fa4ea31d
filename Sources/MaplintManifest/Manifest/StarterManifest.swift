import MaplintLibrary

/// The commented manifest `maplint init` writes: small, clean under every rule, and a tour of
/// the format.
package enum StarterManifest {
    package static let defaultFileName = "app.maplint.yml"

    /// Why `schema` cannot be written into the `yaml-language-server` comment, or nil. The comment
    /// is one line of YAML: a line break in the value would end it and make the rest manifest
    /// keys, and a control character is refused by every YAML reader.
    package static func schemaProblem(_ schema: String) -> String? {
        if schema.unicodeScalars.allSatisfy({ $0 == " " }) {
            return "the value is empty; give a path relative to the manifest or a URL"
        }
        for scalar in schema.unicodeScalars {
            let code =
                "U+" + String(repeating: "0", count: max(0, 4 - String(scalar.value, radix: 16).count))
                + String(scalar.value, radix: 16, uppercase: true)
            switch scalar.value {
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                return "the value holds a line break (\(code)), which would end the comment and make the rest of "
                    + "it part of the manifest; give one path or URL, on one line"
            case 0x00..<0x20, 0x7F...0x9F, 0xFEFF, 0xFFFE, 0xFFFF:
                return "the value holds the control character \(code), which a YAML file cannot hold; give a path "
                    + "or URL without it"
            default: continue
            }
        }
        return nil
    }

    /// `schema` is what the `yaml-language-server` comment points editors at: a path relative
    /// to the manifest, or a URL (one `schemaProblem` accepts). The rest is the starter of the
    /// host, `Schema/starter-HOST.maplint.yml` (embedded by `Scripts/embed-data.sh`).
    package static func text(host: Host, schema: String) -> String {
        let starter = host == .tableView ? tableView : collectionView
        let body = starter.drop { $0 != "\n" }
        return "# yaml-language-server: $schema=\(schema)" + body
    }
}
