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
    /// The manifest: its top level read here, its `models:`, `configuration:` and
    /// `registrations:` read into a draft that `ManifestBuilder` checks and builds, its sample
    /// read against the model types built.
    mutating func manifest(_ root: YAMLNode, sample reader: SampleReader? = nil) -> Manifest? {
        guard let fields = fields(root, of: self.root, allowed: ManifestDecoder.topLevelKeys) else { return nil }
        var written = WrittenManifest(file: document.file, version: manifestVersion(fields["version"], root: root))
        let host = manifestHost(fields["host"], root: root)
        for (key, pair) in fields.pairs {
            (written.keys[key], written.values[key]) = (location(pair.key), location(pair.value))
        }
        var draft = ManifestDraft(name: "", host: host ?? .tableView, location: location(root))
        draft.deploymentTarget = fields["deploymentTarget"].flatMap { string($0, "'deploymentTarget'") }
        written.libraryVersion = fields["libraryVersion"].flatMap { self.libraryVersion($0) }
        written.modelStorageVersion = fields["modelStorageVersion"].flatMap { self.modelStorageVersion($0) }
        draft.models = fields["models"].map { draftModels($0) } ?? []
        // With no host, only the models are checked.
        var read = false
        if let host { read = readSettings(fields, host: host, into: &draft, &written) }
        draft.written = written
        var builder = ManifestBuilder(draft: draft, limits: limits)
        let built = builder.manifest()
        diagnostics += builder.diagnostics
        declaredViewClasses = builder.checks.declaredViewClasses
        guard let host, read, var manifest = built else { return nil }
        if let node = fields["sample"] {
            manifest.sample = sampleData(
                node, reader: reader, host: host, types: manifest.types, hasModels: fields.has("models"))
        }
        return manifest
    }

    /// `configuration:`, `layout:`, `viewModelMappingCustomizing:` and `registrations:` read into
    /// `draft`; false when there are more entries than the limit, and nothing can be built.
    private mutating func readSettings(
        _ fields: Fields, host: Host, into draft: inout ManifestDraft, _ written: inout WrittenManifest
    ) -> Bool {
        if let node = fields["configuration"], node.scalar?.value != .null {
            readConfiguration(node, host: host, into: &draft, &written)
        }
        if let node = fields["layout"] {
            draft.layout = collectionLayout(node, key: fields.keyNode("layout") ?? node, host: host)
        }
        if let node = fields["viewModelMappingCustomizing"], let name = string(node, "'viewModelMappingCustomizing'") {
            draft.viewModelMappingCustomizing = Located(name, at: location(node))
        }
        guard let node = fields["registrations"], node.scalar?.value != .null,
            let items = list(node, "'registrations'")
        else { return true }
        if items.count > limits.maxEntries {
            error("'registrations' has \(items.count) entries, over the limit of \(limits.maxEntries)", at: node)
            return false
        }
        readEntries(items, into: &draft)
        return true
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

    /// `configuration:`, the table's `TableViewConfiguration`, read into the draft's assignments,
    /// which `ManifestBuilder` checks as it does Swift's. A collection view's is refused unread.
    private mutating func readConfiguration(
        _ node: YAMLNode, host: Host, into draft: inout ManifestDraft, _ written: inout WrittenManifest
    ) {
        written.hasConfiguration = true
        guard host == .tableView else { return }
        // The minimal heights are closures of the table view; they size a header or footer that is
        // not shown and change nothing that is shown, so a manifest does not state them.
        let minimalHeights = ["minimalHeaderHeightForTableView", "minimalFooterHeightForTableView"]
        guard
            let fields = fields(
                node, of: "'configuration'", allowed: ManifestDecoder.configurationKeys + minimalHeights)
        else {
            written.hasConfiguration = false
            return
        }
        for name in minimalHeights {
            guard let keyNode = fields.keyNode(name) else { continue }
            error(
                "'\(name)' is not a manifest key: it only sets the height of a header or footer that is not "
                    + "shown, and changes nothing maplint checks; remove it", at: keyNode)
        }
        for name in ManifestDecoder.configurationKeys {
            guard let value = fields[name], let keyNode = fields.keyNode(name) else { continue }
            written.configurationKeys[name] = location(keyNode)
            let text =
                name.hasSuffix("Style") ? string(value, "'\(name)'") : bool(value, "'\(name)'").map { String($0) }
            if let text {
                draft.configuration.append(DraftConfiguration(key: name, value: text, location: location(value)))
            }
        }
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

    /// `registrations:` read into the draft's entries, which `ManifestBuilder` checks and builds as
    /// it does a Swift draft's. Only what the YAML says wrongly is told here; a value of the wrong
    /// shape is told when the builder comes to it (`WrittenEntry.problems`), as reading stops there.
    private mutating func readEntries(_ items: [YAMLNode], into draft: inout ManifestDraft) {
        var written: [WrittenEntry] = []
        for (index, item) in items.enumerated() {
            guard let (kind, kindPair) = entryKind(item, index: index) else { continue }
            var place = WrittenEntry(index: index)
            let location = self.location(kindPair.key)
            var entry: DraftEntry?
            switch kind {
            case "unregister":
                entry = unregistration(item, value: kindPair.value, place: &place, location: location)
            case "event":
                entry = managerEvent(item, place: &place, location: location)
            default:
                entry = registration(item, kind: kind, place: &place, location: location).map(DraftEntry.registration)
            }
            guard let entry else { continue }
            draft.entries.append(entry)
            written.append(place)
        }
        draft.writtenEntries = written
    }

    /// The kind of entry `item` is (`cell`, `unregister`, `event`, …) and its pair; nil, with an
    /// error, when it has none or several.
    private mutating func entryKind(_ item: YAMLNode, index: Int) -> (String, YAMLPair)? {
        guard let pairs = item.mapping else {
            error(
                "entry \(index) of 'registrations' must be a mapping with one of "
                    + ManifestDecoder.entryKinds.joined(separator: ", ") + ", not \(item.kindDescription)", at: item
            )
            return nil
        }
        let kinds = pairs.filter { pair in
            pair.key.scalar.map { ManifestDecoder.entryKinds.contains($0.text) } ?? false
        }
        guard let kindPair = kinds.first, let kind = kindPair.key.scalar?.text else {
            // Point at a misspelt kind if there is one.
            var message =
                "entry \(index) of 'registrations' needs one of " + ManifestDecoder.entryKinds.joined(separator: ", ")
            if let first = pairs.first?.key.scalar?.text,
                let match = Suggestion.closest(to: first, in: ManifestDecoder.entryKinds)
            {
                message += " (did you mean '\(match)' instead of '\(first)'?)"
                error(message, at: pairs.first?.key ?? item, registrations: [index])
            } else {
                error(message, at: item, registrations: [index])
            }
            return nil
        }
        if kinds.count > 1, let second = kinds.dropFirst().first {
            error(
                "an entry is one call: it has '\(kind)' and also '\(second.key.scalar?.text ?? "")'; split it into two entries",
                at: second.key, registrations: [index])
            return nil
        }
        return (kind, kindPair)
    }

    /// Reads a value with `read`; what it tells is kept under `key` for the builder to tell.
    private mutating func deferred<T>(
        _ key: String, _ place: inout WrittenEntry, _ read: (inout NodeReader) -> T?
    ) -> T? {
        let before = diagnostics.count
        let value = read(&self)
        if diagnostics.count > before {
            place.problems[key, default: []] += diagnostics[before...]
            diagnostics.removeSubrange(before...)
        }
        return value
    }

    /// Where each key and value of `fields` is written, and the text of `kind:`.
    private mutating func record(_ fields: Fields, into place: inout WrittenEntry) {
        for (key, pair) in fields.pairs {
            place.keys[key] = location(pair.key)
            place.values[key] = location(pair.value)
        }
        if let node = fields["kind"] {
            let index = place.index
            let kind = deferred("kind", &place) { $0.string(node, "'kind'", registrations: [index]) }
            place.kind = kind
        }
    }

    private static func element(_ key: String, kind: String?) -> DraftElement {
        switch key {
        case "header": .header
        case "footer": .footer
        case "supplementary": .supplementary(kind ?? "")
        default: .cell
        }
    }

    private mutating func registration(
        _ node: YAMLNode, kind: String, place: inout WrittenEntry, location: SourceLocation
    ) -> DraftRegistration? {
        let index = place.index
        guard
            let fields = fields(
                node, of: "a '\(kind)' entry", allowed: ManifestDecoder.registrationKeys(kind: kind),
                registrations: [index]),
            let classNode = fields[kind],
            let className = string(classNode, "the view class of '\(kind)'", registrations: [index])
        else { return nil }
        record(fields, into: &place)
        var registration = DraftRegistration(
            element: Self.element(kind, kind: place.kind), view: className, model: "", location: location,
            modelLocation: location)
        if let modelNode = fields["model"] {
            registration.modelLocation = self.location(modelNode)
            registration.model =
                deferred("model", &place) { $0.string(modelNode, "'model'", registrations: [index]) } ?? ""
        }
        let condition = deferred("condition", &place) { $0.condition(fields, index: index) }
        registration.condition = condition?.condition
        place.conditionMap = condition?.map
        readViewSource(fields, place: &place, into: &registration)
        readFlags(fields, place: &place, into: &registration)
        return registration
    }

    /// `section`, `condition` or `opaqueCondition`: at most one of them.
    private mutating func condition(
        _ fields: Fields, index: Int
    ) -> (condition: DraftCondition, map: TextSourceMap?)? {
        let conditionKeys = ["section", "condition", "opaqueCondition"].filter { fields.has($0) }
        if conditionKeys.count > 1, let second = fields.keyNode(conditionKeys[1]) {
            error(
                "'\(conditionKeys[0])' and '\(conditionKeys[1])' both set a condition, and a mapping has one condition; keep one",
                at: second, registrations: [index])
        }
        if let sectionNode = fields["section"], let section = int(sectionNode, "'section'", registrations: [index]) {
            // `.section(-1)` compiles and never matches: unreachable-registration says so.
            return (.section(section, self.location(sectionNode)), nil)
        } else if let conditionNode = fields["condition"],
            let text = string(conditionNode, "'condition'", registrations: [index])
        {
            return (
                .expression(text, swift: text, self.location(conditionNode)), document.sourceMap(for: conditionNode)
            )
        } else if let opaqueNode = fields["opaqueCondition"],
            let text = string(opaqueNode, "'opaqueCondition'", registrations: [index])
        {
            return (.opaque(text, self.location(opaqueNode)), nil)
        }
        return nil
    }

    /// `xib`, `reuseIdentifier` and `viewReuseIdentifier`.
    private mutating func readViewSource(
        _ fields: Fields, place: inout WrittenEntry, into registration: inout DraftRegistration
    ) {
        let index = place.index
        if let xibNode = fields["xib"] {
            if xibNode.scalar?.value == .null {
                registration.xib = (nil, self.location(xibNode))
            } else if let name = deferred("xib", &place, { $0.string(xibNode, "'xib'", registrations: [index]) }) {
                registration.xib = (name, self.location(xibNode))
            }
        }
        for key in ["reuseIdentifier", "viewReuseIdentifier"] {
            guard let node = fields[key],
                let identifier = deferred(key, &place, { $0.string(node, "'\(key)'", registrations: [index]) })
            else { continue }
            let located = Located(identifier, at: self.location(node))
            if key == "reuseIdentifier" {
                registration.reuseIdentifier = located
            } else {
                registration.viewReuseIdentifier = located
            }
        }
    }

    /// `registerNibNamed`, `storyboard`, `modelTransfer`, `headerFooterView` and the mapping's `events`.
    private mutating func readFlags(
        _ fields: Fields, place: inout WrittenEntry, into registration: inout DraftRegistration
    ) {
        let index = place.index
        func flag(_ key: String, _ place: inout WrittenEntry) -> Bool? {
            guard let node = fields[key] else { return nil }
            return deferred(key, &place) { $0.bool(node, "'\(key)'", registrations: [index]) }
        }
        registration.registerNibNamed = flag("registerNibNamed", &place) ?? false
        if let value = flag("storyboard", &place), let node = fields["storyboard"] {
            registration.storyboard = Located(value, at: self.location(node))
        }
        registration.modelTransfer = flag("modelTransfer", &place) ?? true
        registration.headerFooterView = flag("headerFooterView", &place)
        if let eventsNode = fields["events"] {
            registration.events =
                deferred("events", &place) { reader in
                    reader.list(eventsNode, "'events'", registrations: [index])?.compactMap { item in
                        reader.string(item, "an event name", registrations: [index]).map {
                            Located($0, at: reader.location(item))
                        }
                    }
                } ?? []
        }
    }

    private mutating func unregistration(
        _ node: YAMLNode, value: YAMLNode, place: inout WrittenEntry, location: SourceLocation
    ) -> DraftEntry? {
        let index = place.index
        _ = fields(node, of: "an 'unregister' entry", allowed: ManifestDecoder.unregisterKeys, registrations: [index])
        if value.scalar != nil {
            guard let name = string(value, "the view class of 'unregister'", registrations: [index]) else {
                return nil
            }
            place.values["unregister"] = self.location(value)
            return .unregister(element: .cell, view: name, location: location)
        }
        guard
            let fields = fields(
                value, of: "'unregister'", allowed: ManifestDecoder.unregisterTargetKeys, registrations: [index])
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
        guard let name = string(classNode, "the view class of 'unregister'", registrations: [index]) else {
            return nil
        }
        record(fields, into: &place)
        place.values["unregister"] = self.location(classNode)
        return .unregister(element: Self.element(element, kind: place.kind), view: name, location: location)
    }

    private mutating func managerEvent(
        _ node: YAMLNode, place: inout WrittenEntry, location: SourceLocation
    ) -> DraftEntry? {
        let index = place.index
        guard
            let fields = fields(
                node, of: "an 'event' entry", allowed: ManifestDecoder.eventKeys, registrations: [index]),
            let nameNode = fields["event"],
            let name = string(nameNode, "the event name", registrations: [index])
        else { return nil }
        record(fields, into: &place)
        var element = DraftElement.cell
        if let elementNode = fields["element"],
            let text = deferred("elementText", &place, { $0.string(elementNode, "'element'", registrations: [index]) })
        {
            let allowed = ["cell", "header", "footer", "supplementary"]
            if allowed.contains(text) {
                element = Self.element(text, kind: place.kind)
            } else {
                place.problems["element"] = [
                    Diagnostic(
                        rule: rule, severity: .error,
                        message: "'element' must be cell, header, footer or supplementary, not '\(text)'"
                            + Suggestion.didYouMean(text, in: allowed),
                        location: self.location(elementNode), registrations: [index])
                ]
            }
        }
        var view: String?
        if let viewNode = fields["view"] {
            view = deferred("view", &place) { $0.string(viewNode, "'view'", registrations: [index]) } ?? ""
        }
        var model: String?
        if let modelNode = fields["model"] {
            model = deferred("model", &place) { $0.string(modelNode, "'model'", registrations: [index]) } ?? ""
        }
        return .event(name: name, view: view, model: model, element: element, location: location)
    }
}
