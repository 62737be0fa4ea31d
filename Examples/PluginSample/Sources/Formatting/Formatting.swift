/// A target with no DTTableViewManager or DTCollectionViewManager code: the build-tool plugin
/// lints it too, finds nothing to check, and the build passes.
public enum Formatting {
    public static func title(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
