/// The `.maplint.yml` that `maplint init` writes at an app's root: every setting there is, commented
/// out with what it does, so that the file changes nothing until a line is uncommented.
package enum StarterConfiguration {
    package static let text = """
        # maplint's settings for the files in this folder and below (docs/configuration.md).
        # `maplint` here checks every app, extension and framework target of the Xcode projects and
        # Swift packages below, each with its own DTTableViewManager / DTCollectionViewManager version
        # (from its lock file) and deployment target. Uncomment a line to change a setting.

        # disabled_rules:            # findings of these rules are dropped (`maplint rules` lists them)
        #   - storyboard-with-xib
        # severity:                  # a rule's severity: error, warning or note
        #   ambiguous-item: error
        # included:                  # check only the files in folders that match
        #   - "App/**"
        # excluded:                  # skip the files in folders that match
        #   - "App/Generated"
        # strict: true               # warnings fail the run too
        # baseline: maplint-baseline.json   # report only findings not in this file
        #                                   # (write it with `maplint --write-baseline maplint-baseline.json`)
        # library_version:           # the DT version of targets no lock file pins, by target name
        #   MyApp: "11.0.1"

        """
}
