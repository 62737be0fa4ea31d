import Foundation

/// A path pattern of `included` / `excluded`: `*` matches within one path component, `?` one
/// character of a component, and a `**` component any number of components (none included).
/// Patterns are matched against paths relative to the configuration file's folder; a pattern
/// that matches a folder matches everything under it, so `Pods` excludes `Pods/a.maplint.yml`.
package struct GlobPattern: Sendable, Hashable, CustomStringConvertible {
    package let pattern: String
    /// The absolute folder the pattern is relative to, when it is not the configuration's root:
    /// a nested configuration's folder, or the current folder for an option.
    package let base: String?
    private let components: [String]

    package init(_ pattern: String, base: String? = nil) {
        self.pattern = pattern
        self.base = base
        var trimmed = Substring(pattern)
        while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
        components = trimmed.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    package var description: String { pattern }

    /// The same pattern relative to `folder` (absolute) when it has no folder of its own.
    func anchored(at folder: String) -> GlobPattern {
        base == nil ? GlobPattern(pattern, base: folder) : self
    }

    /// Whether the relative path `path`, or one of the folders it is in, matches.
    package func matches(_ path: String) -> Bool {
        var trimmed = Substring(path)
        while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !parts.isEmpty else { return false }
        // One pass: the table says for every prefix of the path whether the pattern matches it.
        return Self.match(components, parts).dropFirst().contains(true)
    }

    /// Component-level matching by dynamic programming, so `**` costs no backtracking: element
    /// `j` of the result says whether the whole pattern matches the first `j` path components.
    private static func match(_ pattern: [String], _ path: [String]) -> [Bool] {
        // reachable[j]: the pattern components consumed so far can match the first j path components.
        var reachable = [Bool](repeating: false, count: path.count + 1)
        reachable[0] = true
        for component in pattern {
            var next = [Bool](repeating: false, count: path.count + 1)
            if component == "**" {
                var seen = false
                for j in 0...path.count {
                    seen = seen || reachable[j]
                    next[j] = seen
                }
            } else {
                for j in 0..<path.count where reachable[j] && wildcard(component, path[j]) {
                    next[j + 1] = true
                }
            }
            reachable = next
        }
        return reachable
    }

    /// `*` and `?` within one component.
    static func wildcard(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.unicodeScalars)
        let t = Array(text.unicodeScalars)
        var reachable = [Bool](repeating: false, count: t.count + 1)
        reachable[0] = true
        for scalar in p {
            var next = [Bool](repeating: false, count: t.count + 1)
            if scalar == "*" {
                var seen = false
                for j in 0...t.count {
                    seen = seen || reachable[j]
                    next[j] = seen
                }
            } else {
                for j in 0..<t.count where reachable[j] && (scalar == "?" || scalar == t[j]) {
                    next[j + 1] = true
                }
            }
            reachable = next
        }
        return reachable[t.count]
    }
}
