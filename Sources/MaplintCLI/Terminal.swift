import ArgumentParser
import Foundation
import MaplintLint
import MaplintOutput

/// `--color auto|always|never`.
package enum ColourMode: String, CaseIterable, Sendable, ExpressibleByArgument {
    case auto, always, never
}

/// Writing to the standard streams, colour only on a terminal (or as `--color` and the
/// environment say).
enum Terminal {
    /// Writes `text` to the standard output. A write that fails (a full disk, a closed descriptor)
    /// is reported on the standard error and ends the run with status 2, instead of a crash.
    static func write(_ text: String) throws {
        try write(utf8: Array(text.utf8))
    }

    /// Writes the bytes as they are (no copy into `Data`: a JSON report can be tens of megabytes).
    static func write(utf8 bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        do {
            try FileHandle.standardOutput.write(contentsOf: bytes)
        } catch {
            // The reader went away (`maplint … | head -1`): nothing more is wanted. The run ends
            // quietly with the status of a process that a broken pipe stops (128 + SIGPIPE), as
            // shells and `set -o pipefail` expect; every file was written before the findings
            // were printed, and SIGPIPE itself is ignored (`ignoreBrokenPipes`), so none is cut short.
            if posixCode(error) == EPIPE { throw ExitCode(brokenPipeStatus) }
            writeError(line: "maplint: cannot write to the standard output: \(reason(error))")
            throw ExitStatus.invalidInput.exitCode
        }
    }

    /// The status of a run whose standard output was closed by its reader: 141, 128 + SIGPIPE.
    static let brokenPipeStatus: Int32 = 128 + SIGPIPE

    /// A closed pipe becomes a failed write (`EPIPE`) instead of a signal that would end the
    /// process wherever it is, a file half written included.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    private static func posixCode(_ error: Error) -> Int32? {
        let described = error as NSError
        if let underlying = described.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return Int32(underlying.code)
        }
        return described.domain == NSPOSIXErrorDomain ? Int32(described.code) : nil
    }

    /// Writes a message to the standard error as one line. File names, names and code quoted from
    /// the user's files are in it, so every control character (ESC, BEL, CR, LF, tab, C1 controls,
    /// line separators, bidirectional overrides) is written escaped (`\u{1B}`, `\n`, `\t`; see
    /// `OutputEscaping.terminal`): nothing read can colour the terminal, ring it, move its cursor
    /// or start a line that looks like another message.
    static func writeError(line message: String) {
        writeError(lines: [message])
    }

    /// `writeError(line:)` for several messages, one line each.
    static func writeError(lines messages: [String]) {
        writeErrorBytes(messages.map { OutputEscaping.terminal($0) + "\n" }.joined())
    }

    /// Writes text a formatter made for a terminal (`FindingsTextFormatter`): it escapes what came
    /// from the user's files itself and adds its own colour only when the standard error is a terminal.
    static func writeError(formatted text: String) {
        writeErrorBytes(text)
    }

    /// A message of the argument parser (a usage error, with the usage lines after it): its lines
    /// are kept, and each is escaped like `writeError(line:)`, since it may quote an argument.
    static func writeError(parserMessage text: String) {
        writeErrorBytes(
            text.split(separator: "\n", omittingEmptySubsequences: false).map {
                OutputEscaping.terminal(String($0))
            }.joined(separator: "\n") + "\n")
    }

    /// A failure to write to the standard error has nowhere to be reported, so it is ignored; the
    /// exit status still tells.
    private static func writeErrorBytes(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Array(text.utf8))
    }

    /// `--color`: the one setting, with the environment, that decides whether maplint writes
    /// colour (`colour(for:mode:environment:isTerminal:)`). Set once, before anything is written.
    nonisolated(unsafe) static var colourMode: ColourMode = .auto

    static var stdoutSupportsColour: Bool { colour(for: STDOUT_FILENO) }

    static var stderrSupportsColour: Bool { colour(for: STDERR_FILENO) }

    /// Whether text written to `descriptor` gets colour: the one place this is decided.
    ///
    /// `--color always` and `--color never` win. Under `auto` (the default), `FORCE_COLOR` or
    /// `CLICOLOR_FORCE` set to anything but "" or "0" turns colour on even through a pipe (a CI log)
    /// and even with `NO_COLOR`; otherwise colour needs a terminal, `NO_COLOR` unset or empty, and a
    /// `TERM` other than `dumb`.
    package static func colour(
        for descriptor: Int32, mode: ColourMode = colourMode,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        isTerminal: (Int32) -> Bool = { isatty($0) == 1 }
    ) -> Bool {
        switch mode {
        case .always: return true
        case .never: return false
        case .auto:
            func set(_ name: String) -> Bool { environment[name].map { !$0.isEmpty && $0 != "0" } ?? false }
            if set("FORCE_COLOR") || set("CLICOLOR_FORCE") { return true }
            if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
            return isTerminal(descriptor) && environment["TERM"] != "dumb"
        }
    }

    /// The width to wrap the standard output's text at: nil (no wrapping) unless it is a terminal;
    /// then `COLUMNS` when it is a positive number, else the terminal's own width, else 80.
    static func stdoutWidth(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        isTerminal: (Int32) -> Bool = { isatty($0) == 1 }
    ) -> Int? {
        guard isTerminal(STDOUT_FILENO) else { return nil }
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        var size = winsize()
        let status = withUnsafeMutablePointer(to: &size) { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }
        if status == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// The system's words for a failed write ("No space left on device"), from the POSIX error
    /// under Foundation's, else Foundation's own description.
    private static func reason(_ error: Error) -> String {
        let described = error as NSError
        if let underlying = described.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if described.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(described.code))) }
        return described.localizedDescription
    }
}
