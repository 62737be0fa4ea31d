import MaplintFiles
import MaplintFindings
import MaplintManifest

/// `maplint lint --fix` on texts in memory: the fixes of the findings are applied in rounds, and
/// each round is checked by linting the result again. Nothing here writes a file.
///
/// A round applies every fix that does not overlap an earlier one (in file order); overlapping
/// fixes wait for the next round, where the findings are linted afresh. A round is kept only
/// when, for every rule, the findings left are at most those before less the ones fixed: a fix
/// must remove its finding and add none. When a round fails that check its fixes are tried one
/// at a time, and those that fail alone are not applied.
package struct FixRun: Sendable {
    /// One fix applied, with the finding it fixed (positioned in the text before the run).
    package struct Applied: Sendable, Hashable {
        package var finding: Diagnostic
        package var fix: Fix
        /// The ranges of the text before the run that the fix's edits replace (its edits are
        /// positioned in the text of their round): a range of a later round grows to cover the
        /// whole of an earlier edit it starts or ends in.
        package var originalRanges: [Range<Int>] = []
    }

    /// A finding of a fixable rule that was left as it was, and why (positioned in the fixed text).
    package struct NotFixed: Sendable, Hashable {
        package var finding: Diagnostic
        package var reason: String
    }

    /// The texts before the run, by path.
    package var original: [String: [UInt8]]
    /// The texts after the run, by path (the same bytes where nothing changed).
    package var fixed: [String: [UInt8]]
    package var applied: [Applied] = []
    package var notFixed: [NotFixed] = []
    /// The findings of the fixed texts.
    package var diagnostics: [Diagnostic] = []
    /// The findings of the texts before the run.
    package var before: [Diagnostic] = []
    /// The edits of each round applied so far, by file, positioned in the text before that round.
    private var history: [[String: RoundEdits]] = []

    /// The findings of the texts as they are on disk once the run is over: those of the fixed
    /// texts, except in the files in `unwritten`, whose findings are those from before.
    package func findings(unwritten: Set<String>) -> [Diagnostic] {
        guard !unwritten.isEmpty else { return diagnostics }
        return
            (diagnostics.filter { !unwritten.contains($0.location.file) }
            + before.filter { unwritten.contains($0.location.file) }).sortedByLocation()
    }

    /// Paths whose text changed, sorted.
    package var changedFiles: [String] { fixed.keys.filter { fixed[$0] != original[$0] }.sorted() }

    static let maxRounds = 8

    /// Runs the fixes of `lint`'s findings on `texts` (path → bytes). `lint` lints the texts as
    /// they are at that point and returns the findings of all of them, fixes attached.
    package static func run(
        _ texts: [String: [UInt8]], fixableRules: Set<RuleID>, lint: ([String: [UInt8]]) -> [Diagnostic]
    ) -> FixRun {
        var run = FixRun(original: texts, fixed: texts)
        var current = lint(texts)
        run.before = current
        var rejected: Set<String> = []
        for _ in 0..<maxRounds {
            let candidates = current.filter { finding in
                guard let fix = finding.fix, !fix.edits.isEmpty, texts[fix.file] != nil else { return false }
                return !rejected.contains(key(finding))
            }
            guard !candidates.isEmpty else { break }
            let chosen = nonOverlapping(candidates.sortedByLocation())
            if let (texts, after) = attempt(chosen, on: run.fixed, before: current, lint: lint) {
                run.record(chosen)
                run.fixed = texts
                current = after
                continue
            }
            // One at a time: keep those that pass alone.
            var progressed = false
            for finding in chosen {
                guard let fix = finding.fix else { continue }
                // Edits are positions in the texts linted last; after an earlier success they may be stale.
                let fresh =
                    progressed ? current.first { $0.rule == finding.rule && $0.fix?.summary == fix.summary } : finding
                guard let fresh, fresh.fix != nil else { continue }
                if let (texts, after) = attempt([fresh], on: run.fixed, before: current, lint: lint) {
                    run.record([fresh])
                    run.fixed = texts
                    current = after
                    progressed = true
                } else {
                    rejected.insert(key(finding))
                }
            }
            if !progressed { break }
        }
        run.diagnostics = current
        // What is left is reported where it is in the fixed texts, as the findings are.
        for finding in current where fixableRules.contains(finding.rule) {
            let reason: String
            if rejected.contains(key(finding)) {
                reason = "the fix would leave this finding or add another; fix it by hand"
            } else if let fix = finding.fix, texts[fix.file] == nil {
                reason = "its fix is in \(fix.file), which maplint does not write"
            } else if finding.fix != nil {
                reason = "its fix overlaps others; run --fix again"
            } else if finding.fixAction != nil {
                reason = "maplint cannot make this edit safely here; fix it by hand"
            } else {
                reason = "this finding has no automatic fix; fix it by hand"
            }
            run.notFixed.append(NotFixed(finding: finding, reason: reason))
        }
        return run
    }

    /// The findings whose fixes overlap no earlier one's, in order. The same fix for two findings
    /// (two rule ids of one dead comment) counts once each. The ranges taken are kept sorted per
    /// file, so each fix is checked against its two neighbours, not against every fix before it.
    static func nonOverlapping(_ findings: [Diagnostic]) -> [Diagnostic] {
        var chosen: [Diagnostic] = []
        var chosenFixes: Set<Fix> = []
        var taken: [String: [Range<Int>]] = [:]
        for finding in findings {
            guard let fix = finding.fix else { continue }
            if chosenFixes.contains(fix) {
                chosen.append(finding)
                continue
            }
            var ranges = taken[fix.file] ?? []
            taken[fix.file] = nil
            let clear = fix.edits.allSatisfy { edit in
                let position = Self.insertionPoint(of: edit.range, in: ranges)
                // Taken ranges are disjoint, but an insertion may share its start with a replaced
                // range: the two before the place are checked, and the one after it.
                return !(position > 0 && Fix.overlap(ranges[position - 1], edit.range))
                    && !(position > 1 && Fix.overlap(ranges[position - 2], edit.range))
                    && !(position < ranges.count && Fix.overlap(ranges[position], edit.range))
            }
            if clear {
                for edit in fix.edits { ranges.insert(edit.range, at: Self.insertionPoint(of: edit.range, in: ranges)) }
                chosen.append(finding)
                chosenFixes.insert(fix)
            }
            taken[fix.file] = ranges
        }
        return chosen
    }

    /// Where `range` goes in `ranges`, sorted by their starts (after those that start at or before it).
    private static func insertionPoint(of range: Range<Int>, in ranges: [Range<Int>]) -> Int {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = low + (high - low) / 2
            if ranges[middle].lowerBound <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Records fixes about to be applied to `fixed`. A finding of a later round is positioned in
    /// the partly fixed text: its place is moved back through the earlier rounds' edits, so every
    /// fix is reported where it is in the original text.
    private mutating func record(_ findings: [Diagnostic]) {
        // Each file's lines are counted once per round, not once per finding.
        var nowTexts: [String: SourceText] = [:]
        var beforeTexts: [String: SourceText] = [:]
        for finding in findings {
            guard let fix = finding.fix else { continue }
            var located = finding
            let file = finding.location.file
            if !history.isEmpty, let now = fixed[file], let before = original[file] {
                let nowText = nowTexts[file] ?? SourceText(now)
                nowTexts[file] = nowText
                if var offset = nowText.offset(of: finding.location) {
                    for round in history.reversed() { offset = round[file]?.offsetBefore(offset) ?? offset }
                    let beforeText = beforeTexts[file] ?? SourceText(before)
                    beforeTexts[file] = beforeText
                    let (line, column) = beforeText.position(ofOffset: offset)
                    located.location = SourceLocation(file: file, line: line, column: column)
                }
            }
            let ranges = fix.edits.map { edit in
                var (lower, upper) = (edit.range.lowerBound, edit.range.upperBound)
                for round in history.reversed() {
                    guard let edits = round[fix.file] else { continue }
                    (lower, upper) = (edits.offsetBefore(lower), edits.offsetBefore(upper, end: true))
                }
                return lower..<max(lower, upper)
            }
            applied.append(Applied(finding: located, fix: fix, originalRanges: ranges))
        }
        var round: [String: [TextEdit]] = [:]
        for fix in Set(findings.compactMap(\.fix)) { round[fix.file, default: []] += fix.edits }
        history.append(round.mapValues(RoundEdits.init))
    }

    /// The edits of one round in one file, sorted, with where each lands in the text after them:
    /// an offset is moved back through them by a binary search.
    struct RoundEdits {
        let edits: [TextEdit]
        /// For each edit, where its replacement starts in the text after the round.
        let newStarts: [Int]
        /// For each edit, how much longer the text after it is than before, up to its end.
        let shifts: [Int]

        init(_ edits: [TextEdit]) {
            self.edits = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
            var newStarts: [Int] = []
            var shifts: [Int] = []
            var shift = 0
            for edit in self.edits {
                newStarts.append(edit.range.lowerBound + shift)
                shift += edit.replacement.utf8.count - edit.range.count
                shifts.append(shift)
            }
            self.newStarts = newStarts
            self.shifts = shifts
        }

        /// Where an offset of the text after the edits was before them (an offset inside inserted
        /// text goes to the start of what it replaced, or with `end` past its end when it is not
        /// the insertion's first byte).
        func offsetBefore(_ offset: Int, end: Bool = false) -> Int {
            // The last edit whose replacement starts at or before the offset.
            var low = 0
            var high = newStarts.count
            while low < high {
                let middle = low + (high - low) / 2
                if newStarts[middle] <= offset { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return offset }
            let edit = edits[low - 1]
            let start = newStarts[low - 1]
            if offset < start + edit.replacement.utf8.count {
                return end && offset > start ? edit.range.upperBound : edit.range.lowerBound
            }
            return offset - shifts[low - 1]
        }
    }

    /// Where an offset of the text after `edits` was before them (see `RoundEdits.offsetBefore`).
    static func offsetBefore(_ offset: Int, edits: [TextEdit], end: Bool = false) -> Int {
        RoundEdits(edits).offsetBefore(offset, end: end)
    }

    /// Identifies a finding across rounds, where positions move: its rule, file and what its fix does.
    private static func key(_ finding: Diagnostic) -> String {
        "\(finding.rule) \(finding.fix?.file ?? finding.location.file) \(finding.fix?.summary ?? finding.message)"
    }

    /// The texts with the findings' fixes and their findings, when every rule has lost at least
    /// as many findings as were fixed and gained none.
    private static func attempt(
        _ findings: [Diagnostic], on texts: [String: [UInt8]], before: [Diagnostic],
        lint: ([String: [UInt8]]) -> [Diagnostic]
    ) -> ([String: [UInt8]], [Diagnostic])? {
        var result = texts
        var fixesByFile: [String: [Fix]] = [:]
        var seen: Set<Fix> = []
        for finding in findings {
            guard let fix = finding.fix, seen.insert(fix).inserted else { continue }
            fixesByFile[fix.file, default: []].append(fix)
        }
        for (file, fixes) in fixesByFile {
            guard let bytes = result[file] else { return nil }
            result[file] = Fix.apply(fixes, to: bytes)
        }
        let after = lint(result)
        var counts: [RuleID: Int] = [:]
        for finding in before { counts[finding.rule, default: 0] += 1 }
        for finding in findings { counts[finding.rule, default: 0] -= 1 }
        for finding in after { counts[finding.rule, default: 0] -= 1 }
        guard counts.values.allSatisfy({ $0 >= 0 }) else { return nil }
        return (result, after)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FixRun {
    /// Why the file at `path` must not be fixed, or nil: a fix writes only a regular file named
    /// by its own path, never through a symbolic link (of the file or of a folder above it).
    package static func editingProblem(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return "it cannot be read" }
        if info.st_mode & S_IFMT == S_IFLNK { return "it is a symbolic link; maplint does not write through links" }
        guard info.st_mode & S_IFMT == S_IFREG else { return "it is not a regular file" }
        guard let resolved = realpath(path, nil) else { return "it cannot be read" }
        defer { free(resolved) }
        let real = String(cString: resolved)
        var absolute = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            guard getcwd(&buffer, buffer.count) != nil else { return "the current folder cannot be read" }
            absolute =
                String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + path
        }
        if FilePaths.joined("", absolute) != real {
            return "it is reached through a symbolic link (\(real)); maplint does not write through links"
        }
        return nil
    }

    /// Writes every changed file atomically, keeping its permissions, owner and group, and only
    /// when it still holds the text the fixes were made on. A file is written only when its real
    /// path is one of `roots` or inside one of them (the paths the user named, projects by their
    /// folder); nil allows any. Returns the files written and those that were not, with why.
    package func write(
        within roots: [String]? = nil
    ) -> (written: [String], failures: [(file: String, problem: String)]) {
        var written: [String] = []
        var failures: [(file: String, problem: String)] = []
        let writer = AtomicFileWriter(refuseLinks: true)
        let realRoots = roots?.compactMap(Self.realPath)
        for file in changedFiles {
            guard let bytes = fixed[file] else { continue }
            if let problem = Self.editingProblem(file) {
                failures.append((file, problem))
                continue
            }
            if let realRoots {
                let real = Self.realPath(file) ?? file
                let inside = realRoots.contains { root in
                    real == root || real.hasPrefix(root == "/" ? "/" : root + "/")
                }
                if !inside {
                    failures.append(
                        (
                            file,
                            "it is outside the paths named (\(roots?.joined(separator: ", ") ?? "")); maplint writes only there"
                        ))
                    continue
                }
            }
            switch writer.write(bytes, to: file, replacing: original[file]) {
            case .success: written.append(file)
            case .failure(let failure): failures.append((file, failure.message))
            }
        }
        return (written, failures)
    }

    /// The real path of an existing file or folder, links resolved; nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
