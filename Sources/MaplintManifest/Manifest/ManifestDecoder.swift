import MaplintFindings
import MaplintLibrary
import MaplintYAML

/// Turns a loaded YAML document into a typed `Manifest`, reporting every schema error with its position.
enum ManifestDecoder {
    static let topLevelKeys = [
        "version", "host", "deploymentTarget", "libraryVersion", "modelStorageVersion", "configuration", "layout",
        "viewModelMappingCustomizing", "models", "registrations",
        "sample",
    ]
    static let configurationKeys = [
        "sectionHeaderStyle", "sectionFooterStyle", "displayHeaderOnEmptySection", "displayFooterOnEmptySection",
        "semanticHeaderHeight", "semanticFooterHeight",
    ]
    static let entryKinds = ["cell", "header", "footer", "supplementary", "unregister", "event"]
    static let registrationKeys = [
        "model", "section", "condition", "opaqueCondition", "xib", "reuseIdentifier", "viewReuseIdentifier",
        "storyboard", "modelTransfer", "events",
    ]
    // The other mappings' keys. SchemaTests checks that the schema allows the same keys at each level.
    static let modelKeys = ["kind", "inherits", "conforms", "properties", "cases", "rawType", "rawValues"]
    static let unregisterKeys = ["unregister"]
    static let unregisterTargetKeys = ["cell", "header", "footer", "supplementary", "kind"]
    static let eventKeys = ["event", "view", "model", "element", "kind"]
    static let sampleKeys = ["sections"]
    static let sampleSectionKeys = ["header", "footer", "supplementaries", "items"]

    /// The keys of a `cell`, `header`, `footer` or `supplementary` entry.
    static func registrationKeys(kind: String) -> [String] {
        var keys = [kind] + registrationKeys
        if kind == "cell" { keys.append("registerNibNamed") }
        if kind == "supplementary" { keys.append("kind") }
        if kind == "header" || kind == "footer" { keys.append("headerFooterView") }
        return keys
    }

    /// The manifest, or nil when any `invalid-manifest` error was found; and the diagnostics.
    /// - Parameter sample: the reader the loader gave `sample`'s events to (the document then
    ///   holds an empty mapping in its place); without one, `sample` is read from its nodes.
    static func decode(
        _ document: YAMLDocument, limits: LoaderLimits = .default, sample: SampleReader?
    ) -> (manifest: Manifest?, diagnostics: [Diagnostic]) {
        // The rest was decoded when the sample started, and nothing followed it.
        if let (manifest, diagnostics) = sample?.streamedManifest(root: document.root) {
            let sorted = diagnostics.sortedByLocation()
            return (sorted.hasErrors ? nil : manifest, sorted)
        }
        var reader = NodeReader(document: document, limits: limits)
        let manifest = reader.manifest(document.root, sample: sample)
        let diagnostics = reader.diagnostics.sortedByLocation()
        return (diagnostics.hasErrors ? nil : manifest, diagnostics)
    }

    /// The manifest, or nil when any `invalid-manifest` error was found; and the diagnostics.
    package static func decode(
        _ document: YAMLDocument, limits: LoaderLimits = .default
    ) -> (manifest: Manifest?, diagnostics: [Diagnostic]) {
        decode(document, limits: limits, sample: nil)
    }

    /// Reads a `--data` file (`sections:` at its top level) against a manifest; its sample replaces the manifest's.
    static func decodeSampleData(
        _ document: YAMLDocument, for manifest: Manifest, limits: LoaderLimits = .default
    ) -> (sample: SampleData?, diagnostics: [Diagnostic]) {
        let (sample, diagnostics) = SampleReader.decode(
            document.root, owner: .dataFile, document: document, limits: limits, host: manifest.host,
            types: manifest.types)
        let sorted = diagnostics.sortedByLocation()
        return (sorted.hasErrors ? nil : sample, sorted)
    }

    /// Reads a `--data` file straight from its bytes, without nodes for its sample.
    static func decodeSampleData(
        bytes: [UInt8], file: String, for manifest: Manifest, limits: LoaderLimits = .default
    ) -> (sample: SampleData?, diagnostics: [Diagnostic]) {
        let reader = SampleReader(
            owner: .dataFile, file: file, limits: limits, context: (manifest.host, manifest.types))
        switch YAMLLoader.load(
            bytes: bytes, file: file, limits: limits, diversion: YAMLDiversion(key: nil, consumer: reader))
        {
        case .failure(let error):
            return (nil, error.diagnostics)
        case .success(let document):
            guard let outcome = reader.outcome else { return decodeSampleData(document, for: manifest, limits: limits) }
            let sorted = outcome.diagnostics.sortedByLocation()
            return (sorted.hasErrors ? nil : outcome.sample, sorted)
        }
    }
}

extension NodeReader {
    mutating func manifest(_ root: YAMLNode, sample reader: SampleReader? = nil) -> Manifest? {
        guard let fields = fields(root, of: self.root, allowed: ManifestDecoder.topLevelKeys) else { return nil }
        let version = manifestVersion(fields["version"], root: root)
        let host = manifestHost(fields["host"], root: root)
        var deploymentTarget: DeploymentTarget?
        if let node = fields["deploymentTarget"], let text = string(node, "'deploymentTarget'") {
            deploymentTarget = DeploymentTarget(parsing: text)
            if deploymentTarget == nil {
                error(ManifestChecks.invalidDeploymentTarget(text), at: node)
            }
        }
        let libraryVersion = fields["libraryVersion"].flatMap { self.libraryVersion($0) }
        let modelStorageVersion = fields["modelStorageVersion"].flatMap { self.modelStorageVersion($0) }
        let types = TypeTable(fields["models"].map { modelDeclarations($0) } ?? [])
        // Nothing is checked against model types that were not kept.
        guard let host, !modelsOverLimit else { return nil }
        var configuration: TableConfiguration?
        if let node = fields["configuration"], node.scalar?.value != .null {
            configuration = tableConfiguration(
                node, key: fields.keyNode("configuration") ?? node, host: host,
                version: libraryVersion ?? .newestSupported)
        }
        var layout: Located<CollectionLayout>?
        if let node = fields["layout"] {
            layout = collectionLayout(node, key: fields.keyNode("layout") ?? node, host: host)
        }
        var customizing: Located<String>?
        if let node = fields["viewModelMappingCustomizing"], let name = string(node, "'viewModelMappingCustomizing'") {
            customizing = Located(name, at: location(node))
        }
        var entries: [Entry] = []
        if let node = fields["registrations"] {
            if node.scalar?.value != .null, let items = list(node, "'registrations'") {
                if items.count > limits.maxEntries {
                    error(
                        "'registrations' has \(items.count) entries, over the limit of \(limits.maxEntries)", at: node)
                    return nil
                }
                entries = registrationEntries(
                    items, host: host, types: types, version: libraryVersion ?? .newestSupported)
            }
        }
        var sample: SampleData?
        if let node = fields["sample"] {
            sample = sampleData(node, reader: reader, host: host, types: types, hasModels: fields.has("models"))
        }
        var manifest = Manifest(
            file: document.file, version: version, host: host, deploymentTarget: deploymentTarget,
            libraryVersion: libraryVersion, configuration: configuration, types: types, entries: entries,
            sample: sample)
        manifest.layout = layout
        manifest.viewModelMappingCustomizing = customizing
        manifest.modelStorageVersion = modelStorageVersion
        manifest.declaredViewClasses = declaredViewClasses
        manifest.viewSuperclasses = viewSuperclasses
        return manifest
    }

    /// `version:`, which must be 1.
    private mutating func manifestVersion(_ node: YAMLNode?, root: YAMLNode) -> Int {
        guard let node else {
            error("the manifest needs 'version: 1'", at: root)
            return 1
        }
        guard let value = int(node, "'version'") else { return 1 }
        if value != 1 { error("unsupported manifest version \(value); this maplint reads version 1", at: node) }
        return value
    }

    /// `host: tableView` or `host: collectionView`.
    private mutating func manifestHost(_ node: YAMLNode?, root: YAMLNode) -> Host? {
        guard let node else {
            error("the manifest needs 'host: tableView' or 'host: collectionView'", at: root)
            return nil
        }
        guard let text = string(node, "'host'") else { return nil }
        let host = Host(rawValue: text)
        if host == nil {
            error(
                "'host' must be tableView or collectionView, not '\(text)'"
                    + Suggestion.didYouMean(text, in: Host.allCases.map(\.rawValue)), at: node)
        }
        return host
    }

    /// `sample:`, decoded from its node, or as `reader` read it while the events were parsed.
    private mutating func sampleData(
        _ node: YAMLNode, reader: SampleReader?, host: Host, types: TypeTable, hasModels: Bool
    ) -> SampleData? {
        let outcome: (sample: SampleData?, diagnostics: [Diagnostic])
        if let reader {
            let read = reader.outcome(host: host, types: types, hasModels: hasModels, document: document)
            outcome = (read.sample, read.diagnostics)
        } else {
            outcome = SampleReader.decode(
                node, owner: .manifest, document: document, limits: limits, host: host, types: types)
        }
        diagnostics += outcome.diagnostics
        return outcome.sample
    }

    /// `layout: flow`, `compositional` or `custom`; a table view has no layout.
    private mutating func collectionLayout(_ node: YAMLNode, key: YAMLNode, host: Host) -> Located<CollectionLayout>? {
        if let message = ManifestChecks.layout(on: host) {
            error(message, at: key)
            return nil
        }
        guard let text = string(node, "'layout'") else { return nil }
        guard let layout = CollectionLayout(rawValue: text) else {
            error(
                "'layout' must be flow, compositional or custom, not '\(text)'"
                    + Suggestion.didYouMean(text, in: CollectionLayout.allCases.map(\.rawValue)), at: node)
            return nil
        }
        return Located(layout, at: location(node))
    }

    /// `configuration:`, the table's `TableViewConfiguration`. A collection view has none.
    private mutating func tableConfiguration(
        _ node: YAMLNode, key: YAMLNode, host: Host, version: LibraryVersion
    ) -> TableConfiguration? {
        if let message = ManifestChecks.configuration(on: host) {
            error(message, at: key)
            return nil
        }
        // The minimal heights are closures of the table view; they size a header or footer that is
        // not shown and change nothing that is shown, so a manifest does not state them.
        let minimalHeights = ["minimalHeaderHeightForTableView", "minimalFooterHeightForTableView"]
        guard
            let fields = fields(
                node, of: "'configuration'", allowed: ManifestDecoder.configurationKeys + minimalHeights)
        else { return nil }
        for name in minimalHeights {
            guard let keyNode = fields.keyNode(name) else { continue }
            error(
                "'\(name)' is not a manifest key: it only sets the height of a header or footer that is not "
                    + "shown, and changes nothing maplint checks; remove it", at: keyNode)
        }
        var configuration = TableConfiguration(location: location(key))
        func style(_ name: String) -> Located<SectionStyle>? {
            guard let value = fields[name], let text = string(value, "'\(name)'") else { return nil }
            guard let style = SectionStyle(rawValue: text) else {
                error(ManifestChecks.invalidSectionStyle(name, text), at: value)
                return nil
            }
            return Located(style, at: location(value))
        }
        func flag(_ name: String) -> Located<Bool>? {
            guard let value = fields[name], let flag = bool(value, "'\(name)'") else { return nil }
            return Located(flag, at: location(value))
        }
        configuration.sectionHeaderStyle = style("sectionHeaderStyle")
        configuration.sectionFooterStyle = style("sectionFooterStyle")
        configuration.displayHeaderOnEmptySection = flag("displayHeaderOnEmptySection")
        configuration.displayFooterOnEmptySection = flag("displayFooterOnEmptySection")
        configuration.semanticHeaderHeight = flag("semanticHeaderHeight")
        configuration.semanticFooterHeight = flag("semanticFooterHeight")
        for name in ManifestDecoder.configurationKeys {
            guard let keyNode = fields.keyNode(name),
                let message = ManifestChecks.configurationKey(name, in: version)
            else { continue }
            error(message, at: keyNode)
        }
        return configuration
    }

    /// `libraryVersion: "6.6.0"`, `"8"` or the bare integer `8`.
    private mutating func libraryVersion(_ node: YAMLNode) -> LibraryVersion? {
        guard
            let version = parsedVersion(
                node, key: "libraryVersion", example: "6.6.0",
                library: "a DTTableViewManager or DTCollectionViewManager version such as \"11.0.1\", \"6.6\" or \"8\"")
        else { return nil }
        if let message = ManifestChecks.unsupportedLibraryVersion(version) {
            error(message, at: node)
            return nil
        }
        return version
    }

    /// `modelStorageVersion: "9.0.1"`, `"9"` or the bare integer `9`; any version.
    private mutating func modelStorageVersion(_ node: YAMLNode) -> LibraryVersion? {
        parsedVersion(
            node, key: "modelStorageVersion", example: "9.0.1",
            library: "a DTModelStorage version such as \"9.0.1\", \"9.1\" or \"9\"")
    }

    /// A version written as a string (`"6.6.0"`, `"6.6"`, `"8"`) or a bare integer major; a
    /// decimal number is refused, since it loses trailing zeros.
    private mutating func parsedVersion(
        _ node: YAMLNode, key: String, example: String, library: String
    )
        -> LibraryVersion?
    {
        let text: String
        switch node.scalar?.value {
        case .int(let major)?: text = String(major)
        case .float?:
            error(
                "write '\(key)' as a string, such as \"\(example)\": as a number, "
                    + "\(node.scalar?.text ?? "it") loses its trailing zeros and cannot name a patch version", at: node)
            return nil
        default:
            guard let string = string(node, "'\(key)'") else { return nil }
            text = string
        }
        guard let version = LibraryVersion(parsing: text) else {
            error("'\(key)' must be \(library), not '\(text)'", at: node)
            return nil
        }
        return version
    }

    // MARK: - Registrations

    private mutating func registrationEntries(
        _ items: [YAMLNode], host: Host, types: TypeTable, version: LibraryVersion
    ) -> [Entry] {
        var entries: [Entry] = []
        let viewClasses = Self.viewClassNames(items)
        for (index, item) in items.enumerated() {
            guard let pairs = item.mapping else {
                error(
                    "entry \(index) of 'registrations' must be a mapping with one of "
                        + ManifestDecoder.entryKinds.joined(separator: ", ") + ", not \(item.kindDescription)", at: item
                )
                continue
            }
            let kinds = pairs.filter { pair in
                pair.key.scalar.map { ManifestDecoder.entryKinds.contains($0.text) } ?? false
            }
            guard let kindPair = kinds.first, let kind = kindPair.key.scalar?.text else {
                // Point at a misspelt kind if there is one.
                var message =
                    "entry \(index) of 'registrations' needs one of "
                    + ManifestDecoder.entryKinds.joined(separator: ", ")
                if let first = pairs.first?.key.scalar?.text,
                    let match = Suggestion.closest(to: first, in: ManifestDecoder.entryKinds)
                {
                    message += " (did you mean '\(match)' instead of '\(first)'?)"
                    error(message, at: pairs.first?.key ?? item, registrations: [index])
                } else {
                    error(message, at: item, registrations: [index])
                }
                continue
            }
            if kinds.count > 1, let second = kinds.dropFirst().first {
                error(
                    "an entry is one call: it has '\(kind)' and also '\(second.key.scalar?.text ?? "")'; split it into two entries",
                    at: second.key, registrations: [index])
                continue
            }
            let location = self.location(kindPair.key)
            switch kind {
            case "unregister":
                if let entry = unregistration(item, value: kindPair.value, index: index, host: host, location: location)
                {
                    entries.append(.unregister(entry))
                }
            case "event":
                if let entry = managerEvent(
                    item, index: index, host: host, version: version, types: types, viewClasses: viewClasses,
                    location: location)
                {
                    entries.append(.event(entry))
                }
            default:
                if let entry = registration(
                    item, kind: kind, index: index, host: host, types: types, version: version, location: location)
                {
                    entries.append(.registration(entry))
                }
            }
        }
        return entries
    }

    private mutating func viewType(
        element: String, kindNode: YAMLNode?, host: Host, at node: YAMLNode, index: Int
    ) -> ViewType? {
        switch element {
        case "cell":
            return .cell
        case "header":
            return .header(for: host)
        case "footer":
            return .footer(for: host)
        default:
            guard host == .collectionView else {
                error(ManifestChecks.supplementaryOnTableView, at: node, registrations: [index])
                return nil
            }
            guard let kindNode else {
                error("a supplementary view needs its 'kind'", at: node, registrations: [index])
                return nil
            }
            guard let kind = string(kindNode, "'kind'", registrations: [index]) else { return nil }
            guard !kind.isEmpty else {
                error(ManifestChecks.empty("kind"), at: kindNode, registrations: [index])
                return nil
            }
            return .supplementary(kind: kind)
        }
    }

    private mutating func registration(
        _ node: YAMLNode, kind: String, index: Int, host: Host, types: TypeTable, version: LibraryVersion,
        location: SourceLocation
    ) -> Registration? {
        let allowed = ManifestDecoder.registrationKeys(kind: kind)
        let what = "a '\(kind)' entry"
        guard let fields = fields(node, of: what, allowed: allowed, registrations: [index]),
            let classNode = fields[kind],
            let className = viewClassName(classNode, "the view class of '\(kind)'", registrations: [index]),
            let viewType = viewType(element: kind, kindNode: fields["kind"], host: host, at: classNode, index: index)
        else { return nil }

        guard let modelNode = fields["model"] else {
            error(
                "'\(kind): \(className)' needs 'model', the type of the models it displays", at: classNode,
                registrations: [index])
            return nil
        }
        guard let modelType = modelTypeRef(modelNode, types: types, index: index) else { return nil }

        var registration = Registration(
            index: index, viewType: viewType, viewClass: Located(className, at: self.location(classNode)),
            modelType: Located(modelType, at: self.location(modelNode)), location: location)

        registration.condition = condition(fields, modelType: modelType, types: types, index: index)
        readViewSource(fields, into: &registration)
        readNibRegistration(fields, version: version, into: &registration)
        readFlags(fields, host: host, into: &registration)
        if !registration.events.isEmpty, let message = ManifestChecks.mappingEvents(host: host, version: version) {
            error(message, at: fields.keyNode("events") ?? classNode, registrations: [index])
        }
        return registration
    }

    /// `section`, `condition` or `opaqueCondition`: at most one of them.
    private mutating func condition(
        _ fields: Fields, modelType: TypeRef, types: TypeTable, index: Int
    ) -> RegistrationCondition {
        let conditionKeys = ["section", "condition", "opaqueCondition"].filter { fields.has($0) }
        if conditionKeys.count > 1, let second = fields.keyNode(conditionKeys[1]) {
            error(
                "'\(conditionKeys[0])' and '\(conditionKeys[1])' both set a condition, and a mapping has one condition; keep one",
                at: second, registrations: [index])
        }
        if let sectionNode = fields["section"], let section = int(sectionNode, "'section'", registrations: [index]) {
            // `.section(-1)` compiles and never matches: unreachable-registration says so.
            return .section(Located(section, at: self.location(sectionNode)))
        } else if let conditionNode = fields["condition"],
            let text = string(conditionNode, "'condition'", registrations: [index])
        {
            switch CompiledCondition.compile(
                text, sourceMap: document.sourceMap(for: conditionNode), modelType: modelType, types: types,
                parsed: parsedConditions)
            {
            case .success(let condition):
                return .custom(condition)
            case .failure(let failure):
                diagnostics += failure.diagnostics.map { diagnostic in
                    var diagnostic = diagnostic
                    diagnostic.registrations = [index]
                    return diagnostic
                }
            }
        } else if let opaqueNode = fields["opaqueCondition"],
            let text = string(opaqueNode, "'opaqueCondition'", registrations: [index])
        {
            return .opaque(Located(text, at: self.location(opaqueNode)))
        }

        return .none
    }

    /// `xib` and `reuseIdentifier`.
    private mutating func readViewSource(_ fields: Fields, into registration: inout Registration) {
        let index = registration.index
        if let xibNode = fields["xib"] {
            registration.xibLocation = self.location(xibNode)
            if xibNode.scalar?.value == .null {
                registration.xib = .none
            } else if let name = string(xibNode, "'xib'", registrations: [index]) {
                if name.isEmpty {
                    error(ManifestChecks.emptyXib, at: xibNode, registrations: [index])
                } else {
                    registration.xib = .named(name)
                }
            }
        }
        if let idNode = fields["reuseIdentifier"],
            let identifier = string(idNode, "'reuseIdentifier'", registrations: [index])
        {
            if identifier.isEmpty {
                error(ManifestChecks.empty("reuseIdentifier"), at: idNode, registrations: [index])
            } else {
                registration.reuseIdentifier = Located(identifier, at: self.location(idNode))
                registration.hasExplicitReuseIdentifier = true
            }
        }
        if let idNode = fields["viewReuseIdentifier"],
            let identifier = string(idNode, "'viewReuseIdentifier'", registrations: [index])
        {
            if identifier.isEmpty {
                error(ManifestChecks.empty("viewReuseIdentifier"), at: idNode, registrations: [index])
            } else {
                registration.viewReuseIdentifier = Located(identifier, at: self.location(idNode))
            }
        }
    }

    /// `registerNibNamed: true`: DT 6 and 7's `registerNibNamed(_:for:)`, which needs a named xib.
    private mutating func readNibRegistration(
        _ fields: Fields, version: LibraryVersion, into registration: inout Registration
    ) {
        guard let node = fields["registerNibNamed"],
            let flag = bool(node, "'registerNibNamed'", registrations: [registration.index]), flag
        else { return }
        let key = fields.keyNode("registerNibNamed") ?? node
        if let message = ManifestChecks.nibRegistration(version: version, xib: registration.xib) {
            error(message, at: key, registrations: [registration.index])
            return
        }
        registration.registerNibNamed = true
    }

    /// `storyboard`, `modelTransfer`, `headerFooterView` and the mapping's `events`.
    private mutating func readFlags(_ fields: Fields, host: Host, into registration: inout Registration) {
        let index = registration.index
        if let flag = fields["storyboard"].flatMap({ bool($0, "'storyboard'", registrations: [index]) }) {
            registration.storyboard = flag
        }
        if let flag = fields["modelTransfer"].flatMap({ bool($0, "'modelTransfer'", registrations: [index]) }) {
            registration.modelTransfer = flag
        }
        if let flagNode = fields["headerFooterView"],
            let flag = bool(flagNode, "'headerFooterView'", registrations: [index])
        {
            if host == .collectionView {
                error(
                    ManifestChecks.headerFooterViewOnCollectionView, at: fields.keyNode("headerFooterView") ?? flagNode,
                    registrations: [index])
            }
            registration.headerFooterView = flag
        }
        if let eventsNode = fields["events"], let items = list(eventsNode, "'events'", registrations: [index]) {
            registration.events = items.compactMap { item in
                string(item, "an event name", registrations: [index]).map { Located($0, at: self.location(item)) }
            }
        }
    }

    /// `model:` of a registration or a model-keyed event: a builtin, a declared model, or `T?`.
    private mutating func modelTypeRef(_ node: YAMLNode, types: TypeTable, index: Int) -> TypeRef? {
        guard let text = string(node, "'model'", registrations: [index]) else { return nil }
        let checks = ModelChecks(declaredViewClasses: declaredViewClasses)
        switch checks.modelType(text, at: location(node), types: types, registrations: [index]) {
        case .success(let type):
            return type
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            return nil
        }
    }

    private mutating func unregistration(
        _ node: YAMLNode, value: YAMLNode, index: Int, host: Host, location: SourceLocation
    ) -> Unregistration? {
        _ = fields(node, of: "an 'unregister' entry", allowed: ManifestDecoder.unregisterKeys, registrations: [index])
        if value.scalar != nil {
            guard let name = viewClassName(value, "the view class of 'unregister'", registrations: [index]) else {
                return nil
            }
            return Unregistration(
                index: index, viewType: .cell, viewClass: Located(name, at: self.location(value)), location: location)
        }
        guard
            let fields = fields(
                value, of: "'unregister'", allowed: ManifestDecoder.unregisterTargetKeys,
                registrations: [index])
        else { return nil }
        let elements = ["cell", "header", "footer", "supplementary"].filter { fields.has($0) }
        guard elements.count == 1, let element = elements.first, let classNode = fields[element] else {
            error(
                "'unregister' names one view: a class name, or one of {header: X}, {footer: X}, {supplementary: X, kind: k}",
                at: value, registrations: [index])
            return nil
        }
        if fields.has("kind") && element != "supplementary", let kindKey = fields.keyNode("kind") {
            error("'kind' goes with 'supplementary' only", at: kindKey, registrations: [index])
        }
        guard let name = viewClassName(classNode, "the view class of 'unregister'", registrations: [index]),
            let viewType = viewType(element: element, kindNode: fields["kind"], host: host, at: classNode, index: index)
        else { return nil }
        return Unregistration(
            index: index, viewType: viewType, viewClass: Located(name, at: self.location(classNode)), location: location
        )
    }

    /// The view classes the entries name (`cell: PostCell`, `unregister: PostCell`, an event's
    /// `view:`), read before the entries are decoded: a model-keyed event may name one.
    private static func viewClassNames(_ items: [YAMLNode]) -> Set<String> {
        var names: Set<String> = []
        func add(_ node: YAMLNode?) {
            if let text = node?.scalar?.text { names.insert(text) }
        }
        for item in items {
            for pair in item.mapping ?? [] {
                switch pair.key.scalar?.text {
                case "cell", "header", "footer", "supplementary", "view": add(pair.value)
                case "unregister":
                    add(pair.value)
                    for target in pair.value.mapping ?? [] where target.key.scalar?.text != "kind" { add(target.value) }
                default: break
                }
            }
        }
        return names
    }

    /// What a manager-level event is keyed by: `view:` or `model:` (one of them).
    private mutating func eventTarget(
        _ fields: Fields, name: String, nameNode: YAMLNode, index: Int, host: Host, version: LibraryVersion,
        types: TypeTable, viewClasses: Set<String>
    ) -> ManagerEvent.Target? {
        switch (fields["view"], fields["model"]) {
        case (let viewNode?, nil):
            if let message = ManifestChecks.viewKeyedEvent(name, host: host, version: version) {
                error(message, at: fields.keyNode("view") ?? viewNode, registrations: [index])
                return nil
            }
            guard let view = viewClassName(viewNode, "'view'", registrations: [index]) else { return nil }
            return .view(Located(view, at: self.location(viewNode)))
        case (nil, let modelNode?):
            // `heightForCell(withItem: PostCell.self)`: a view class where a model type belongs.
            if let text = modelNode.scalar?.text,
                ManifestChecks.isViewClassAsModel(
                    text, types: types, viewClasses: viewClasses, declaredViewClasses: declaredViewClasses)
            {
                return .viewClassAsModel(Located(text, at: self.location(modelNode)))
            }
            guard let model = modelTypeRef(modelNode, types: types, index: index) else { return nil }
            return .model(Located(model, at: self.location(modelNode)))
        case (_?, _?):
            error(
                ManifestChecks.eventWithViewAndModel, at: fields.keyNode("model") ?? nameNode, registrations: [index])
            return nil
        case (nil, nil):
            error(ManifestChecks.eventWithoutTarget(name), at: nameNode, registrations: [index])
            return nil
        }
    }

    private mutating func managerEvent(
        _ node: YAMLNode, index: Int, host: Host, version: LibraryVersion, types: TypeTable, viewClasses: Set<String>,
        location: SourceLocation
    ) -> ManagerEvent? {
        guard
            let fields = fields(
                node, of: "an 'event' entry", allowed: ManifestDecoder.eventKeys,
                registrations: [index]),
            let nameNode = fields["event"],
            let name = string(nameNode, "the event name", registrations: [index])
        else { return nil }
        // `manager.insetForSectionAtIndex { layout, section in … }`: keyed by no view or model.
        if HostEvents.sectionEvents.contains(name) {
            for key in ["view", "model", "element", "kind"] {
                guard let keyNode = fields.keyNode(key) else { continue }
                error(ManifestChecks.sectionEvent(name, with: key), at: keyNode, registrations: [index])
                return nil
            }
            return ManagerEvent(
                index: index, name: Located(name, at: self.location(nameNode)), viewType: .cell, target: .section,
                location: location)
        }
        var written: String?
        if let elementNode = fields["element"], let text = string(elementNode, "'element'", registrations: [index]) {
            let allowed = ["cell", "header", "footer", "supplementary"]
            guard allowed.contains(text) else {
                error(
                    "'element' must be cell, header, footer or supplementary, not '\(text)'"
                        + Suggestion.didYouMean(text, in: allowed),
                    at: elementNode, registrations: [index])
                return nil
            }
            written = text
        }
        // An event that exists only for headers, footers or supplementary views implies its element.
        let element: String
        switch ManifestChecks.eventElement(name, host: host, written: written, hasKind: fields.has("kind")) {
        case .success(let implied): element = implied
        case .failure(let failure):
            error(failure.message, at: fields["element"] ?? nameNode, registrations: [index])
            return nil
        }
        if fields.has("kind") && element != "supplementary", let kindKey = fields.keyNode("kind") {
            error("'kind' goes with 'element: supplementary' only", at: kindKey, registrations: [index])
        }
        guard
            let viewType = viewType(
                element: element, kindNode: fields["kind"], host: host, at: fields["element"] ?? nameNode, index: index)
        else { return nil }
        guard
            let target = eventTarget(
                fields, name: name, nameNode: nameNode, index: index, host: host, version: version, types: types,
                viewClasses: viewClasses)
        else { return nil }
        return ManagerEvent(
            index: index, name: Located(name, at: self.location(nameNode)), viewType: viewType, target: target,
            location: location)
    }
}
