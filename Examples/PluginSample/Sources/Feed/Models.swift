public struct Post {
    public var title: String
}

public struct Ad {
    public var sponsor: String
}
