/// The commented manifest `maplint init` writes: small, clean under every rule, and a tour of
/// the format.
public enum StarterManifest {
    public static let defaultFileName = "app.maplint.yml"

    /// `schema` is what the `yaml-language-server` comment points editors at: a path relative
    /// to the manifest, or a URL.
    public static func text(host: Host, schema: String) -> String {
        let hostLine = "host: \(host.rawValue)"
        let hostPadding = String(repeating: " ", count: max(1, 30 - hostLine.count))
        let hostName = host == .tableView ? "table view" : "collection view"
        // Table views only: DTCollectionViewManager has no configuration; collection views have a layout.
        let configuration =
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
}
