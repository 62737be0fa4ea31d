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
    /// to the manifest, or a URL (one `schemaProblem` accepts).
    package static func text(host: Host, schema: String) -> String {
        let hostLine = "host: \(host.rawValue)"
        let hostPadding = String(repeating: " ", count: max(1, 30 - hostLine.count))
        let hostName = host == .tableView ? "table view" : "collection view"
        let configuration = Self.configuration(for: host)
        return """
            # yaml-language-server: $schema=\(schema)
            #
            # A maplint manifest: the cell and view registrations of one \(hostName), in the order
            # the app makes them. `maplint lint` checks it; `maplint rules` lists what it looks for.
            version: 1
            \(hostLine)\(hostPadding)# tableView or collectionView
            deploymentTarget: iOS 15.0    # the oldest system the app supports
            libraryVersion: "11.0.1"      # the DT\(host == .tableView ? "TableView" : "CollectionView")Manager version the app uses
            # modelStorageVersion: "9.1.2"  # the DTModelStorage version, when known
            \(configuration)# Model types. Bool, Int, Double and String are built in; T? is an optional T.
            models:
              Post:
                kind: class               # class (the default), struct, protocol or enum
                properties:
                  title: String
                  containsVideo: Bool

            # The register calls on the manager, in order. Each item is shown by the first
            # registration whose model type and condition match it, so keep conditions of the
            # same model type mutually exclusive.
            registrations:
              - cell: PostCell
                model: Post
                condition: "!model.containsVideo"
              - cell: VideoPostCell
                model: Post
                condition: "model.containsVideo"
                events: [didSelect]
              - header: SectionTitleView
                model: String

            # Sample data: what the screen shows. `maplint resolve` prints the registration each
            # item, header and footer resolves to.
            sample:
              sections:
                - header: "Latest"
                  items:
                    - Post: {title: "Hello", containsVideo: false}
                    - Post: {title: "A short clip", containsVideo: true}

            """
    }

    /// The manager's configuration (table views only: DTCollectionViewManager has none), or the
    /// layout (collection views only).
    private static func configuration(for host: Host) -> String {
        host == .tableView
            ? """

            # manager.configuration (table views only). Keys left out keep the defaults.
            configuration:
              displayHeaderOnEmptySection: true   # false: a section with no items shows no header


            """
            : """

            # What lays out the collection view (collection views only): flow, compositional or custom.
            # Only a flow layout runs sizeForCell, the reference sizes and the section events.
            layout: flow


            """
    }
}
