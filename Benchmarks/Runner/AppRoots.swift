import Foundation

/// Whole app folders for `maplint lint DIR` (app mode), laid out as the apps maplint meets are:
/// Xcode projects (`project.pbxproj`), Swift packages, `Podfile.lock` and `Package.resolved`,
/// each feature's files from `AppTree`. Every Swift file belongs to some target, so the parse
/// floor on the folder parses exactly the files maplint reads (and each `Package.swift`).
enum AppRoots {
    /// One app root to measure.
    struct Layout {
        var name: String
        var folder: String
    }

    /// The three layouts: many targets in one project; several projects, a package and a
    /// `Podfile.lock`; one package of many files.
    static func write(under directory: String, smoke: Bool, seed: UInt64) -> [Layout]? {
        let scale = smoke ? 10 : 1
        var random = SeededRandom(seed: seed)
        var layouts: [Layout] = []
        let manyTargets = directory + "/root-targets"
        guard manyTargetsApp(manyTargets, features: 60 / scale, random: &random) else { return nil }
        layouts.append(Layout(name: "app root: 1 project, 6 targets", folder: manyTargets))
        let several = directory + "/root-projects"
        guard severalProjectsApp(several, features: 54 / scale, random: &random) else { return nil }
        layouts.append(Layout(name: "app root: 3 projects, package, Podfile.lock", folder: several))
        let package = directory + "/root-package"
        guard packageApp(package, features: 140 / scale, random: &random) else { return nil }
        layouts.append(Layout(name: "app root: 1 package, many files", folder: package))
        return layouts
    }

    // MARK: Layouts

    /// One `App.xcodeproj` with an app, four frameworks and a test target; the features are
    /// spread over the frameworks and the app.
    static func manyTargetsApp(_ folder: String, features: Int, random: inout SeededRandom) -> Bool {
        guard reset(folder) else { return false }
        let names = ["App", "Core", "Feed", "Profile", "Settings"]
        var targets: [ProjectTarget] = []
        for (index, name) in names.enumerated() {
            let range = stride(from: index, to: features, by: names.count).map { $0 }
            guard let files = writeFeatures(range, in: folder, under: name, random: &random) else { return false }
            let type = index == 0 ? "application" : "framework"
            targets.append(ProjectTarget(name: name, type: type, folder: name, files: files))
        }
        targets.append(ProjectTarget(name: "AppTests", type: "bundle.unit-test", folder: "AppTests", files: []))
        return save(folder + "/App.xcodeproj/project.pbxproj", project(targets, random: &random))
            && save(folder + "/Podfile.lock", podfileLock(pods: 60, random: &random))
    }

    /// Three projects side by side (two targets each), a local package and a `Podfile.lock`
    /// beside them, a `Package.resolved` in the first project's workspace.
    static func severalProjectsApp(_ folder: String, features: Int, random: inout SeededRandom) -> Bool {
        guard reset(folder) else { return false }
        var feature = 0
        let perProject = max(1, features / 4)
        for name in ["Client", "Partner", "Admin"] {
            var targets: [ProjectTarget] = []
            for (index, suffix) in ["", "Kit"].enumerated() {
                let count = index == 0 ? perProject - perProject / 3 : perProject / 3
                let range = Array(feature..<(feature + max(1, count)))
                feature += range.count
                let targetFolder = name + "/" + name + suffix
                guard let files = writeFeatures(range, in: folder, under: targetFolder, random: &random) else {
                    return false
                }
                let relative = files.map { String($0.dropFirst(name.count + 1)) }
                targets.append(
                    ProjectTarget(
                        name: name + suffix, type: index == 0 ? "application" : "framework", folder: name + suffix,
                        files: relative))
            }
            let projectFolder = folder + "/" + name + "/" + name + ".xcodeproj"
            guard save(projectFolder + "/project.pbxproj", project(targets, random: &random)) else { return false }
        }
        let range = Array(feature..<max(feature + 1, features))
        guard writeFeatures(range, in: folder, under: "Packages/Shared/Sources/Shared", random: &random) != nil,
            save(folder + "/Packages/Shared/Package.swift", packageManifest("Shared", targets: ["Shared"]))
        else { return false }
        let resolved = folder + "/Client/Client.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"
        return save(resolved, packageResolved(random: &random))
            && save(folder + "/Podfile.lock", podfileLock(pods: 240, random: &random))
    }

    /// A package at the root, its features in two targets, as an SDK repository is.
    static func packageApp(_ folder: String, features: Int, random: inout SeededRandom) -> Bool {
        guard reset(folder) else { return false }
        let split = features * 3 / 4
        return writeFeatures(Array(0..<split), in: folder, under: "Sources/SDK", random: &random) != nil
            && writeFeatures(Array(split..<features), in: folder, under: "Sources/SDKShared", random: &random) != nil
            && save(folder + "/Package.swift", packageManifest("SDK", targets: ["SDK", "SDKShared"]))
            && save(folder + "/Package.resolved", packageResolved(random: &random))
    }

    // MARK: Files

    struct ProjectTarget {
        var name: String
        /// The product type after `com.apple.product-type.`.
        var type: String
        /// Its group's folder, relative to the project's folder.
        var folder: String
        /// Its Swift files, relative to the project's folder.
        var files: [String]
    }

    /// Writes the features' files under `folder/under`; their paths relative to `folder`.
    static func writeFeatures(
        _ features: [Int], in folder: String, under: String, random: inout SeededRandom
    ) -> [String]? {
        var written: [String] = []
        for feature in features {
            let name = "Feature\(feature)"
            let collection = feature % 3 == 2
            let files = [
                ("Models/\(name)Item.swift", AppTree.model(name, random: &random)),
                ("Services/\(name)Service.swift", AppTree.service(name, random: &random)),
                ("Screens/\(name)/\(name)Cells.swift", AppTree.cells(name, collection: collection, random: &random)),
                (
                    "Screens/\(name)/\(name)ViewController.swift",
                    AppTree.screen(name, collection: collection, random: &random)
                ),
                ("Screens/\(name)/\(name)ViewModel.swift", AppTree.viewModel(name)),
            ]
            for (path, text) in files {
                let relative = under + "/" + path
                guard save(folder + "/" + relative, text) else { return nil }
                written.append(relative)
            }
        }
        return written
    }

    /// A `project.pbxproj` whose targets compile their files, each file in a group per folder.
    static func project(_ targets: [ProjectTarget], random: inout SeededRandom) -> String {
        var objects: [String] = []
        var nextID = random.next() & 0xFFFF_FFFF
        func id() -> String {
            nextID += 1
            return String(format: "%024llX", nextID)
        }
        var targetIDs: [String] = []
        var mainChildren: [String] = []
        for target in targets {
            var buildFiles: [String] = []
            var groups: [String: [String]] = [:]
            for file in target.files {
                let reference = id()
                let build = id()
                let name = (file as NSString).lastPathComponent
                objects.append(
                    "\t\t\(reference) /* \(name) */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; "
                        + "path = \(name); sourceTree = \"<group>\"; };")
                objects.append(
                    "\t\t\(build) /* \(name) in Sources */ = {isa = PBXBuildFile; fileRef = \(reference) /* \(name) */; };"
                )
                buildFiles.append(build)
                groups[(file as NSString).deletingLastPathComponent, default: []].append(reference)
            }
            // One group per folder, with the project-relative path (as Xcode writes folder references).
            var groupIDs: [String] = []
            for (path, children) in groups.sorted(by: { $0.key < $1.key }) {
                let group = id()
                groupIDs.append(group)
                objects.append(
                    "\t\t\(group) = {isa = PBXGroup; children = (\(plistList(children))); "
                        + "path = \(quotedIfNeeded(path)); sourceTree = SOURCE_ROOT; };")
            }
            mainChildren += groupIDs
            let phase = id()
            objects.append(
                "\t\t\(phase) /* Sources */ = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; "
                    + "files = (\(plistList(buildFiles))); runOnlyForDeploymentPostprocessing = 0; };")
            let list = configurationList(&objects, id: id, settings: ["PRODUCT_NAME": "\"$(TARGET_NAME)\""])
            let target = (id(), target)
            targetIDs.append(target.0)
            objects.append(
                "\t\t\(target.0) /* \(target.1.name) */ = {isa = PBXNativeTarget; buildConfigurationList = \(list); "
                    + "buildPhases = (\(phase), ); name = \(target.1.name); productName = \(target.1.name); "
                    + "productType = \"com.apple.product-type.\(target.1.type)\"; };")
        }
        let main = id()
        objects.append(
            "\t\t\(main) = {isa = PBXGroup; children = (\(plistList(mainChildren))); "
                + "sourceTree = \"<group>\"; };")
        let projectList = configurationList(&objects, id: id, settings: ["IPHONEOS_DEPLOYMENT_TARGET": "13.0"])
        let root = id()
        objects.append(
            "\t\t\(root) /* Project object */ = {isa = PBXProject; buildConfigurationList = \(projectList); "
                + "compatibilityVersion = \"Xcode 14.0\"; mainGroup = \(main); projectDirPath = \"\"; "
                + "projectRoot = \"\"; targets = (\(plistList(targetIDs))); };")
        return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 56;\n\tobjects = {\n"
            + objects.joined(separator: "\n") + "\n\t};\n\trootObject = \(root) /* Project object */;\n}\n"
    }

    /// Debug and Release configurations with `settings`; the list's identifier.
    static func configurationList(
        _ objects: inout [String], id: () -> String, settings: [String: String]
    ) -> String {
        var configurations: [String] = []
        for name in ["Debug", "Release"] {
            let configuration = id()
            configurations.append(configuration)
            let values = settings.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value); " }.joined()
            objects.append(
                "\t\t\(configuration) /* \(name) */ = {isa = XCBuildConfiguration; buildSettings = {\(values)"
                    + "SWIFT_VERSION = 5.0; }; name = \(name); };")
        }
        let list = id()
        objects.append(
            "\t\t\(list) = {isa = XCConfigurationList; buildConfigurations = (\(plistList(configurations))); "
                + "defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; };")
        return list
    }

    /// The items of an old-style property list array, each followed by a comma (none when empty).
    static func plistList(_ items: [String]) -> String {
        items.map { $0 + ", " }.joined()
    }

    static func quotedIfNeeded(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ? text : "\"\(text)\""
    }

    /// A `Podfile.lock` of `pods` pods (some with subspecs and dependencies), DT's among them.
    static func podfileLock(pods: Int, random: inout SeededRandom) -> String {
        var names = ["DTModelStorage", "DTTableViewManager", "DTCollectionViewManager"]
        names += (0..<max(0, pods - names.count)).map { "Pod\($0)" }
        func version(_ name: String) -> String {
            switch name {
            case "DTModelStorage": "11.0.0"
            case "DTTableViewManager", "DTCollectionViewManager": "11.0.0"
            default: "\(1 + random.below(5)).\(random.below(10)).\(random.below(10))"
            }
        }
        var text = "PODS:\n"
        for name in names {
            if name.hasPrefix("DTT") || name.hasPrefix("DTC") {
                text += "  - \(name) (\(version(name))):\n    - DTModelStorage (~> 11.0.0)\n"
            } else if random.below(4) == 0 {
                text += "  - \(name)/Core (\(version(name))):\n    - Pod\(random.below(max(1, pods - 3)))\n"
                text += "  - \(name)/UI (\(version(name))):\n    - \(name)/Core\n"
            } else {
                text += "  - \(name) (\(version(name)))\n"
            }
        }
        text += "\nDEPENDENCIES:\n"
        for name in names { text += "  - \(name)\n" }
        text += "\nSPEC REPOS:\n  trunk:\n"
        for name in names { text += "    - \(name)\n" }
        text += "\nSPEC CHECKSUMS:\n"
        for name in names {
            text += "  \(name): " + (0..<5).map { _ in String(format: "%08llx", random.next() & 0xFFFF_FFFF) }.joined()
            text += "\n"
        }
        text += "\nPODFILE CHECKSUM: 0123456789abcdef0123456789abcdef01234567\n\nCOCOAPODS: 1.15.2\n"
        return text
    }

    /// A `Package.resolved` (version 2) pinning DT's packages and a few others.
    static func packageResolved(random: inout SeededRandom) -> String {
        var pins = [("dtmodelstorage", "DenTelezhkin/DTModelStorage", "11.0.0")]
        pins += [("dttableviewmanager", "DenTelezhkin/DTTableViewManager", "11.0.0")]
        pins += (0..<12).map { ("package\($0)", "example/package\($0)", "\(1 + random.below(4)).\($0).0") }
        let entries = pins.map { identity, path, version in
            "    {\n      \"identity\" : \"\(identity)\",\n      \"kind\" : \"remoteSourceControl\",\n"
                + "      \"location\" : \"https://github.com/\(path)\",\n      \"state\" : {\n"
                + "        \"revision\" : \"\(String(format: "%016llx", random.next()))\",\n"
                + "        \"version\" : \"\(version)\"\n      }\n    }"
        }
        return "{\n  \"pins\" : [\n" + entries.joined(separator: ",\n") + "\n  ],\n  \"version\" : 2\n}\n"
    }

    static func packageManifest(_ name: String, targets: [String]) -> String {
        var text = "// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(\n"
        text += "    name: \"\(name)\",\n    platforms: [.iOS(.v13)],\n"
        text += "    products: [.library(name: \"\(name)\", targets: [\"\(targets[0])\"])],\n"
        text += "    dependencies: [\n"
        text += "        .package(url: \"https://github.com/DenTelezhkin/DTTableViewManager\", from: \"11.0.0\"),\n"
        text += "    ],\n    targets: [\n"
        for target in targets {
            text += "        .target(name: \"\(target)\", dependencies: [\"DTTableViewManager\"]),\n"
        }
        text += "    ]\n)\n"
        return text
    }

    static func reset(_ folder: String) -> Bool {
        let manager = FileManager.default
        try? manager.removeItem(atPath: folder)
        return (try? manager.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil
    }

    static func save(_ file: String, _ contents: String) -> Bool {
        let manager = FileManager.default
        let parent = (file as NSString).deletingLastPathComponent
        return (try? manager.createDirectory(atPath: parent, withIntermediateDirectories: true)) != nil
            && manager.createFile(atPath: file, contents: Data(contents.utf8))
    }
}
