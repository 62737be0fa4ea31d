import MaplintFindings
import MaplintLibrary
import MaplintYAML

/// Checks a `ManifestDraft` and turns it into a `Manifest`: the one validator of both front ends.
/// Extraction fills a draft from Swift code; the decoder reads a manifest file's `models:`,
/// `configuration:` and `registrations:` into one. Model declarations, model types, view class
/// names, configuration and conditions are checked and compiled here (`ModelChecks`,
/// `CompiledCondition`), and errors are `invalid-manifest` findings, each in the words of the
/// source it points at: a manifest's keys at its keys and values (`DraftModel.written`,
/// `ManifestDraft.writtenEntries`), Swift at the Swift places. Registrations read from Swift are
/// marked as Swift (`SourceKind.swiftExpression`), so findings name Swift files and lines and
/// suggest Swift.
///
/// A part of a Swift draft that has no place of its own takes the place of what it belongs to: a
/// view class that of its registration call, an event's view or model that of the event call,
/// `configuration` that of the managed type.
package struct ManifestBuilder {
    let draft: ManifestDraft
    let limits: LoaderLimits
    var diagnostics: [Diagnostic] = []
    var checks: ModelChecks
    let parsedConditions = ParsedConditions()
    /// The facts of the shared models, when the draft's share of them was taken as declared once.
    var sharedFacts: SharedTypeFacts?
    /// Conditions read from Swift that do not compile in the condition language: kept opaque,
    /// each with a note.
    var opaqueConditionNotes: [ExtractionNote] = []

    init(draft: ManifestDraft, limits: LoaderLimits) {
        self.draft = draft
        self.limits = limits
        checks = ModelChecks(readsSwift: draft.written == nil)
    }

    /// The manifest, or nil when any `invalid-manifest` error was found; and the diagnostics.
    package static func build(
        _ draft: ManifestDraft, limits: LoaderLimits = .default
    ) -> (manifest: Manifest?, diagnostics: [Diagnostic]) {
        var builder = ManifestBuilder(draft: draft, limits: limits)
        let manifest = builder.manifest()
        let diagnostics = builder.diagnostics.sortedByLocation()
        return (diagnostics.hasErrors ? nil : manifest, diagnostics)
    }

    /// The model types of a draft's `models:`, as the manifest built from it has them (view
    /// classes apart, declarations that do not check left out): what its conditions compile against.
    package static func modelTypes(of draft: ManifestDraft) -> TypeTable {
        var builder = ManifestBuilder(draft: draft, limits: .default)
        let declarations = builder.modelDeclarations()
        return TypeTable(declarations, shared: builder.sharedFacts)
    }

    mutating func error(_ message: String, at location: SourceLocation, registrations: [Int] = []) {
        diagnostics.append(.invalidManifest(message, at: location, registrations: registrations))
    }

    /// The manifest the draft makes, errors or not; nil when nothing can be checked against its
    /// model types (too many entries, or a manifest's models over the limit of properties).
    mutating func manifest() -> Manifest? {
        let written = draft.written
        let deploymentTarget = checkedDeploymentTarget()
        let libraryVersion = written.map(\.libraryVersion) ?? supportedLibraryVersion()
        // Only a lock file resolves DTModelStorage; a requirement says nothing about it.
        var modelStorageVersion = written?.modelStorageVersion
        if let detected = draft.modelStorageVersion, case .lockFile = detected.origin {
            modelStorageVersion = detected.version
        }
        let declarations = modelDeclarations()
        // Nothing is checked against model types that were not kept.
        if written != nil && checks.modelsOverLimit { return nil }
        let types = TypeTable(declarations, shared: sharedFacts)
        let version = libraryVersion ?? .newestSupported
        let configuration = tableConfiguration(version: version)
        let layout = checkedLayout()
        let calls = draft.entries.filter {
            if case .configuration = $0 { return false }
            return true
        }
        if calls.count > limits.maxEntries {
            error(
                "the code makes \(calls.count) registrations, unregistrations and manager-level events, over the "
                    + "limit of \(limits.maxEntries)", at: calls.first.map(Self.location) ?? draft.location)
            return nil
        }
        let entries = self.entries(calls, types: types, version: version)
        var manifest = Manifest(
            file: written?.file ?? draft.fileName, version: written?.version ?? 1, host: draft.host,
            deploymentTarget: deploymentTarget, libraryVersion: libraryVersion, configuration: configuration,
            types: types, entries: entries)
        manifest.layout = layout
        manifest.viewModelMappingCustomizing = draft.viewModelMappingCustomizing
        manifest.modelStorageVersion = modelStorageVersion
        manifest.declaredViewClasses = checks.declaredViewClasses
        manifest.viewSuperclasses = checks.viewSuperclasses
        manifest.extractionNotes = ExtractionNote.merged(draft.notes, opaqueConditionNotes)
        manifest.batchInsertions = draft.batchInsertions
        manifest.isReadFromSwift = written == nil
        return manifest
    }

    /// The draft's deployment target, nil (with an error) when it does not read as one.
    private mutating func checkedDeploymentTarget() -> DeploymentTarget? {
        guard let text = draft.deploymentTarget else { return nil }
        let deploymentTarget = DeploymentTarget(parsing: text)
        if deploymentTarget == nil {
            error(
                ManifestChecks.invalidDeploymentTarget(text),
                at: draft.written?.values["deploymentTarget"] ?? draft.location)
        }
        return deploymentTarget
    }

    /// The library version the draft detected, nil (with an error) when maplint does not support it.
    private mutating func supportedLibraryVersion() -> LibraryVersion? {
        guard let detected = draft.libraryVersion else { return nil }
        if let message = ManifestChecks.unsupportedLibraryVersion(detected.modelled) {
            error(message, at: draft.location)
            return nil
        }
        return detected.modelled
    }

    /// The draft's collection layout, nil (with an error) when the host has none.
    private mutating func checkedLayout() -> Located<CollectionLayout>? {
        guard let given = draft.layout else { return nil }
        if let message = ManifestChecks.layout(on: draft.host) {
            error(message, at: given.location)
            return nil
        }
        return given
    }

    private static func location(of entry: DraftEntry) -> SourceLocation {
        switch entry {
        case .registration(let registration): registration.location
        case .configuration(let assignment): assignment.location
        case .unregister(_, _, let location), .event(_, _, _, _, let location): location
        }
    }

    // MARK: - Models

    /// The draft's models as declarations, checked like `models:` of a manifest file.
    mutating func modelDeclarations() -> [ModelDecl] {
        if let shared = draft.sharedModels, let declarations = sharedDeclarations(shared) { return declarations }
        var declarations: [ModelDecl] = []
        for model in draft.models {
            if let declaration = convert(model) { declarations.append(declaration) }
        }
        let models = checks.check(declarations)
        diagnostics += checks.diagnostics
        checks.diagnostics = []
        return models
    }

    // MARK: - Configuration

    /// The table's `TableViewConfiguration`: a manifest's `configuration:` when written, at its key;
    /// Swift's assignments when there are any, at the managed type.
    private mutating func tableConfiguration(version: LibraryVersion) -> TableConfiguration? {
        if let written = draft.written {
            guard written.hasConfiguration else { return nil }
            return tableConfiguration(
                draft.configuration, at: written.keys["configuration"] ?? draft.location,
                keys: written.configurationKeys, version: version)
        }
        guard !draft.configuration.isEmpty else { return nil }
        return tableConfiguration(draft.configuration, at: draft.location, keys: nil, version: version)
    }

    /// The table's `TableViewConfiguration`, from the assignments in effect, at `location` (a
    /// manifest's `configuration:` key, the managed type of Swift). `keys`: where a manifest writes
    /// each key, which is where a key the library version does not have is told; nil for Swift.
    private mutating func tableConfiguration(
        _ assignments: [DraftConfiguration], at location: SourceLocation, keys: [String: SourceLocation]?,
        version: LibraryVersion
    ) -> TableConfiguration? {
        guard draft.host == .tableView else {
            error(
                "'configuration' is for table views: DTCollectionViewManager has no manager.configuration "
                    + "(TableViewConfiguration belongs to DTTableViewManager); remove it", at: location)
            return nil
        }
        var configuration = TableConfiguration(location: location)
        for assignment in assignments {
            let key = assignment.key
            let at = assignment.location
            switch key {
            case "sectionHeaderStyle", "sectionFooterStyle":
                guard let style = SectionStyle(rawValue: assignment.value) else {
                    error(
                        "'\(key)' must be title or view, not '\(assignment.value)'"
                            + Suggestion.didYouMean(assignment.value, in: SectionStyle.allCases.map(\.rawValue)), at: at
                    )
                    continue
                }
                if key == "sectionHeaderStyle" {
                    configuration.sectionHeaderStyle = Located(style, at: at)
                } else {
                    configuration.sectionFooterStyle = Located(style, at: at)
                }
            case "displayHeaderOnEmptySection", "displayFooterOnEmptySection", "semanticHeaderHeight",
                "semanticFooterHeight":
                guard let flag = ["true": true, "false": false][assignment.value] else {
                    error("'\(key)' must be true or false, not '\(assignment.value)'", at: at)
                    continue
                }
                let value = Located(flag, at: at)
                switch key {
                case "displayHeaderOnEmptySection": configuration.displayHeaderOnEmptySection = value
                case "displayFooterOnEmptySection": configuration.displayFooterOnEmptySection = value
                case "semanticHeaderHeight": configuration.semanticHeaderHeight = value
                default: configuration.semanticFooterHeight = value
                }
                if keys == nil, let message = ManifestChecks.configurationKey(key, in: version) {
                    error(message, at: at)
                }
            default:
                error(
                    "unknown key '\(key)' in 'configuration'"
                        + Suggestion.didYouMean(key, in: ManifestDecoder.configurationKeys), at: at)
            }
        }
        for key in ManifestDecoder.configurationKeys {
            guard let at = keys?[key], let message = ManifestChecks.configurationKey(key, in: version) else { continue }
            error(message, at: at)
        }
        return configuration
    }
}

// MARK: - Shared models

extension ManifestBuilder {
    /// The shared models declared and checked once, as a whole.
    static func declareShared(_ models: [DraftModel]) -> SharedModels.Declared {
        var declared = SharedModels.Declared()
        var builder = ManifestBuilder(
            draft: ManifestDraft(name: "", host: .tableView, location: SourceLocation(file: "", line: 1, column: 1)),
            limits: .default)
        var all: [ModelDecl] = []
        var distinct = true
        for (position, model) in models.enumerated() {
            let declaration = builder.convert(model)
            declared.declarations.append(declaration)
            declared.diagnostics.append(builder.diagnostics)
            builder.diagnostics = []
            if let declaration { all.append(declaration) }
            if declared.positions.updateValue(position, forKey: model.name) != nil { distinct = false }
        }
        var checks = ModelChecks(readsSwift: true)
        let checked = checks.check(all)
        declared.isClean =
            distinct && checks.diagnostics.isEmpty && checks.declaredViewClasses.isEmpty && checked.count == all.count
        declared.inheritedProperties = checks.inheritedProperties
        declared.facts = SharedTypeFacts(names: Set(declared.positions.keys))
        return declared
    }

    /// The draft's models as declarations, its shared ones taken as declared and checked once for
    /// all drafts (`SharedModels`), the others (stand-in conformers, view classes, stubs) declared
    /// and checked here. Nil when the draft's own models are not of those shapes, or could make a
    /// finding with the shared ones: then the draft is checked whole, as any other.
    fileprivate mutating func sharedDeclarations(_ shared: SharedModels) -> [ModelDecl]? {
        let table = shared.declared(Self.declareShared)
        guard table.isClean, draft.models.allSatisfy({ ($0.shared ?? 0) < table.declarations.count }),
            Self.ownModelsFit(draft.models, table: table)
        else { return nil }
        let before = diagnostics.count
        var declarations: [(declaration: ModelDecl, own: Bool)] = []
        for model in draft.models {
            if let position = model.shared {
                diagnostics += table.diagnostics[position]
                if let declaration = table.declarations[position] { declarations.append((declaration, false)) }
            } else if let declaration = convert(model) {
                declarations.append((declaration, true))
            }
        }
        var own = ModelChecks(readsSwift: true)
        let ownModels = own.separateViewClasses(declarations.filter(\.own).map(\.declaration))
        // A class left among the models names a superclass the shared ones do not check.
        guard ownModels.allSatisfy({ $0.superclass == nil }) else {
            diagnostics.removeSubrange(before...)
            return nil
        }
        checks = own
        sharedFacts = table.facts
        return declarations.filter { !$0.own || own.declaredViewClasses[$0.declaration.name] == nil }.map(
            \.declaration)
    }

    /// Whether each model of a draft that is not shared is a view class (a class with a superclass
    /// and nothing else), a stand-in conformer (a struct conforming to shared protocols) or a stub
    /// (a bare class), of a name of its own and naming no shared model other than those
    /// protocols; and the properties, counted with inheritance, stay under the limit.
    private static func ownModelsFit(_ models: [DraftModel], table: SharedModels.Declared) -> Bool {
        let own = models.filter { $0.shared == nil }
        guard !own.isEmpty else { return true }
        let present = Set(models.compactMap(\.shared))
        func sharedHere(_ name: String) -> Int? {
            guard let position = table.positions[name], present.contains(position) else { return nil }
            return position
        }
        var names: Set<String> = []
        var conformers = 0
        for model in own {
            guard names.insert(model.name).inserted, sharedHere(model.name) == nil, model.properties.isEmpty,
                model.cases.isEmpty, model.rawType == nil
            else { return false }
            switch model.kind {
            case .class:
                // A bare class stays a model type; one with a superclass is a view class or no fit.
                guard model.conforms.isEmpty, model.inherits.count <= 1,
                    model.inherits.allSatisfy({ sharedHere($0.value) == nil }),
                    !model.inherits.isEmpty || table.positions[model.name] == nil
                else { return false }
            case .struct:
                guard model.inherits.isEmpty, !model.conforms.isEmpty, table.positions[model.name] == nil,
                    model.conforms.allSatisfy({ item in
                        sharedHere(item.value).flatMap { table.declarations[$0]?.kind } == .protocol
                    })
                else { return false }
                conformers += 1
            case .protocol, .enum:
                return false
            }
        }
        let (bound, overflow) = table.inheritedProperties.multipliedReportingOverflow(by: conformers + 1)
        if overflow { return false }
        return bound <= ModelChecks.maxInheritedProperties
    }
}
