import Testing

@Suite struct CLIPlaceholder {
    @Test func packageBuilds() { #expect(Bool(true)) }
}
