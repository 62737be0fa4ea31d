import MaplintCore

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

    static func checkFix(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return }
        let fixCase = FixCase.allCases[Int(bytes[bytes.count - 1]) % FixCase.allCases.count]
        let detail = Int(bytes[bytes.count - 2])
        guard let base = makeTemporaryFolder() else { return }
        defer { removeTree(base) }
        let root = base + "/root"
        let outside = base + "/outside"
        mkdir(root, 0o755)
        mkdir(outside, 0o755)
        mkdir(outside + "/folder", 0o755)
        mkdir(root + "/sub", 0o755)
        let text = Array((detail & 1 == 1 ? fixText.replacingLineFeeds() : fixText).utf8)

        // Where the manifest is, and the name it is fixed by.
        var named = root + "/m.maplint.yml"
        // The file itself, links resolved by hand.
        var real = named
        var roots = [root]
        switch fixCase {
        case .plain, .readOnly, .changedMeanwhile, .secondName:
            guard writeAll(text, to: named) else { return }
        case .linkToFile:
            let target = detail & 2 == 0 ? outside + "/m.maplint.yml" : root + "/sub/m.maplint.yml"
            guard writeAll(text, to: target), symlink(target, named) == 0 else { return }
            real = target
        case .linkToFolder:
            // A link to a folder outside the tree, or to one inside it: either way a link above the file.
            let folder = detail & 2 == 0 ? outside + "/folder" : root + "/sub"
            guard writeAll(text, to: folder + "/m.maplint.yml"), symlink(folder, root + "/up") == 0 else { return }
            named = root + "/up/m.maplint.yml"
            real = folder + "/m.maplint.yml"
            if detail & 4 != 0 { roots = [base] }
        case .outsideRoots:
            guard writeAll(text, to: named) else { return }
            roots = [root + "/sub"]
        }
        let mode: mode_t = [0o644, 0o600, 0o640, 0o664][(detail >> 3) % 4]
        chmod(real, fixCase == .readOnly ? 0o444 : mode)
        if fixCase == .secondName, link(named, outside + "/second.maplint.yml") != 0 { return }

        let outsideBefore = snapshot(outside)
        guard case .success(let read) = ManifestLoader.readFile(named) else { fatalError("cannot read \(named)") }
        let run = FixRun.run([named: read], fixableRules: fixableRules) { texts in
            Linter.lint(bytes: texts[named] ?? [], file: named)
        }
        guard run.changedFiles == [named], let fixed = run.fixed[named] else {
            fatalError("the fix case has nothing to fix: \(run.diagnostics.map(\.message))")
        }

        // Another program saves the file between the fixes and the write.
        var expected = read
        var present = true
        if fixCase == .changedMeanwhile {
            switch detail % 5 {
            case 0: expected = read + Array("# saved meanwhile\n".utf8)
            case 1: expected = read.map { $0 == UInt8(ascii: "1") ? UInt8(ascii: "7") : $0 } // same size
            case 2: expected = Array(read.prefix(read.count / 2))
            // The same bytes in a new file renamed over it: no change is lost, so it may be written.
            case 3: expected = read
            default: present = false
            }
            if present {
                let temporary = root + "/.editor-save"
                guard writeAll(expected, to: temporary), rename(temporary, named) == 0 else { return }
            } else {
                unlink(named)
            }
        }

        let result = run.write(within: roots)
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

        var info = stat()
        if refused {
            if present {
                guard readAll(real) == expected else { fatalError("\(fixCase): a refused file changed") }
                guard lstat(real, &info) == 0,
                    info.st_mode & 0o7777 == (fixCase == .readOnly ? 0o444 : mode)
                        || fixCase == .changedMeanwhile
                else { fatalError("\(fixCase): a refused file's mode changed") }
            } else {
                guard lstat(named, &info) != 0 else { fatalError("\(fixCase): a removed file was written again") }
            }
        } else {
            guard readAll(named) == fixed else { fatalError("\(fixCase): the file does not hold the fixed text") }
            guard lstat(named, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                info.st_mode & 0o7777 == (fixCase == .readOnly ? 0o444 : fixCase == .changedMeanwhile ? 0o644 : mode)
            else { fatalError("\(fixCase): the written file lost its mode") }
        }
        // Links are still the links they were.
        if fixCase == .linkToFile, lstat(named, &info) != 0 || info.st_mode & S_IFMT != S_IFLNK {
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
