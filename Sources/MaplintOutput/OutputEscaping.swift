/// Escaping of text that comes from the user's files (file names, view and model names, reuse
/// identifiers, xib classes, condition text) before it reaches an output format. Everything works
/// on Unicode scalars, never on `Character`s: `"\r\n"` is one `Character`, so a per-character
/// replace of `"\n"` misses it.
package enum OutputEscaping {
    /// Whether a scalar must not reach a terminal or a log as it is: C0 controls other than tab,
    /// DEL, C1 controls (ESC starts ANSI sequences; CR and LF start new lines), the line and
    /// paragraph separators, and the bidirectional overrides that can reorder what is shown.
    static func isUnsafeForText(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Text for one line of terminal or log output: control characters (tab included) and the
    /// other unsafe scalars are written as `\n`, `\r`, `\t`, `\u{1B}`, so a name cannot start a
    /// new line, fake a finding, ring the bell or colour the terminal.
    package static func terminal(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\t" || isUnsafeForText($0) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\t" {
                result += "\\t"
            } else if !isUnsafeForText(scalar) {
                result.unicodeScalars.append(scalar)
            } else if scalar == "\n" {
                result += "\\n"
            } else if scalar == "\r" {
                result += "\\r"
            } else {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// The data part of a GitHub Actions workflow command: `%`, CR and LF are percent-encoded.
    static func githubData(_ text: String) -> String {
        github(text, property: false)
    }

    /// A property value of a workflow command: also `:` and `,`, which delimit properties.
    static func githubProperty(_ text: String) -> String {
        github(text, property: true)
    }

    private static func github(_ text: String, property: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case ":" where property: result += "%3A"
            case "," where property: result += "%2C"
            default:
                // Other controls (ESC, NEL, separators) could still start a line in some log viewers.
                if isUnsafeForText(scalar) {
                    result += "%" + hex(scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return (digits.count % 2 == 1 ? "0" : "") + digits
    }

    /// Plain text in a Markdown table cell: Markdown punctuation, HTML and pipes escaped with a
    /// backslash, each line break (CRLF, CR or LF) as `lineBreak`, other controls as U+FFFD.
    static func markdownText(_ text: String, lineBreak: String = " ") -> String {
        var result = ""
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "\\", "|", "*", "_", "`", "<", ">", "[", "]", "&":
                result += "\\"
                result.unicodeScalars.append(scalar)
            case "\r": result += lineBreak
            case "\n": if !afterCR { result += lineBreak }
            default:
                if isUnsafeForText(scalar) {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// A code span in a Markdown table cell: fenced with more backticks than the text holds in a
    /// row, on one line, pipes escaped (GitHub splits table cells on them even inside code).
    static func markdownCode(_ text: String) -> String {
        var flat = ""
        var longestRun = 0
        var run = 0
        for scalar in text.unicodeScalars {
            run = scalar == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
            switch scalar {
            case "|": flat += "\\|"
            case "\r", "\n": flat += " "
            default:
                if isUnsafeForText(scalar) {
                    flat += "\u{FFFD}"
                } else {
                    flat.unicodeScalars.append(scalar)
                }
            }
        }
        let fence = String(repeating: "`", count: longestRun + 1)
        let pad = longestRun > 0 || flat.hasPrefix("`") || flat.hasSuffix("`") ? " " : ""
        return fence + pad + flat + pad + fence
    }

    /// A finding's message in a Markdown table cell. maplint's messages quote code in backticks,
    /// and that code stays a code span; everything outside the spans is escaped as plain text,
    /// so HTML, links and images from a manifest cannot reach a pull-request comment.
    static func markdownMessage(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let ticks = scalars.count { $0 == "`" }
        // An unpaired last backtick is escaped, so it cannot open a span that swallows the rest.
        var pairedTicks = ticks - ticks % 2
        var result = ""
        var inCode = false
        var span = ""
        var text = ""
        for scalar in scalars {
            if scalar == "`", pairedTicks > 0 {
                pairedTicks -= 1
                if inCode {
                    result += markdownCode(span)
                    span = ""
                } else {
                    result += markdownText(text, lineBreak: "<br>")
                    text = ""
                }
                inCode.toggle()
                continue
            }
            if inCode {
                span.unicodeScalars.append(scalar)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return result + markdownText(text, lineBreak: "<br>")
    }

    /// A CSV field (RFC 4180): a field holding a comma, a quote or a line break is quoted, quotes
    /// doubled. A field that a spreadsheet would take for a formula (it starts with `=`, `+`, `-`,
    /// `@`, a tab or a carriage return) gets a leading `'`, which spreadsheets show as text.
    /// Control characters other than CR and LF (which the quoting keeps) are written as in
    /// `terminal`, `\u{1B}`, so a cell cannot carry them to a terminal that shows the file.
    static func csvField(_ text: String) -> String {
        var value = text
        if value.unicodeScalars.contains(where: { isUnsafeForText($0) && $0 != "\r" && $0 != "\n" }) {
            value = ""
            for scalar in text.unicodeScalars {
                if isUnsafeForText(scalar) && scalar != "\r" && scalar != "\n" {
                    value += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    value.unicodeScalars.append(scalar)
                }
            }
        }
        let text = value
        if let first = text.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) {
            value = "'" + text
        }
        guard value.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return value
        }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            quoted.unicodeScalars.append(scalar)
            if scalar == "\"" { quoted.unicodeScalars.append("\"") }
        }
        return quoted + "\""
    }
}

extension OutputEscaping {
    /// The text of a Mermaid node label, to go between double quotes: letters, digits, spaces
    /// and `.,_-/():` stay as they are; every other character becomes a Mermaid entity code
    /// (`#35;` for `#`), so a label cannot close its quotes, start a statement, an HTML tag, a
    /// Markdown string or a directive, nor end the code fence. Controls and bidirectional
    /// overrides become U+FFFD.
    static func mermaidLabel(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", " ", ".", ",", "_", "-", "/", "(", ")", ":":
                result.unicodeScalars.append(scalar)
            default:
                let value = isUnsafeForText(scalar) ? 0xFFFD : scalar.value
                result += "#\(value);"
            }
        }
        return result
    }
}
