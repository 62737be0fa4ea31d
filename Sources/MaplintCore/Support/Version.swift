public enum MaplintVersion {
    public static let current = "0.1.0"
}
