import Foundation

/// Writing to the standard streams, colour only on a terminal.
enum Terminal {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func write(utf8 bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static var stdoutSupportsColour: Bool { supportsColour(STDOUT_FILENO) }

    static var stderrSupportsColour: Bool { supportsColour(STDERR_FILENO) }

    private static func supportsColour(_ descriptor: Int32) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        guard isatty(descriptor) == 1, environment["NO_COLOR"] == nil else { return false }
        return environment["TERM"] != "dumb"
    }
}
