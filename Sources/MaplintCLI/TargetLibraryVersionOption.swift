import ArgumentParser
import MaplintConfiguration
import MaplintLibrary

/// `--library-version`: the DT version Swift targets are checked at, for every command that reads an app.
struct TargetLibraryVersionOption: ParsableArguments {
    @Option(
        name: .customLong("library-version"),
        help: ArgumentHelp(
            "The DTTableViewManager / DTCollectionViewManager version Swift targets are checked at, such as '11.0.1', "
                + "in place of what their lock files pin; TARGET=VERSION for one target; repeatable.",
            valueName: "version"))
    var libraryVersion: [String] = []

    func validate() throws { _ = try parsed() }

    /// `--library-version VERSION` for every target, `--library-version TARGET=VERSION` for one.
    func parsed() throws -> TargetLibraryVersions {
        var versions = TargetLibraryVersions()
        for setting in libraryVersion {
            let parts = setting.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let text = parts.count == 2 ? parts[1] : setting
            guard let version = LibraryVersion(parsing: text) else {
                throw ValidationError(
                    "--library-version: '\(text)' is not a library version; write it like '11.0.1', '6.6' or '8', "
                        + "or TARGET=VERSION for one target")
            }
            if parts.count == 2 {
                guard !parts[0].isEmpty else {
                    throw ValidationError("--library-version: TARGET=VERSION needs a target name before '='")
                }
                versions.byTarget[parts[0]] = .init(version: version)
            } else {
                versions.all = .init(version: version)
            }
        }
        return versions
    }

}
