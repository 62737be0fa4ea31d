import Foundation
import MaplintConcurrency

/// "checked 120/701 files" (or "Swift files", read in turn for each target of an app) on the
/// standard error, rewritten in place while a long run goes on and cleared when it ends, so
/// nothing of it stays above the findings.
///
/// Shown only when the standard error is a terminal (`TERM` not `dumb`), without `--quiet`, for
/// two files or more, and only once the run has taken `delay` (0.5 s): a quick run never
/// flickers. The line is redrawn at most every 0.1 s. It never goes to the standard output, so
/// JSON, SARIF and the other formats there, or in `--output`, are never mixed with it.
package final class ProgressLine: ProgressObserver, @unchecked Sendable {
    /// How long a run goes before the line appears.
    package static let defaultDelay: TimeInterval = 0.5
    /// The shortest time between two drawings.
    static let redrawInterval: TimeInterval = 0.1

    private var total = 0
    private var noun = "files"
    private let enabled: Bool
    private let delay: TimeInterval
    private let now: () -> TimeInterval
    private let write: (String) -> Void
    private let lock = NSLock()
    private let start: TimeInterval
    private var done = 0
    private var lastDrawn: TimeInterval?

    /// - Parameters:
    ///   - enabled: whether the line may be shown at all (`shouldShow`).
    ///   - delay: counted from now, the start of the run.
    ///   - now: a clock in seconds; `write`: where the line's bytes go (the standard error).
    package init(
        enabled: Bool, delay: TimeInterval = ProgressLine.defaultDelay,
        now: @escaping () -> TimeInterval = { ProcessInfo.processInfo.systemUptime },
        write: @escaping (String) -> Void
    ) {
        self.enabled = enabled
        self.delay = delay
        self.now = now
        self.write = write
        start = now()
    }

    /// Whether a run may show the line: the standard error is a terminal that is not `dumb`, and
    /// `--quiet` is not given.
    static func shouldShow(
        quiet: Bool, environment: [String: String] = ProcessInfo.processInfo.environment,
        isTerminal: (Int32) -> Bool = { isatty($0) == 1 }
    ) -> Bool {
        !quiet && isTerminal(STDERR_FILENO) && environment["TERM"] != "dumb"
    }

    /// The delay before the line appears: `MAPLINT_PROGRESS_DELAY` (seconds) when set to a number
    /// of zero or more, which the tests use to see the line on a quick run; else `defaultDelay`.
    package static func delay(environment: [String: String] = ProcessInfo.processInfo.environment) -> TimeInterval {
        if let text = environment["MAPLINT_PROGRESS_DELAY"], let seconds = TimeInterval(text), seconds >= 0 {
            return seconds
        }
        return defaultDelay
    }

    /// A new count: `total` files to check (the line, if shown, stays until the next drawing).
    package func begin(total: Int, of noun: String) {
        lock.withLock {
            self.total = total
            self.noun = noun
            done = 0
        }
    }

    /// One more file checked. Safe to call from several threads at once.
    package func advance() {
        guard enabled else { return }
        lock.withLock {
            done += 1
            guard total >= 2 else { return }
            let time = now()
            guard time - start >= delay else { return }
            if let lastDrawn, time - lastDrawn < Self.redrawInterval, done < total { return }
            lastDrawn = time
            // Carriage return, the text, then erase to the end of the line (a shorter text after a longer one).
            write("\r\(Self.text(done: done, total: total, noun: noun))\u{1B}[K")
        }
    }

    /// Clears the line, when it was shown. Call it before anything else is written.
    package func finish() {
        lock.withLock {
            guard lastDrawn != nil else { return }
            lastDrawn = nil
            write("\r\u{1B}[K")
        }
    }

    /// "checked 120/701 files".
    package static func text(done: Int, total: Int, noun: String) -> String {
        "checked \(done)/\(total) \(noun)"
    }
}
