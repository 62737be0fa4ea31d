/// The version of maplint: `maplint --version`, the tool version in SARIF, and the newest
/// release heading of CHANGELOG.md (a test checks that one).
public enum MaplintVersion {
    public static let current = "0.1.0"
}
