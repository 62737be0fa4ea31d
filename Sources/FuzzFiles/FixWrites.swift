import MaplintFiles
import MaplintFindings
import MaplintLint
import MaplintManifest
import MaplintRules

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The `--fix` cases of the file-system target: a manifest with a fixable finding is fixed in
// memory (`FixRun.run`) and written (`FixRun.write`) when it is reached through a link to it or
// to a folder above it, is read-only, is changed between the run and the write, lies outside the
// paths named, or has a second name outside the tree. A refused file must be byte-identical
// afterwards (or hold the change saved meanwhile), and nothing outside the tree may change.

extension FilesFuzz {
    static let fixText = """
        version: 1
        host: tableView
        models: {Post: {}}
        registrations:
          - {cell: PostCell, model: Post, section: 0}
          - cell: OtherCell   # shares the identifier
            model: Post
            section: 1
            reuseIdentifier: PostCell

        """

    enum FixCase: Int, CaseIterable {
        case plain, linkToFile, linkToFolder, readOnly, changedMeanwhile, outsideRoots, secondName
    }

    /// The folders of a fix case and where its manifest is.
    struct FixPlace {
        var root: String
        var outside: String
        /// Where the manifest is, and the name it is fixed by.
        var named: String
        /// The file itself, links resolved by hand.
        var real: String
        var roots: [String]
    }

    static func checkFix(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return }
        let fixCase = FixCase.allCases[Int(bytes[bytes.count - 1]) % FixCase.allCases.count]
        let detail = Int(bytes[bytes.count - 2])
        guard let base = makeTemporaryFolder() else { return }
        defer { removeTree(base) }
        let text = Array((detail & 1 == 1 ? fixText.replacingLineFeeds() : fixText).utf8)
        guard let place = placeManifest(text, in: base, fixCase: fixCase, detail: detail) else { return }
        let named = place.named
        let mode: mode_t = [0o644, 0o600, 0o640, 0o664][(detail >> 3) % 4]
        chmod(place.real, fixCase == .readOnly ? 0o444 : mode)
        if fixCase == .secondName, link(named, place.outside + "/second.maplint.yml") != 0 { return }

        let outsideBefore = snapshot(place.outside)
        guard case .success(let read) = ManifestLoader.readFile(named) else { fatalError("cannot read \(named)") }
        let run = FixRun.run([named: read], fixableRules: fixableRules) { texts in
            Linter.lint(bytes: texts[named] ?? [], file: named)
        }
        guard run.changedFiles == [named], let fixed = run.fixed[named] else {
            fatalError("the fix case has nothing to fix: \(run.diagnostics.map(\.message))")
        }
        guard
            let (expected, present) = saveMeanwhile(read, at: named, root: place.root, fixCase: fixCase, detail: detail)
        else { return }

        let result = run.write(within: place.roots)
        let refused = result.written.isEmpty
        let shouldRefuse: Bool
        switch fixCase {
        case .plain, .secondName: shouldRefuse = false
        case .readOnly: shouldRefuse = geteuid() != 0 // root may write it: `access(W_OK)` is the check
        case .changedMeanwhile where detail % 5 == 3: shouldRefuse = refused
        default: shouldRefuse = true
        }
        guard refused == shouldRefuse, result.written.count + result.failures.count == 1 else {
            fatalError("\(fixCase) \(detail): written \(result.written), failures \(result.failures.map(\.problem))")
        }
        if refused {
            checkRefused(place, fixCase: fixCase, expected: present ? expected : nil, mode: mode)
        } else {
            checkWritten(place, fixCase: fixCase, fixed: fixed, mode: mode)
        }
        checkLinksAndOutside(place, fixCase: fixCase, detail: detail, read: read, outsideBefore: outsideBefore)
    }

    /// Writes the manifest as the fix case wants it: in the tree, through a link to it or to a
    /// folder above it, or outside the roots searched; nil when the file system refuses.
    static func placeManifest(_ text: [UInt8], in base: String, fixCase: FixCase, detail: Int) -> FixPlace? {
        let root = base + "/root"
        let outside = base + "/outside"
        mkdir(root, 0o755)
        mkdir(outside, 0o755)
        mkdir(outside + "/folder", 0o755)
        mkdir(root + "/sub", 0o755)
        var place = FixPlace(
            root: root, outside: outside, named: root + "/m.maplint.yml", real: root + "/m.maplint.yml", roots: [root])
        switch fixCase {
        case .plain, .readOnly, .changedMeanwhile, .secondName:
            guard writeAll(text, to: place.named) else { return nil }
        case .linkToFile:
            let target = detail & 2 == 0 ? outside + "/m.maplint.yml" : root + "/sub/m.maplint.yml"
            guard writeAll(text, to: target), symlink(target, place.named) == 0 else { return nil }
            place.real = target
        case .linkToFolder:
            // A link to a folder outside the tree, or to one inside it: either way a link above the file.
            let folder = detail & 2 == 0 ? outside + "/folder" : root + "/sub"
            guard writeAll(text, to: folder + "/m.maplint.yml"), symlink(folder, root + "/up") == 0 else { return nil }
            place.named = root + "/up/m.maplint.yml"
            place.real = folder + "/m.maplint.yml"
            if detail & 4 != 0 { place.roots = [base] }
        case .outsideRoots:
            guard writeAll(text, to: place.named) else { return nil }
            place.roots = [root + "/sub"]
        }
        return place
    }

    /// Another program saves the file between the fixes and the write (`changedMeanwhile`): what
    /// the file then holds, and whether it is still there; nil when the save fails.
    static func saveMeanwhile(
        _ read: [UInt8], at named: String, root: String, fixCase: FixCase, detail: Int
    ) -> (expected: [UInt8], present: Bool)? {
        guard fixCase == .changedMeanwhile else { return (read, true) }
        let expected: [UInt8]
        switch detail % 5 {
        case 0: expected = read + Array("# saved meanwhile\n".utf8)
        case 1: expected = read.map { $0 == UInt8(ascii: "1") ? UInt8(ascii: "7") : $0 } // same size
        case 2: expected = Array(read.prefix(read.count / 2))
        // The same bytes in a new file renamed over it: no change is lost, so it may be written.
        case 3: expected = read
        default:
            unlink(named)
            return (read, false)
        }
        let temporary = root + "/.editor-save"
        guard writeAll(expected, to: temporary), rename(temporary, named) == 0 else { return nil }
        return (expected, true)
    }

    /// A refused file holds what it held (`expected`), with its mode; a removed one (nil) stays removed.
    static func checkRefused(_ place: FixPlace, fixCase: FixCase, expected: [UInt8]?, mode: mode_t) {
        var info = stat()
        guard let expected else {
            guard lstat(place.named, &info) != 0 else { fatalError("\(fixCase): a removed file was written again") }
            return
        }
        guard readAll(place.real) == expected else { fatalError("\(fixCase): a refused file changed") }
        guard lstat(place.real, &info) == 0,
            info.st_mode & 0o7777 == (fixCase == .readOnly ? 0o444 : mode) || fixCase == .changedMeanwhile
        else { fatalError("\(fixCase): a refused file's mode changed") }
    }

    /// A written file holds the fixed text and keeps its mode.
    static func checkWritten(_ place: FixPlace, fixCase: FixCase, fixed: [UInt8], mode: mode_t) {
        var info = stat()
        guard readAll(place.named) == fixed else { fatalError("\(fixCase): the file does not hold the fixed text") }
        guard lstat(place.named, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            info.st_mode & 0o7777 == (fixCase == .readOnly ? 0o444 : fixCase == .changedMeanwhile ? 0o644 : mode)
        else { fatalError("\(fixCase): the written file lost its mode") }
    }

    /// Links are still the links they were, nothing outside the tree changed, and no temporary
    /// file is left behind.
    static func checkLinksAndOutside(
        _ place: FixPlace, fixCase: FixCase, detail: Int, read: [UInt8], outsideBefore: [String]
    ) {
        let (root, outside) = (place.root, place.outside)
        var info = stat()
        if fixCase == .linkToFile, lstat(place.named, &info) != 0 || info.st_mode & S_IFMT != S_IFLNK {
            fatalError("the link to the file was replaced")
        }
        if fixCase == .linkToFolder, lstat(root + "/up", &info) != 0 || info.st_mode & S_IFMT != S_IFLNK {
            fatalError("the link to the folder was replaced")
        }
        if fixCase == .linkToFolder || fixCase == .linkToFile, detail & 2 != 0 {
            guard readAll(root + "/sub/m.maplint.yml") == read else {
                fatalError("\(fixCase): a file was written through a link")
            }
        }
        guard snapshot(outside) == outsideBefore else { fatalError("\(fixCase): a write changed the outside") }
        for folder in [root, root + "/sub", outside, outside + "/folder"] {
            for name in entries(folder) where name.hasPrefix(".maplint-") {
                fatalError("\(fixCase): a temporary file was left behind: \(folder)/\(name)")
            }
        }
    }

    static var fixableRules: Set<RuleID> { Set(Rules.all.filter(\.description.isFixable).map(\.id)) }

    /// Every entry under `folder`, links not followed: its path, kind, and content or target.
    static func snapshot(_ folder: String) -> [String] {
        var result: [String] = []
        for name in entries(folder) {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: result += ["dir \(path)"] + snapshot(path)
            case S_IFLNK: result.append("link \(path) \(FileReader.linkTarget(path) ?? "")")
            default:
                result.append(
                    "file \(path) \(info.st_mode & 0o7777) \(String(decoding: readAll(path) ?? [], as: UTF8.self))")
            }
        }
        return result
    }

    static func writeAll(_ bytes: [UInt8], to path: String) -> Bool {
        writeFile(bytes, to: path)
    }

    /// The whole file, links not followed.
    static func readAll(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { return nil }
            if count == 0 { return result }
            result += buffer.prefix(count)
        }
    }
}

extension String {
    /// The text with CRLF line endings.
    func replacingLineFeeds() -> String {
        var result = ""
        for character in unicodeScalars { result += character == "\n" ? "\r\n" : String(character) }
        return result
    }
}
