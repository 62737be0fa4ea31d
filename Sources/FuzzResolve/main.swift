import MaplintFindings
import MaplintManifest
import MaplintOutput
import MaplintReport

// A libFuzzer target for `maplint resolve --screen NAME`: the first line of the input is the
// name asked for, the rest a manifest. The app's screens are the manifest's (named `Screen`)
// and one per view type it registers, named after it and not built (as a Swift screen whose
// registrations did not build). The name selects screens, or the run ends with the message
// naming the closest screen (did you mean); each screen selected is resolved (its witnesses,
// or the manifest's own sample) and written in every format of `resolve`.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResolve(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ResolveFuzz.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

enum ResolveFuzz {
    static let file = "Screen.maplint.yml"

    static func run(_ bytes: [UInt8]) {
        let end = bytes.firstIndex(of: 0x0A) ?? bytes.count
        let name = String(decoding: bytes[..<end], as: UTF8.self)
        let loaded = ManifestLoader.load(bytes: Array(bytes[min(end + 1, bytes.count)...]), file: file)
        let place = SourceLocation(file: file, line: 1, column: 1)
        var screens = [
            AppReport.Screen(
                name: "Screen", host: loaded.manifest?.host ?? .tableView, location: place, manifest: loaded.manifest,
                findings: loaded.diagnostics)
        ]
        var views: Set<String> = []
        for registration in loaded.manifest?.registrations ?? [] {
            let view = registration.viewClass.value
            guard views.insert(view).inserted else { continue }
            let error = Diagnostic.invalidManifest("the registrations of \(view) did not build", at: place)
            screens.append(
                AppReport.Screen(
                    name: view, host: .tableView, location: registration.location, manifest: nil,
                    findings: [error]))
        }
        let app = AppReport(title: file, screens: screens, findings: [], files: 1, links: SourceLinks(folder: "."))
        switch AppResolution.screens(named: name, in: app.screens, of: file) {
        case .success(let named):
            guard named.allSatisfy({ $0.name == name }) else { fatalError("a screen of another name was selected") }
            let resolved = named.compactMap { AppResolution.resolved($0, ownSample: true) }
            guard resolved.count == named.count else { fatalError("a selected screen was not resolved") }
            for identifier in OutputFormats.appResolution.identifiers {
                guard let formatter = OutputFormats.appResolution.formatter(identifier: identifier) else { continue }
                _ = formatter.init(colour: false).format(AppResolution(screens: resolved))
            }
        case .failure(let missing):
            check(missing.message, name: name, names: app.screens.map(\.name))
        }
    }

    /// The message names the screen asked for and every screen; its suggestion is the one a full
    /// (unbanded) edit distance chooses.
    static func check(_ message: String, name: String, names: [String]) {
        guard !names.contains(name) else { fatalError("a screen named '\(name.prefix(80))' was not selected") }
        guard message.hasPrefix("no screen named '\(name)' in \(file)"),
            message.hasSuffix("; its screens: " + names.sorted().joined(separator: ", "))
        else { fatalError("the message does not name the screen and the screens: \(message.prefix(200))") }
        // The full distance costs the product of the lengths: compared on short names only.
        guard name.unicodeScalars.count <= 300, names.allSatisfy({ $0.unicodeScalars.count <= 300 }) else { return }
        let expected = closest(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
        guard message.contains("in \(file)\(expected); its screens: ") else {
            fatalError("the suggestion differs from the full edit distance's \(expected): \(message.prefix(300))")
        }
    }

    /// `Suggestion.closest` with the whole Levenshtein table: the candidate within the limit
    /// (a third of the name, 1 to 3) at the least distance, the first by name on a tie.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let limit = max(1, min(3, word.count / 3 + 1))
        let lowered = Array(word.lowercased().unicodeScalars)
        var best: (String, Int)?
        for candidate in candidates {
            let distance = levenshtein(lowered, Array(candidate.lowercased().unicodeScalars))
            guard distance <= limit else { continue }
            if let current = best, distance > current.1 || (distance == current.1 && candidate >= current.0) {
                continue
            }
            best = (candidate, distance)
        }
        return best?.0
    }

    static func levenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
