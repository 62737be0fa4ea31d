import Foundation
import MaplintCore
import SwiftSyntax

/// What extraction found in a set of Swift files.
public struct ExtractionResult: Sendable {
    /// One manifest per type that owns a manager, and per function that receives one.
    public var manifests: [ExtractedManifest] = []
    /// Notes about whole files (syntax errors) rather than one manifest.
    public var notes: [ExtractionNote] = []
    /// Inputs that could not be read: extraction is incomplete (exit status 2).
    public var problems: [Diagnostic] = []
    /// The Swift files read.
    public var files: [String] = []
}

/// Reads registration code from Swift sources (`maplint extract`, `maplint lint --swift`).
public enum SwiftExtractor {
    /// Extracts manifests from the Swift files under `paths` (files as given, folders searched
    /// recursively, skipping build folders). `deploymentTarget` (`iOS 13.0`) overrides what a
    /// `Package.swift` above the paths says.
    public static func extract(
        paths: [String], deploymentTarget: String? = nil, limits: LoaderLimits = .default
    ) -> ExtractionResult {
        var problems: [Diagnostic] = []
        var sources: [(path: String, bytes: [UInt8])] = []
        for path in swiftFiles(in: paths, problems: &problems) {
            switch ManifestLoader.readFile(path, limits: limits) {
            case .failure(let diagnostic): problems.append(diagnostic)
            case .success(let bytes): sources.append((path, bytes))
            }
        }
        var result = extract(
            sources: sources, deploymentTarget: deploymentTarget ?? PackagePlatforms.deploymentTarget(near: paths))
        result.problems = problems + result.problems
        return result
    }

    /// Extraction from Swift texts already read, named by their paths.
    public static func extract(
        sources: [(path: String, bytes: [UInt8])], deploymentTarget: String? = nil
    ) -> ExtractionResult {
        var result = ExtractionResult()
        let index = DeclarationIndex()
        var files: [SwiftSourceFile] = []
        for (path, bytes) in sources {
            guard String(validating: bytes, as: UTF8.self) != nil else {
                result.problems.append(
                    .invalidManifest("the file is not UTF-8 text", at: SourceLocation(file: path, line: 1, column: 1)))
                continue
            }
            let file = SwiftSourceFile(path: path, bytes: bytes)
            if let error = file.firstSyntaxError {
                result.notes.append(
                    ExtractionNote(
                        message: "the file has a syntax error here: only the code the parser could read is extracted",
                        location: error))
            }
            index.add(file)
            files.append(file)
            result.files.append(path)
        }
        let assembler = ManifestAssembler(index: index, deploymentTarget: deploymentTarget)
        result.manifests = assembler.manifests()
        result.notes += UnattributedCalls.notes(in: files, handled: assembler.record.locations)
        return result
    }

    /// The Swift files named or found under `paths`, sorted within each folder; `Package.swift`
    /// files in folders are package manifests, not app code.
    static func swiftFiles(in paths: [String], problems: inout [Diagnostic]) -> [String] {
        var files: [String] = []
        var seen: Set<String> = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(
                    .invalidManifest("no such file or folder", at: SourceLocation(file: path, line: 1, column: 1)))
                continue
            }
            let found =
                isDirectory.boolValue
                ? ManifestDiscovery.files(under: path) { $0.hasSuffix(".swift") && $0 != "Package.swift" }
                : [path]
            for file in found where seen.insert(file).inserted { files.append(file) }
        }
        return files
    }

    /// What to say when `paths` hold no registration code.
    public static func nothingFound(in paths: [String]) -> String {
        "no registration code found in \(paths.isEmpty ? "the current folder" : paths.joined(separator: ", ")) "
            + "(no type conforming to DTTableViewManageable or DTCollectionViewManageable, no manager property or parameter)"
    }
}

/// The deployment target a `Package.swift` declares (`platforms: [.iOS(.v13)]`).
enum PackagePlatforms {
    static func deploymentTarget(near paths: [String]) -> String? {
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            var folder = URL(fileURLWithPath: path).standardizedFileURL
            if !isDirectory.boolValue { folder.deleteLastPathComponent() }
            // The nearest Package.swift at or above the path.
            for _ in 0..<64 {
                let candidate = folder.appendingPathComponent("Package.swift").path
                if manager.fileExists(atPath: candidate) {
                    guard case .success(let bytes) = ManifestLoader.readFile(candidate) else { break }
                    return platform(in: SwiftSourceFile(path: candidate, bytes: bytes).tree)
                }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        return nil
    }

    /// The first of iOS, tvOS and macCatalyst the `platforms:` list names.
    static func platform(in tree: SourceFileSyntax) -> String? {
        var found: [String: String] = [:]
        final class Finder: SyntaxVisitor {
            var found: [String: String] = [:]
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
                    ["iOS", "tvOS", "macCatalyst"].contains(member.declName.baseName.text),
                    let argument = node.arguments.first?.expression
                else { return .visitChildren }
                let platform = member.declName.baseName.text
                if let literal = SwiftShapes.stringLiteral(argument) {
                    found[platform] = found[platform] ?? literal
                } else if let version = argument.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                    version.hasPrefix("v")
                {
                    // `.v13` → 13.0, `.v13_4` → 13.4
                    let parts = version.dropFirst().split(separator: "_")
                    found[platform] =
                        found[platform] ?? (parts.count == 1 ? "\(parts[0]).0" : parts.prefix(2).joined(separator: "."))
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(tree)
        found = finder.found
        for platform in ["iOS", "tvOS", "macCatalyst"] {
            if let version = found[platform] {
                let text = "\(platform) \(version)"
                if DeploymentTarget(parsing: text) != nil { return text }
            }
        }
        return nil
    }
}
