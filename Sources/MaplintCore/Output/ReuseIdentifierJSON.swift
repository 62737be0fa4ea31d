extension ReuseIdentifierGroup {
    /// One element of the `reuseIdentifiers` array of `report --format json`.
    public var jsonValue: JSONValue {
        .object([
            ("identifier", .string(identifier)),
            ("namespace", .string(namespace.name)),
            ("registrations", .array(registrations.map(JSONValue.int))),
            ("collision", .bool(collision)),
        ])
    }
}
