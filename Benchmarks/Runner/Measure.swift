import Foundation

/// One run of a program: wall time from spawn to exit, and the child's peak resident set.
struct Run: Sendable {
    var seconds: Double
    /// `ru_maxrss` of the child, in KiB on Linux.
    var peakKiB: Int
    /// The exit status, or nil when it was killed by a signal.
    var exitStatus: Int32?
    /// The signal that ended it, if one did.
    var signal: Int32?
    var timedOut: Bool
}

/// The best (fastest) of several runs, with the largest peak memory seen.
struct Best: Sendable {
    var seconds: Double
    var peakKiB: Int
    var exitStatus: Int32?
    var signal: Int32?
    var timedOut: Bool
    var runs: Int
}

enum Measure {
    /// Caps the address space of this process and so of every program it starts: a run that
    /// would need more fails instead of pushing the machine into swap.
    static func limitMemory(gibibytes: Int) {
        let bytes = rlim_t(gibibytes) << 30
        var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
        if setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) != 0 {
            FileHandle.standardError.write(Data("maplint-bench: cannot limit memory to \(gibibytes) GiB\n".utf8))
        }
    }

    /// Runs `arguments` (the first is an absolute path) with stdout and stderr sent to
    /// /dev/null, killing it after `timeout` seconds. Spawned directly (no shell), timed with
    /// the monotonic clock, and reaped with wait4 for its resource usage.
    /// `errors`: a file for its standard error instead.
    static func run(_ arguments: [String], timeout: Double, errors: String = "/dev/null") -> Run? {
        guard let path = arguments.first else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let argv = arguments.map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in environment { free(pointer) }
        }

        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, path, &actions, nil, argv, environment) == 0 else { return nil }
        let child = pid
        let killer = DispatchWorkItem { kill(child, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)

        var status: Int32 = 0
        var usage = rusage()
        while wait4(child, &status, 0, &usage) < 0 {
            guard errno == EINTR else { return nil }
        }
        let end = DispatchTime.now().uptimeNanoseconds
        killer.cancel()

        let nanoseconds = end >= start ? end - start : 0
        let signal = status & 0x7F
        return Run(
            seconds: Double(nanoseconds) / 1e9,
            peakKiB: Int(usage.ru_maxrss),
            exitStatus: signal == 0 ? (status >> 8) & 0xFF : nil,
            signal: signal == 0 ? nil : signal,
            timedOut: signal == SIGKILL
        )
    }

    /// The best of `count` runs. A run slower than `slowAfter` seconds (or one that fails)
    /// ends the series early: a long run is dominated by the work, not by noise.
    static func best(_ arguments: [String], count: Int, timeout: Double, slowAfter: Double = 20) -> Best? {
        var best: Best?
        for attempt in 1...max(1, count) {
            guard let run = run(arguments, timeout: timeout) else { return best }
            let peak = max(best?.peakKiB ?? 0, run.peakKiB)
            if best == nil || run.seconds < (best?.seconds ?? .infinity) {
                best = Best(
                    seconds: run.seconds, peakKiB: peak, exitStatus: run.exitStatus, signal: run.signal,
                    timedOut: run.timedOut, runs: attempt)
            } else {
                best?.peakKiB = peak
                best?.runs = attempt
            }
            if run.timedOut || run.exitStatus == nil || run.seconds > slowAfter { break }
        }
        return best
    }

    /// The instructions a run executes (Ir, every thread's), counted by callgrind: unlike the
    /// time, the machine's load does not move it. Nil when valgrind is not installed or the run
    /// fails.
    static func instructions(_ arguments: [String], timeout: Double) -> Int? {
        guard
            let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return nil }
        guard let program = arguments.first.flatMap(withoutDebugInformation) else { return nil }
        let log = NSTemporaryDirectory() + "maplint-bench-callgrind-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let command = [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", program] + arguments.dropFirst()
        guard let run = run(command, timeout: timeout, errors: log), run.exitStatus.map({ $0 < 2 }) == true,
            let text = try? String(contentsOfFile: log, encoding: .utf8)
        else { return nil }
        // `==PID== Collected : 123456789`
        guard let line = text.split(separator: "\n").last(where: { $0.contains("Collected :") }),
            let count = line.split(separator: " ").last.flatMap({ Int($0) })
        else { return nil }
        return count
    }

    /// A copy of the program without its DWARF sections (`objcopy --strip-debug`), made once:
    /// valgrind 3.19 gives up on the DWARF 5 the Swift toolchain writes. Its symbols are kept, so
    /// a profile still names the functions. The program itself when objcopy is missing.
    static func withoutDebugInformation(_ program: String) -> String? {
        if let known = stripped[program] { return known }
        guard
            let objcopy = ["/usr/bin/objcopy", "/usr/local/bin/objcopy"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return program }
        let copy = NSTemporaryDirectory() + "maplint-bench-\(getpid())-" + (program as NSString).lastPathComponent
        guard let run = run([objcopy, "--strip-debug", program, copy], timeout: 120), run.exitStatus == 0 else {
            return nil
        }
        stripped[program] = copy
        return copy
    }

    /// The copies `withoutDebugInformation` made, by program; removed with `removeStrippedCopies`.
    nonisolated(unsafe) static var stripped: [String: String] = [:]

    static func removeStrippedCopies() {
        for copy in stripped.values { try? FileManager.default.removeItem(atPath: copy) }
        stripped = [:]
    }
}
