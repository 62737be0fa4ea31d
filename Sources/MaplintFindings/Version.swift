/// The version of maplint: `maplint --version`, the tool version in SARIF, and the newest
/// release heading of CHANGELOG.md (a test checks that one).
package enum MaplintVersion {
    package static let current = "0.1.0"
}
