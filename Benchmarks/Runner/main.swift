import Foundation

// maplint-bench: writes the synthetic manifests, then times release builds of `maplint`
// and of the floor on them and prints a Markdown report. Driven by Scripts/bench.sh.

struct Options {
    var generateOnly = false
    var smoke = false
    var directory = ".build-bench/manifests"
    var binDirectory = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent().path
    var runs = 5
    var startupRuns = 20
    var timeout: Double = 120
    var memoryLimitGiB = 8
    var seed: UInt64 = 20_240_601
    /// Printed in the report: which build was timed.
    var configuration = "release"
    /// Where the report is also written, as `<date>-<commit>.md` (nothing when nil).
    var resultsDirectory: String?
    /// The commit timed, for the report and the results file name.
    var commit = "unknown"
    /// Whether the Swift cases and app roots are also counted in instructions under callgrind
    /// (slow: each run some 50 times its time). Off with --smoke and --no-callgrind.
    var callgrind = true

    static let usage = """
        usage: maplint-bench [generate] [--smoke] [--out DIR] [--bin DIR] [--runs N] [--timeout SECONDS]
                             [--memory-limit GIB] [--seed N] [--configuration NAME] [--results DIR] [--commit ID]
                             [--no-callgrind]
          generate   only write the manifests and the Swift trees
          --smoke    only the smallest sizes
          --out      where the manifests go (default .build-bench/manifests)
          --bin      folder holding release builds of maplint and maplint-bench-floor (default: this program's)
          --runs     runs per measurement, the best is kept (default 5; --version and the typical case: 20)
          --timeout  seconds before a run is killed (default 120)
          --memory-limit  address space of each run in GiB; more is reported as a crash (default 8)
          --results  also write the report to DIR/<date>-<commit>.md
          --commit   the commit timed, named in the report
          --no-callgrind  no instruction counts (valgrind --tool=callgrind) of the Swift cases and app roots
        """

    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var rest = arguments[...]
        func value() -> String? { rest.popFirst() }
        while let argument = rest.popFirst() {
            switch argument {
            case "generate": options.generateOnly = true
            case "--smoke":
                options.smoke = true
                options.callgrind = false
            case "--no-callgrind": options.callgrind = false
            case "--out":
                guard let v = value() else { return nil }
                options.directory = v
            case "--bin":
                guard let v = value() else { return nil }
                options.binDirectory = v
            case "--runs":
                guard let v = value().flatMap({ Int($0) }), v > 0 else { return nil }
                options.runs = v
            case "--timeout":
                guard let v = value().flatMap({ Double($0) }), v > 0 else { return nil }
                options.timeout = v
            case "--memory-limit":
                guard let v = value().flatMap({ Int($0) }), v > 0 else { return nil }
                options.memoryLimitGiB = v
            case "--configuration":
                guard let v = value() else { return nil }
                options.configuration = v
            case "--results":
                guard let v = value() else { return nil }
                options.resultsDirectory = v
            case "--commit":
                guard let v = value() else { return nil }
                options.commit = v
            case "--seed":
                guard let v = value().flatMap({ UInt64($0) }) else { return nil }
                options.seed = v
            default: return nil
            }
        }
        return options
    }
}

enum Format {
    static func time(_ seconds: Double) -> String {
        if seconds < 1 { return String(format: "%.1f ms", seconds * 1_000) }
        return String(format: "%.2f s", seconds)
    }

    static func bytes(_ count: Int) -> String {
        let value = Double(count)
        if value >= 1_048_576 { return String(format: "%.1f MiB", value / 1_048_576) }
        if value >= 1_024 { return String(format: "%.1f KiB", value / 1_024) }
        return "\(count) B"
    }

    static func count(_ value: Int) -> String {
        if value >= 1_000_000, value % 1_000_000 == 0 { return "\(value / 1_000_000)M" }
        if value >= 1_000, value % 1_000 == 0 { return "\(value / 1_000)k" }
        return "\(value)"
    }

    static func rate(_ perSecond: Double) -> String {
        if perSecond >= 1_000_000 { return String(format: "%.2fM", perSecond / 1_000_000) }
        if perSecond >= 1_000 { return String(format: "%.0fk", perSecond / 1_000) }
        return String(format: "%.0f", perSecond)
    }
}

/// Machine facts for the report, from /proc (blank elsewhere).
func machineDescription() -> String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model =
        cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
        .flatMap { $0.split(separator: ":", maxSplits: 1).last }
        .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
    let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
    let totalKiB =
        meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
        .flatMap { $0.split(separator: " ").dropFirst().first }
        .flatMap { Int($0) } ?? 0
    let cores = ProcessInfo.processInfo.activeProcessorCount
    return "\(cores) cores (nproc), \(model), \(Format.bytes(totalKiB * 1_024)) memory"
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("maplint-bench: \(message)\n".utf8))
    exit(1)
}

guard let options = Options.parse(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data((Options.usage + "\n").utf8))
    exit(64)
}

let cases = BenchCase.all(smoke: options.smoke)
do {
    try FileManager.default.createDirectory(atPath: options.directory, withIntermediateDirectories: true)
} catch {
    fail("cannot create \(options.directory): \(error.localizedDescription)")
}

// Generation is deterministic, so it is redone every time rather than trusted from disk.
for benchCase in cases {
    let path = options.directory + "/" + benchCase.fileName
    let start = Date()
    guard Generator.write(benchCase, to: path, seed: options.seed) else { fail("cannot write \(path)") }
    FileHandle.standardError.write(
        Data(String(format: "generated %@ in %.1f s\n", path, Date().timeIntervalSince(start)).utf8))
}
// The Swift trees: generated screens, and an app laid out as apps are.
var swiftCases: [(name: String, folder: String, registrations: Int)] = []
for screens in SwiftTree.sizes(smoke: options.smoke) {
    let folder = options.directory + "/swift-\(screens)"
    guard SwiftTree.write(screens: screens, to: folder, seed: options.seed) else { fail("cannot write \(folder)") }
    swiftCases.append(("\(Format.count(screens)) screens", folder, screens * 20))
}
for features in options.smoke ? [10] : [250] {
    let folder = options.directory + "/app-\(features)"
    guard AppTree.write(features: features, to: folder, seed: options.seed) else { fail("cannot write \(folder)") }
    swiftCases.append(("app of \(features) features", folder, 0))
}

// App roots (`maplint lint DIR`): projects, packages and lock files found, then every target's files.
guard let appRoots = AppRoots.write(under: options.directory, smoke: options.smoke, seed: options.seed) else {
    fail("cannot write the app roots under \(options.directory)")
}

if options.generateOnly { exit(0) }

Measure.limitMemory(gibibytes: options.memoryLimitGiB)
let maplint = options.binDirectory + "/maplint"
let floor = options.binDirectory + "/maplint-bench-floor"
let parseFloor = options.binDirectory + "/maplint-bench-parse"
for binary in [maplint, floor, parseFloor] where !FileManager.default.isExecutableFile(atPath: binary) {
    fail("no executable \(binary); build with `swift build -c release` first")
}

struct Row {
    var benchCase: BenchCase
    var fileSize: Int
    var lint: Best
    var floor: Best
}

func progress(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

var rows: [Row] = []
for benchCase in cases {
    let path = options.directory + "/" + benchCase.fileName
    let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    progress("timing \(benchCase.name) …")
    guard let floorRun = Measure.best([floor, path], count: options.runs, timeout: options.timeout),
        let lintRun = Measure.best(
            [maplint, "lint", path, "--format", "json"], count: options.runs, timeout: options.timeout)
    else { fail("cannot run the benchmarks on \(path)") }
    if floorRun.exitStatus != 0 { fail("the floor failed on \(path)") }
    rows.append(Row(benchCase: benchCase, fileSize: size, lint: lintRun, floor: floorRun))
}

// What disabled rules cost: the pair rules off, then every rule that analyses registrations
// or the sample off (what is left is loading and the manifest checks).
let pairRules = "intersecting-conditions,unreachable-registration,undecided-conditions"
let analysisRules =
    pairRules + ",reuse-identifier-collision,unresolved-item,ambiguous-item,nil-model,condition-error,"
    + "opaque-condition,section-out-of-range"
var disabledRows: [(name: String, rules: String, run: Best, full: Row)] = []
for name in ["regs-10k", "residues-r1k-i200k"] {
    guard let full = rows.first(where: { $0.benchCase.name == name }) else { continue }
    let path = options.directory + "/" + full.benchCase.fileName
    for (label, rules) in [("pair rules disabled", pairRules), ("analysis rules disabled", analysisRules)] {
        progress("timing \(name) with \(label) …")
        guard
            let run = Measure.best(
                [maplint, "lint", path, "--format", "json", "--disabled-rules", rules], count: options.runs,
                timeout: options.timeout)
        else { fail("cannot run the benchmarks on \(path)") }
        disabledRows.append((name + ", " + label, rules, run, full))
    }
}

// Swift sources: extraction and lint in one step (`lint --swift`), on generated screens and on a
// generated app laid out as apps are, each against the parse floor (read and parse the same
// files with SwiftParser, keep nothing) on one thread and on as many as maplint uses. On Linux
// maplint also runs pinned to one core (taskset), against the one-thread floor.
struct SwiftRow {
    var name: String
    var lines: Int
    var registrations: Int
    var lint: Best
    var oneCore: Best?
    var floorSequential: Best
    var floorParallel: Best
}
let taskset = ["/usr/bin/taskset", "/bin/taskset"].first { FileManager.default.isExecutableFile(atPath: $0) }
var swiftRows: [SwiftRow] = []
for swiftCase in swiftCases {
    progress("timing lint --swift on \(swiftCase.name) …")
    let arguments = [maplint, "lint", "--swift", swiftCase.folder, "--format", "json"]
    guard let run = Measure.best(arguments, count: options.runs, timeout: options.timeout),
        let sequential = Measure.best(
            [parseFloor, "--threads", "1", swiftCase.folder], count: options.runs, timeout: options.timeout),
        let parallel = Measure.best([parseFloor, swiftCase.folder], count: options.runs, timeout: options.timeout)
    else {
        fail("cannot run lint --swift or the parse floor on \(swiftCase.folder)")
    }
    if options.smoke, run.exitStatus == nil || run.exitStatus == 2 {
        fail("lint --swift did not complete on \(swiftCase.folder): \(statusCell(run))")
    }
    let oneCore = taskset.flatMap {
        Measure.best([$0, "-c", "0"] + arguments, count: options.runs, timeout: options.timeout)
    }
    let lines = AppTree.lineCount(swiftCase.folder)
    swiftRows.append(
        SwiftRow(
            name: swiftCase.name, lines: lines, registrations: swiftCase.registrations, lint: run, oneCore: oneCore,
            floorSequential: sequential, floorParallel: parallel))
}

// App roots: `maplint lint DIR` finds the projects, packages and lock files, then reads every
// target's files; against the parse floor on the same folder (every Swift file there belongs to
// a target, so the floor parses what maplint parses).
struct AppRow {
    var name: String
    var files: Int
    var lint: Best
    var floor: Best
}
var appRows: [AppRow] = []
for root in appRoots {
    progress("timing lint on \(root.name) …")
    guard
        let run = Measure.best(
            [maplint, "lint", root.folder, "--format", "json"], count: options.runs,
            timeout: options.timeout),
        let floorRun = Measure.best([parseFloor, root.folder], count: options.runs, timeout: options.timeout)
    else { fail("cannot run lint or the parse floor on \(root.folder)") }
    if options.smoke, run.exitStatus == nil || run.exitStatus == 2 {
        fail("lint did not complete on \(root.folder): \(statusCell(run))")
    }
    let files =
        FileManager.default.enumerator(atPath: root.folder).map { walker in
            walker.reduce(0) { count, path in count + ((path as? String)?.hasSuffix(".swift") == true ? 1 : 0) }
        } ?? 0
    appRows.append(AppRow(name: root.name, files: files, lint: run, floor: floorRun))
}

// Instructions (Ir) under callgrind: the load of the machine does not move them, so the ratio to
// the floor (on one thread, as callgrind runs threads one at a time) is the steadiest number.
struct InstructionRow {
    var name: String
    var lint: Int?
    var floor: Int?
}
var instructionRows: [InstructionRow] = []
if options.callgrind {
    let slowTimeout = max(options.timeout * 10, 1_200)
    let counted =
        swiftCases.map { ($0.name, [maplint, "lint", "--swift", $0.folder, "--format", "json"], $0.folder) }
        + appRoots.map { ($0.name, [maplint, "lint", $0.folder, "--format", "json"], $0.folder) }
    for (name, arguments, folder) in counted {
        progress("counting instructions on \(name) …")
        instructionRows.append(
            InstructionRow(
                name: name, lint: Measure.instructions(arguments, timeout: slowTimeout),
                floor: Measure.instructions([parseFloor, "--threads", "1", folder], timeout: slowTimeout)))
    }
}
Measure.removeStrippedCopies()

progress("timing start-up and the typical case …")
guard let version = Measure.best([maplint, "--version"], count: options.startupRuns, timeout: options.timeout) else {
    fail("cannot run \(maplint) --version")
}
let typicalCase = cases.first { $0.name.hasPrefix("typical") }
let typical = typicalCase.flatMap {
    Measure.best(
        [maplint, "lint", options.directory + "/" + $0.fileName, "--format", "json"],
        count: options.startupRuns, timeout: options.timeout)
}

// MARK: Report

/// A run that ended on its own (a timed-out or crashed run has no meaningful time).
func completed(_ best: Best) -> Bool { best.exitStatus != nil }

@MainActor func lintCell(_ best: Best) -> String {
    if best.timedOut { return "> \(Format.time(options.timeout)) (killed)" }
    if best.exitStatus == nil { return "crashed after " + Format.time(best.seconds) }
    return Format.time(best.seconds)
}

func statusCell(_ best: Best) -> String {
    guard let status = best.exitStatus else {
        if best.timedOut { return "timeout" }
        // An allocation over the memory limit ends in SIGABRT (signal 6) or SIGTRAP.
        return "crashed (signal \(best.signal ?? 0))"
    }
    // 0 and 1 are a completed check; 2 would mean the generated manifest is broken.
    return status == 2 ? "2 (invalid input!)" : "\(status)"
}

let date = ISO8601DateFormatter().string(from: Date())
var report = "### Benchmark results\n\n"
report += "Date: \(date). Commit: \(options.commit).\n"
report +=
    "Machine: \(machineDescription()). \(options.configuration.capitalized) build; wall time includes process start; "
report += "best of \(options.runs) runs (one when a run takes over 20 s), peak RSS the largest seen.\n\n"
report +=
    "| case | registrations | items | file | lint | peak RSS | RSS per MB of file | items/s | floor | lint / floor | exit |\n"
report += "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
for row in rows {
    let lint = row.lint
    let itemsPerSecond =
        !completed(lint) || lint.seconds <= 0 ? "–" : Format.rate(Double(row.benchCase.items) / lint.seconds)
    let ratio =
        !completed(lint) || row.floor.seconds <= 0 ? "–" : String(format: "%.1f×", lint.seconds / row.floor.seconds)
    let rssRatio =
        row.fileSize > 0 ? String(format: "%.1f MB", Double(lint.peakKiB) * 1_024 / Double(row.fileSize)) : "–"
    report +=
        "| \(row.benchCase.name) | \(Format.count(row.benchCase.registrations)) | \(Format.count(row.benchCase.items)) "
    report +=
        "| \(Format.bytes(row.fileSize)) | \(lintCell(lint)) | \(Format.bytes(lint.peakKiB * 1_024)) | \(rssRatio) "
    report += "| \(itemsPerSecond) | \(Format.time(row.floor.seconds)) | \(ratio) | \(statusCell(lint)) |\n"
}

@MainActor func row(_ name: String) -> Row? { rows.first { $0.benchCase.name == name } }

/// log(t2/t1) / log(n2/n1): 1 is linear.
@MainActor func exponent(_ small: Row?, _ large: Row?) -> Double? {
    guard let small, let large, completed(small.lint), completed(large.lint), small.lint.seconds > 0,
        small.benchCase.items != large.benchCase.items || small.benchCase.registrations != large.benchCase.registrations
    else { return nil }
    let sizeRatio = Double(large.fileSize) / Double(max(1, small.fileSize))
    return log(large.lint.seconds / small.lint.seconds) / log(sizeRatio)
}

report += "\n"
var targets: [(String, String, Bool?)] = []
let itemsSmall = row("items-100k")
let itemsLarge = row("items-1m")
let itemsExponent: Double? = {
    guard let small = itemsSmall, let large = itemsLarge, completed(small.lint), completed(large.lint),
        small.lint.seconds > 0
    else { return nil }
    return log(large.lint.seconds / small.lint.seconds) / log(10)
}()
if let itemsExponent {
    report += String(
        format: "- Scaling exponent, 100k → 1M items: %.3f (1 is linear; 11× time for 10× input is %.3f)\n",
        itemsExponent, log(11.0) / log(10.0))
}
if let regsExponent = exponent(row("regs-1k"), row("regs-10k")) {
    report += String(format: "- Scaling exponent, 1k → 10k registrations (against file size): %.3f\n", regsExponent)
}
report +=
    "- `maplint --version`: \(Format.time(version.seconds)) (best of \(version.runs)), peak RSS \(Format.bytes(version.peakKiB * 1_024))\n"
if let typical {
    report += "- Typical manifest (100 registrations, 1k items), `lint --format json` end to end: "
    report +=
        "\(Format.time(typical.seconds)) (best of \(typical.runs)), peak RSS \(Format.bytes(typical.peakKiB * 1_024))\n"
}

// The targets of the performance work, each from this run.
let worst = rows.filter { completed($0.lint) && $0.floor.seconds > 0 }.max {
    $0.lint.seconds / $0.floor.seconds < $1.lint.seconds / $1.floor.seconds
}
let failedRun = rows.first { !completed($0.lint) }
if let failedRun {
    targets.append(
        ("every case within 2× of the floor", "\(failedRun.benchCase.name): \(lintCell(failedRun.lint))", false))
} else if let worst {
    let ratio = worst.lint.seconds / worst.floor.seconds
    targets.append(
        (
            "every case within 2× of the floor (worst: \(worst.benchCase.name))", String(format: "%.1f×", ratio),
            ratio <= 2
        ))
}
if let large = itemsLarge, completed(large.lint) {
    let ratio = Double(large.lint.peakKiB) * 1_024 / Double(max(1, large.fileSize))
    targets.append(("peak RSS at most 3× the file on items-1m", String(format: "%.1f×", ratio), ratio <= 3))
}
if let regs = row("regs-10k") {
    targets.append(("regs-10k under 1 s", lintCell(regs.lint), completed(regs.lint) && regs.lint.seconds < 1))
}
if let typical {
    targets.append(("typical manifest under 30 ms", Format.time(typical.seconds), typical.seconds < 0.030))
}
if let itemsExponent {
    targets.append(
        (
            "10× the items costs at most 10.5× the time (100k → 1M items)",
            String(format: "%.1f×", pow(10, itemsExponent)), pow(10, itemsExponent) <= 10.5
        ))
}
if let small = row("regs-1k"), let large = row("regs-10k"), completed(small.lint), completed(large.lint),
    small.lint.seconds > 0
{
    let growth = large.lint.seconds / small.lint.seconds
    targets.append(
        (
            "10× the registrations costs at most 12× the time (regs-1k → regs-10k)", String(format: "%.1f×", growth),
            growth <= 12
        ))
}
targets.append(("`maplint --version` under 20 ms", Format.time(version.seconds), version.seconds < 0.020))
for partition in rows where partition.benchCase.series == "partition" {
    targets.append(
        (
            "\(partition.benchCase.name) analysed in under 2 s", lintCell(partition.lint),
            !completed(partition.lint) ? false : partition.lint.seconds < 2
        ))
}
if !disabledRows.isEmpty {
    report += "\n| case | lint | of the full lint | floor | lint / floor | exit |\n|---|---:|---:|---:|---:|---:|\n"
    for row in disabledRows {
        let share =
            completed(row.run) && completed(row.full.lint) && row.full.lint.seconds > 0
            ? String(format: "%.0f%%", 100 * row.run.seconds / row.full.lint.seconds) : "–"
        let ratio =
            completed(row.run) && row.full.floor.seconds > 0
            ? String(format: "%.1f×", row.run.seconds / row.full.floor.seconds) : "–"
        report += "| \(row.name) | \(lintCell(row.run)) | \(share) | \(Format.time(row.full.floor.seconds)) "
        report += "| \(ratio) | \(statusCell(row.run)) |\n"
    }
}
// maplint and the floor use the cores online, at most 8.
let parseThreads = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8)
report += "\n| Swift sources | lines | `lint --swift` | peak RSS | parse floor, \(parseThreads) threads | "
report += "lint / floor | floor's peak RSS | on 1 core | parse floor, 1 thread | 1 core / floor | exit |\n"
report += "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
func ratio(_ run: Best?, _ floor: Best) -> String {
    guard let run, completed(run), completed(floor), floor.seconds > 0 else { return "–" }
    return String(format: "%.2f×", run.seconds / floor.seconds)
}
for row in swiftRows {
    report += "| \(row.name) | \(Format.count(row.lines)) | \(lintCell(row.lint)) | "
    report += "\(Format.bytes(row.lint.peakKiB * 1_024)) | \(Format.time(row.floorParallel.seconds)) | "
    report += "\(ratio(row.lint, row.floorParallel)) | \(Format.bytes(row.floorParallel.peakKiB * 1_024)) | "
    report += "\(row.oneCore.map(lintCell) ?? "–") | \(Format.time(row.floorSequential.seconds)) | "
    report += "\(ratio(row.oneCore, row.floorSequential)) | \(statusCell(row.lint)) |\n"
}
for row in swiftRows {
    guard completed(row.lint), completed(row.floorParallel), row.floorParallel.seconds > 0 else { continue }
    let timeRatio = row.lint.seconds / row.floorParallel.seconds
    targets.append(
        ("\(row.name): at most 1.5× the parallel parse floor", String(format: "%.2f×", timeRatio), timeRatio <= 1.5))
    if let oneCore = row.oneCore, completed(oneCore), row.floorSequential.seconds > 0 {
        let coreRatio = oneCore.seconds / row.floorSequential.seconds
        targets.append(
            (
                "\(row.name), 1 core: at most 1.2× the one-thread floor", String(format: "%.2f×", coreRatio),
                coreRatio <= 1.2
            ))
    }
    let memory = Double(row.lint.peakKiB) / Double(max(1, row.floorParallel.peakKiB))
    targets.append(("\(row.name): peak RSS at most 2× the floor's", String(format: "%.1f×", memory), memory <= 2))
}
if !appRows.isEmpty {
    report += "\n| app root (`lint DIR`) | Swift files | lint | peak RSS | parse floor, \(parseThreads) threads | "
    report += "lint / floor | exit |\n|---|---:|---:|---:|---:|---:|---:|\n"
    for row in appRows {
        report += "| \(row.name) | \(row.files) | \(lintCell(row.lint)) | \(Format.bytes(row.lint.peakKiB * 1_024)) | "
        report += "\(Format.time(row.floor.seconds)) | \(ratio(row.lint, row.floor)) | \(statusCell(row.lint)) |\n"
    }
}
func instructionCell(_ count: Int?) -> String {
    guard let count else { return "–" }
    return String(format: "%.3f G", Double(count) / 1e9)
}
if !instructionRows.isEmpty {
    report += "\n| instructions (callgrind Ir) | lint | parse floor, 1 thread | lint / floor |\n"
    report += "|---|---:|---:|---:|\n"
    for row in instructionRows {
        let share = row.lint.flatMap { lint in row.floor.map { String(format: "%.2f×", Double(lint) / Double($0)) } }
        report += "| \(row.name) | \(instructionCell(row.lint)) | \(instructionCell(row.floor)) | \(share ?? "–") |\n"
    }
}
for row in instructionRows {
    guard let lint = row.lint, let floor = row.floor, floor > 0 else { continue }
    let share = Double(lint) / Double(floor)
    let limit = row.name.hasPrefix("app root") ? 1.5 : 3
    targets.append(
        (
            "\(row.name): at most \(String(format: "%g", limit))× the floor's instructions",
            String(format: "%.2f×", share), share <= limit
        ))
}
let screenRows = swiftRows.filter { $0.name.hasSuffix("screens") }
if screenRows.count == 2, completed(screenRows[0].lint), completed(screenRows[1].lint), screenRows[0].lint.seconds > 0 {
    let growth = screenRows[1].lint.seconds / screenRows[0].lint.seconds
    let inputs = Double(screenRows[1].lines) / Double(max(1, screenRows[0].lines))
    targets.append(
        (
            "\(screenRows[1].name) at most 5.5× the time of \(screenRows[0].name) (\(String(format: "%.1f", inputs))× the lines)",
            String(format: "%.2f×", growth), growth <= 5.5
        ))
}

report += "\n| target | measured | holds |\n|---|---:|:---:|\n"
if options.configuration != "release" {
    report = report.replacingOccurrences(of: "| target |", with: "| target (meant for release builds) |")
}
for (name, measured, holds) in targets {
    report += "| \(name) | \(measured) | \(holds.map { $0 ? "yes" : "**no**" } ?? "–") |\n"
}
print(report, terminator: "")
if let folder = options.resultsDirectory {
    let stamp = date.replacingOccurrences(of: ":", with: "")
    let path = folder + "/" + stamp + "-" + options.commit + ".md"
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(report.utf8).write(to: URL(fileURLWithPath: path))
        progress("wrote \(path)")
    } catch {
        fail("cannot write \(path): \(error.localizedDescription)")
    }
}

// In the smoke run a crash or an invalid generated manifest is a broken harness or tool, not a
// result: fail so CI notices. The full run reports them in the table instead.
if options.smoke, let broken = rows.first(where: { $0.lint.exitStatus == nil || $0.lint.exitStatus == 2 }) {
    fail("lint did not complete on \(broken.benchCase.fileName): \(statusCell(broken.lint))")
}
