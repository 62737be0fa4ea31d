/// Swift that extraction skipped or kept opaque (`unsupported-swift`), at its place. Here rather
/// than in `MaplintSwift`, since the command line reports these notes without swift-syntax.
package struct ExtractionNote: Sendable, Hashable {
    package var message: String
    package var location: SourceLocation

    package init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// A condition read from Swift that does not compile in the condition language: it is kept
    /// as an opaque condition.
    package static func conditionOutsideLanguage(
        _ text: String, reason: String, at location: SourceLocation
    )
        -> ExtractionNote
    {
        ExtractionNote(
            message:
                "the condition `\(text)` is outside the condition language (\(reason)): kept as an opaque condition, analysed as unknown",
            location: location
        ).onOneLine
    }

    /// The note with its message on one line: every line break a space, no blanks at either end.
    package var onOneLine: ExtractionNote {
        guard message.contains(where: { $0.isNewline || $0 == " " || $0 == "\t" }) else { return self }
        var text = String(message.map { $0.isNewline ? " " : $0 })
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return ExtractionNote(message: text, location: location)
    }

    /// `notes` (in order, each once) with `more` added: each note once, in the order of their
    /// places, a note added after those already at its place.
    package static func merged(_ notes: [ExtractionNote], _ more: [ExtractionNote]) -> [ExtractionNote] {
        guard !more.isEmpty else { return notes }
        var seen: Set<ExtractionNote> = []
        return (notes + more).filter { seen.insert($0).inserted }.sorted { $0.location < $1.location }
    }
}
