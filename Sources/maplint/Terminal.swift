#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to the standard streams, colour only on a terminal.
enum Terminal {
    static func write(_ text: String) {
        fputs(text, stdout)
        fflush(stdout)
    }

    static func writeError(_ text: String) {
        fputs(text, stderr)
    }

    /// Colour when stdout is a terminal and NO_COLOR is unset.
    static var stdoutSupportsColour: Bool { supportsColour(STDOUT_FILENO) }

    static var stderrSupportsColour: Bool { supportsColour(STDERR_FILENO) }

    private static func supportsColour(_ descriptor: Int32) -> Bool {
        guard isatty(descriptor) == 1, getenv("NO_COLOR") == nil else { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return true
    }
}
