extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    package func trimmingBlanks() -> String {
        let scalars = Array(unicodeScalars)
        var start = 0
        var end = scalars.count
        while start < end, scalars[start] == " " || scalars[start] == "\t" { start += 1 }
        while end > start, scalars[end - 1] == " " || scalars[end - 1] == "\t" { end -= 1 }
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }
}
