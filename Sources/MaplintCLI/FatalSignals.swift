import MaplintConcurrency

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The last line of defence against input no limit foresaw: a stack overflow (or any fault)
/// while a file is parsed ends the run with a message naming the file and status 2. Each check
/// before parsing (`SwiftNesting`) keeps inputs away from this; the handler only makes sure that
/// what slips past them is still a clear error, never a bare signal.
enum FatalSignals {
    /// Installs the handler for faults; `installAlternateStack()` must run on each thread that may
    /// overflow its stack, since the handler cannot run on a stack that is full.
    package static func install() {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_sigaction = { signal, _, _ in FatalSignals.handle(signal) }
        #else
        action.__sigaction_u.__sa_sigaction = { signal, _, _ in FatalSignals.handle(signal) }
        #endif
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        sigemptyset(&action.sa_mask)
        for signal in [SIGSEGV, SIGBUS] { sigaction(signal, &action, nil) }
    }

    /// Gives the calling thread a stack of its own for the handler.
    static func installAlternateStack() {
        AlternateSignalStack.install()
    }

    /// Writes the message and ends the process; only async-signal-safe calls.
    private static func handle(_ signal: Int32) {
        // The faulting thread's own file (read through the thread's key, which glibc answers
        // without allocating), else any file being read.
        var path = ReadingContext.paths + ReadingContext.currentSlot * ReadingContext.capacity
        if path[0] == 0 {
            for slot in 0..<ReadingContext.slotCount where ReadingContext.paths[slot * ReadingContext.capacity] != 0 {
                path = ReadingContext.paths + slot * ReadingContext.capacity
                break
            }
        }
        if path[0] != 0 {
            put("maplint: ")
            _ = write(2, path, strlen(path))
            put(
                ": this file is beyond what maplint can read (it ran out of stack parsing it: a very long run of `try`, prefix operators or `else if`); exclude it with --excluded or in .maplint.yml\n"
            )
        } else {
            put("maplint: internal error (a memory fault); please report it with the command that caused it\n")
        }
        _exit(2)
    }

    private static func put(_ text: StaticString) {
        _ = write(2, text.utf8Start, text.utf8CodeUnitCount)
    }
}
