import Foundation
import MaplintFiles
import MaplintFindings
import MaplintLibrary
import MaplintManifest
import SwiftSyntax

/// The versions a dependency requirement allows: `pod 'DTTableViewManager', '~> 6.0'` in a `Podfile`,
/// `.package(url: "…/DTTableViewManager.git", from: "8.0.0")` in a `Package.swift`. A requirement is not
/// a resolved version: it names a version only when it pins one exactly, and a bare major when every
/// version it allows has that major.
struct VersionRequirement: Sendable, Hashable {
    /// The lowest version allowed (inclusive), nil when there is none.
    var lower: LibraryVersion?
    /// The highest version allowed, nil when there is none; `upperIncluded` says whether it is allowed.
    var upper: LibraryVersion?
    var upperIncluded = false
    /// A version pinned exactly.
    var exact: LibraryVersion?

    /// Everything at least `lower`, below `upper`.
    static func range(_ lower: LibraryVersion, below upper: LibraryVersion) -> VersionRequirement {
        VersionRequirement(lower: lower, upper: upper)
    }

    /// Two different exact pins: nothing is allowed.
    var conflicting = false

    /// Both requirements at once.
    func intersected(with other: VersionRequirement) -> VersionRequirement {
        var result = self
        if let exact = other.exact {
            if let current = result.exact, current != exact { result.conflicting = true }
            result.exact = exact
        }
        if let lower = other.lower, result.lower.map({ lower > $0 }) ?? true { result.lower = lower }
        if let upper = other.upper {
            let narrower = result.upper.map { $0 < upper || ($0 == upper && !result.upperIncluded) } ?? false
            if !narrower {
                result.upper = upper
                result.upperIncluded = other.upperIncluded
            }
        }
        result.conflicting = result.conflicting || other.conflicting
        return result
    }

    /// Whether no version meets the requirement: two exact pins, a pin outside the bounds, or bounds that
    /// leave nothing between them.
    var allowsNothing: Bool {
        if conflicting { return true }
        if let exact {
            if let lower, exact < lower { return true }
            if let upper, upperIncluded ? exact > upper : exact >= upper { return true }
            return false
        }
        guard let lower, let upper else { return false }
        return upperIncluded ? upper < lower : upper <= lower
    }

    /// The version a manifest can record: the exact pin, or the major alone when the lower bound's
    /// major is the only one allowed (`~> 6.0`, `from: "8.0.0"`, `>= 6.0, < 7.0`). Nil otherwise (no
    /// upper bound, or one in a later major).
    var determined: LibraryVersion? {
        guard !conflicting else { return nil }
        if let exact {
            // A pin outside the other bounds allows nothing: say nothing.
            if let lower, exact < lower { return nil }
            if let upper, upperIncluded ? exact > upper : exact >= upper { return nil }
            return exact
        }
        guard let lower, let upper else { return nil }
        let nextMajor = LibraryVersion(major: lower.major + 1)
        guard upperIncluded ? upper < nextMajor : upper <= nextMajor,
            upperIncluded ? upper >= lower : upper > lower
        else { return nil }
        return LibraryVersion(major: lower.major, isMajorOnly: true)
    }

    /// The versions `~> VERSION` allows (CocoaPods and Carthage): at least the version, below the
    /// next value of its second-to-last component (`~> 6.3.1` → below 6.4, `~> 6.0` and `~> 6` → below 7).
    static func pessimistic(_ text: String) -> VersionRequirement? {
        guard let version = LibraryVersion(parsing: text) else { return nil }
        let components = numberOfComponents(text)
        let upper =
            components >= 3
            ? LibraryVersion(major: version.major, minor: version.minor + 1) : LibraryVersion(major: version.major + 1)
        return .range(version, below: upper)
    }

    /// One CocoaPods requirement string: `6.3.0`, `= 6.3.0`, `~> 6.0`, `>= 6.0`, `> 6.0`, `< 7.0`, `<= 6.6`.
    static func cocoaPods(_ text: String) -> VersionRequirement? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for (operatorText, make) in [
            ("~>", { (v: String) in pessimistic(v) }),
            (">=", { (v: String) in LibraryVersion(parsing: v).map { VersionRequirement(lower: $0) } }),
            (
                "<=",
                { (v: String) in LibraryVersion(parsing: v).map { VersionRequirement(upper: $0, upperIncluded: true) } }
            ),
            (">", { (v: String) in LibraryVersion(parsing: v).map { VersionRequirement(lower: $0) } }),
            ("<", { (v: String) in LibraryVersion(parsing: v).map { VersionRequirement(upper: $0) } }),
            ("=", { (v: String) in LibraryVersion(parsing: v).map { VersionRequirement(exact: $0) } }),
        ] as [(String, (String) -> VersionRequirement?)] where trimmed.hasPrefix(operatorText) {
            return make(String(trimmed.dropFirst(operatorText.count)).trimmingCharacters(in: .whitespaces))
        }
        return LibraryVersion(parsing: trimmed).map { VersionRequirement(exact: $0) }
    }

    /// `6.3` has two components; a pre-release or build suffix is not counted.
    static func numberOfComponents(_ text: String) -> Int {
        let body = text.split(whereSeparator: { $0 == "-" || $0 == "+" }).first ?? Substring(text)
        return body.split(separator: ".").count
    }
}

/// A library that the `pod` lines of one `Podfile` require at versions no one version meets
/// (`DependencyRequirements.podfileConflict(of:in:)`): `pod install` fails, so the Podfile names no version.
package struct RequirementConflict: Sendable, Hashable {
    package var library: String
    /// The first of the lines.
    package var location: SourceLocation
    /// Each line's requirement as written, with its line: `'~> 7.0' (line 4)`.
    var requirements: [String]
}

/// Reads the requirements an app declares when it commits no lock file: `Podfile`, `Package.swift`,
/// the Swift packages of an Xcode project (`project.pbxproj`) and `Cartfile`.
enum DependencyRequirements {
    /// The version `library` is required at in the file at `path` (a `Podfile`, `Package.swift`,
    /// `project.pbxproj` or `Cartfile`), with the line and the requirement as written; nil when the file
    /// does not name it or its requirement does not determine a version or a major.
    static func version(of library: String, in path: String) -> DetectedLibraryVersion? {
        let limit =
            (path as NSString).lastPathComponent == "project.pbxproj"
            ? FileSizeLimit.xcodeProject : FileSizeLimit.source
        guard case .success(let bytes) = FileReader.read(path, limit: limit, noun: "requirement file"),
            let text = String(validating: bytes, as: UTF8.self)
        else { return nil }
        let found: (requirement: VersionRequirement, written: String, line: Int)?
        switch (path as NSString).lastPathComponent {
        case "Podfile": found = podfile(library, in: text)
        case "Cartfile": found = cartfile(library, in: text)
        case "project.pbxproj": found = xcodeProject(library, in: text)
        default:
            guard case .success(let file) = SwiftSourceFile.parse(path: path, bytes: bytes) else { return nil }
            found = packageSwift(library, in: file)
        }
        guard let found, let version = found.requirement.determined else { return nil }
        return DetectedLibraryVersion(
            version: version,
            origin: .requirement(
                SourceLocation(file: DependencyLockFiles.shownPath(path), line: found.line, column: 1),
                found.written))
    }

    /// `pod 'DTTableViewManager', '~> 6.0'` (or a subspec, `'DTTableViewManager/Core'`), with any number of
    /// requirement strings; `:tag => '6.3.0'` is that version. CocoaPods resolves one version for all
    /// the `pod` lines of a library (targets may repeat it), so their requirements are taken together.
    /// A `:git` or `:path` source without a tag, or no requirement at all, says nothing. The line is the
    /// first that has a requirement.
    static func podfile(_ library: String, in text: String) -> (VersionRequirement, String, Int)? {
        guard let lines = podfileLines(library, in: text), let first = lines.first else { return nil }
        var requirement = VersionRequirement()
        var written: [String] = []
        for line in lines {
            requirement = requirement.intersected(with: line.requirement)
            for part in line.written where !written.contains(part) { written.append(part) }
        }
        return (requirement, written.joined(separator: ", "), first.line)
    }

    /// The `pod` lines of `library` that have a requirement, in order, each with its requirement, its
    /// requirement strings as written and its line; nil when one cannot be read.
    static func podfileLines(
        _ library: String, in text: String
    ) -> [(requirement: VersionRequirement, written: [String], line: Int)]? {
        var lines: [(requirement: VersionRequirement, written: [String], line: Int)] = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("pod ") || trimmed.hasPrefix("pod(") else { continue }
            let arguments = trimmed.dropFirst(3).trimmingCharacters(in: CharacterSet(charactersIn: " ()"))
            let parts = arguments.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = parts.first.flatMap(quoted),
                (name.split(separator: "/").first.map(String.init) ?? name).lowercased() == library.lowercased()
            else { continue }
            var requirement = VersionRequirement()
            var written: [String] = []
            for part in parts.dropFirst() {
                guard let one = podRequirement(part) else { return nil }
                guard let one else { continue }
                requirement = requirement.intersected(with: one)
                if !written.contains(part) { written.append(part) }
            }
            if !written.isEmpty { lines.append((requirement, written, number + 1)) }
        }
        return lines
    }

    /// One argument of a `pod` line after the name: a requirement string, `:tag => '6.3.0'`, `.some(nil)`
    /// for an argument that says no version (`:git`, `:path`, `:configurations` …), nil when it cannot be read.
    private static func podRequirement(_ part: String) -> VersionRequirement?? {
        if let value = quoted(part) {
            return VersionRequirement.cocoaPods(value).map { .some($0) }
        }
        guard part.hasPrefix(":tag") || part.hasPrefix("tag:") else { return .some(nil) }
        let value = part.split(whereSeparator: { $0 == ">" || $0 == ":" }).last.map(String.init)
        return value.flatMap(quoted).flatMap(LibraryVersion.init(parsing:)).map { .some(VersionRequirement(exact: $0)) }
    }

    /// The `pod` lines of `library` in a `Podfile` whose requirements no one version meets, while each line's
    /// alone allows some: `target 'A' do pod 'DTTableViewManager', '~> 7.0' end` beside `'~> 11.0'` in
    /// target B. CocoaPods installs one version of a pod for every target of a Podfile (one `Pods` project,
    /// one `Podfile.lock`), so such a Podfile does not install and names no version; nil otherwise.
    static func podfileConflict(of library: String, in path: String) -> RequirementConflict? {
        guard (path as NSString).lastPathComponent == "Podfile",
            case .success(let bytes) = FileReader.read(path, limit: FileSizeLimit.source, noun: "requirement file"),
            let text = String(validating: bytes, as: UTF8.self),
            let lines = podfileLines(library, in: text), lines.count > 1,
            lines.allSatisfy({ !$0.requirement.allowsNothing })
        else { return nil }
        let together = lines.dropFirst().reduce(lines[0].requirement) { $0.intersected(with: $1.requirement) }
        guard together.allowsNothing else { return nil }
        return RequirementConflict(
            library: library,
            location: SourceLocation(file: DependencyLockFiles.shownPath(path), line: lines[0].line, column: 1),
            requirements: lines.map { "\($0.written.joined(separator: ", ")) (line \($0.line))" })
    }

    /// `github "DenTelezhkin/DTTableViewManager" ~> 6.0` (or `git "URL" …`) in a `Cartfile`: `~> 6.0`,
    /// `== 6.3.0`, `>= 6.0`. A quoted branch, tag or commit (`"develop"`), or no requirement, says
    /// nothing; so does a library named twice. `#` starts a comment.
    static func cartfile(_ library: String, in text: String) -> (VersionRequirement, String, Int)? {
        var found: [(requirement: VersionRequirement?, written: String, line: Int)] = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            // Quoted parts are the odd pieces; a `#` in an even piece starts a comment.
            var pieces = rawLine.split(separator: "\"", omittingEmptySubsequences: false).map(String.init)
            for index in pieces.indices where index % 2 == 0 {
                if let hash = pieces[index].firstIndex(of: "#") {
                    pieces[index] = String(pieces[index][..<hash])
                    pieces.removeSubrange((index + 1)...)
                    break
                }
            }
            guard pieces.count >= 3,
                ["github", "git"].contains(pieces[0].trimmingCharacters(in: .whitespaces)),
                DependencyLockFiles.repositoryName(pieces[1]) == library.lowercased()
            else { continue }
            let written = pieces[2...].joined(separator: "\"").trimmingCharacters(in: .whitespacesAndNewlines)
            // Carthage's three operators read as CocoaPods' (`==` is its `=`); nothing else is a requirement.
            let requirement: VersionRequirement? =
                written.hasPrefix("~>") || written.hasPrefix(">=")
                ? VersionRequirement.cocoaPods(written)
                : written.hasPrefix("==") ? VersionRequirement.cocoaPods(String(written.dropFirst())) : nil
            found.append((requirement, written, number + 1))
        }
        guard found.count == 1, let only = found.first, let requirement = only.requirement else { return nil }
        return (requirement, only.written, only.line)
    }

    /// The Swift package of an Xcode project (`project.pbxproj`, an OpenStep property list): the
    /// `XCRemoteSwiftPackageReference` whose `repositoryURL` names the library, and its `requirement`:
    /// `kind = upToNextMajorVersion` or `upToNextMinorVersion` with `minimumVersion`, `exactVersion` with
    /// `version`, `versionRange` with `minimumVersion` and `maximumVersion` (not included). `branch` and
    /// `revision` say nothing; so does a library referenced twice. Written as
    /// `upToNextMajorVersion 8.0.0`, at the line of its `repositoryURL`.
    static func xcodeProject(_ library: String, in text: String) -> (VersionRequirement, String, Int)? {
        guard
            let root = try? PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
                as? [String: Any],
            let objects = root["objects"] as? [String: Any]
        else { return nil }
        let references = objects.values.compactMap { $0 as? [String: Any] }.filter { object in
            object["isa"] as? String == "XCRemoteSwiftPackageReference"
                && (object["repositoryURL"] as? String).map {
                    DependencyLockFiles.repositoryName($0) == library.lowercased()
                } == true
        }
        guard references.count == 1, let reference = references.first,
            let url = reference["repositoryURL"] as? String,
            let requirement = reference["requirement"] as? [String: Any],
            let kind = requirement["kind"] as? String
        else { return nil }
        func value(_ key: String) -> String? { requirement[key] as? String }
        func version(_ key: String) -> LibraryVersion? { value(key).flatMap(LibraryVersion.init(parsing:)) }
        let parsed: VersionRequirement?
        let written: String
        switch kind {
        case "upToNextMajorVersion":
            parsed = version("minimumVersion").map { .range($0, below: LibraryVersion(major: $0.major + 1)) }
            written = "\(kind) \(value("minimumVersion") ?? "")"
        case "upToNextMinorVersion":
            parsed = version("minimumVersion").map {
                .range($0, below: LibraryVersion(major: $0.major, minor: $0.minor + 1))
            }
            written = "\(kind) \(value("minimumVersion") ?? "")"
        case "exactVersion":
            parsed = version("version").map { VersionRequirement(exact: $0) }
            written = "\(kind) \(value("version") ?? "")"
        case "versionRange":
            if let lower = version("minimumVersion"), let upper = version("maximumVersion") {
                parsed = VersionRequirement(lower: lower, upper: upper)
            } else {
                parsed = nil
            }
            written = "\(kind) \(value("minimumVersion") ?? "")..<\(value("maximumVersion") ?? "")"
        default:
            parsed = nil
            written = kind
        }
        guard let parsed else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line =
            lines.firstIndex { $0.contains("repositoryURL") && $0.contains(url) }
            ?? lines.firstIndex { $0.contains(url) } ?? 0
        return (parsed, written, line + 1)
    }

    /// `'text'` or `"text"` → text.
    private static func quoted(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count >= 2, let first = trimmed.first, first == "'" || first == "\"", trimmed.last == first
        else { return nil }
        return String(trimmed.dropFirst().dropLast())
    }

    /// `.package(url: "…/DTTableViewManager.git", from: "8.0.0")`, `exact:`, `.exact("…")`,
    /// `.upToNextMajor(from:)`, `.upToNextMinor(from:)`, `"8.0.0"..<"9.0.0"`, `"8.0.0"..."8.2.0"`.
    /// A `branch:` or `revision:` says nothing.
    static func packageSwift(_ library: String, in file: SwiftSourceFile) -> (VersionRequirement, String, Int)? {
        final class Finder: SyntaxVisitor {
            let library: String
            var found: [FunctionCallExprSyntax] = []
            init(library: String) {
                self.library = library
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                    member.declName.baseName.text == "package",
                    node.arguments.contains(where: { argument in
                        argument.label?.text == "url"
                            && SwiftShapes.stringLiteral(argument.expression).map {
                                DependencyLockFiles.repositoryName($0) == library.lowercased()
                            } == true
                    })
                {
                    found.append(node)
                }
                return .visitChildren
            }
        }
        let finder = Finder(library: library)
        finder.walk(file.tree)
        guard finder.found.count == 1, let call = finder.found.first else { return nil }
        let arguments = Array(call.arguments.filter { $0.label?.text != "url" && $0.label?.text != "name" })
        guard arguments.count == 1, let argument = arguments.first,
            let requirement = swiftRequirement(label: argument.label?.text, argument.expression)
        else { return nil }
        let written = SwiftShapes.trimmedText(argument)
        return (requirement, written, file.location(of: call).line)
    }

    /// One requirement argument of `.package(url:…)`.
    private static func swiftRequirement(label: String?, _ expression: ExprSyntax) -> VersionRequirement? {
        func version(_ expression: ExprSyntax?) -> LibraryVersion? {
            expression.flatMap(SwiftShapes.stringLiteral).flatMap(LibraryVersion.init(parsing:))
        }
        switch label {
        case "from":
            return version(expression).map { .range($0, below: LibraryVersion(major: $0.major + 1)) }
        case "exact":
            return version(expression).map { VersionRequirement(exact: $0) }
        case nil:
            break
        default:
            return nil
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), call.arguments.count == 1
        {
            let value = version(call.arguments.first?.expression)
            switch member.declName.baseName.text {
            case "exact": return value.map { VersionRequirement(exact: $0) }
            case "upToNextMajor": return value.map { .range($0, below: LibraryVersion(major: $0.major + 1)) }
            case "upToNextMinor":
                return value.map { .range($0, below: LibraryVersion(major: $0.major, minor: $0.minor + 1)) }
            default: return nil
            }
        }
        // `"8.0.0"..<"9.0.0"` and `"8.0.0"..."8.2.0"`, folded or not.
        if let range = expression.as(InfixOperatorExprSyntax.self),
            let operatorText = range.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
            let lower = version(range.leftOperand), let upper = version(range.rightOperand)
        {
            return rangeRequirement(operatorText, lower, upper)
        }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let elements = Array(sequence.elements)
            if let operatorText = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
                let lower = version(elements[0]), let upper = version(elements[2])
            {
                return rangeRequirement(operatorText, lower, upper)
            }
        }
        return nil
    }

    private static func rangeRequirement(
        _ operatorText: String, _ lower: LibraryVersion, _ upper: LibraryVersion
    )
        -> VersionRequirement?
    {
        switch operatorText {
        case "..<": return VersionRequirement(lower: lower, upper: upper)
        case "...": return VersionRequirement(lower: lower, upper: upper, upperIncluded: true)
        default: return nil
        }
    }
}
