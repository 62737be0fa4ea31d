import Testing

@testable import MaplintFindings

@Suite struct SuggestionTests {
    @Test func suggestsCloseKeys() {
        #expect(Suggestion.closest(to: "reuseIdentifer", in: ["reuseIdentifier", "xib", "model"]) == "reuseIdentifier")
        #expect(Suggestion.closest(to: "modle", in: ["reuseIdentifier", "xib", "model"]) == "model")
    }

    @Test func staysSilentWhenNothingIsClose() {
        #expect(Suggestion.closest(to: "banana", in: ["reuseIdentifier", "xib", "model"]) == nil)
    }
}
