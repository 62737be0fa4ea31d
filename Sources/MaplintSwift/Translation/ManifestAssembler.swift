import MaplintConcurrency
import MaplintFindings
import MaplintLibrary
import MaplintManifest
import SwiftSyntax

/// Puts manifests together from the declaration index: finds the owners of managers, follows
/// their setup code in call order, and declares the model types the registrations use.
struct ManifestAssembler {
    let index: DeclarationIndex
    let deploymentTarget: String?
    let libraryVersions: LibraryVersions
    let modelCollector: ModelCollector

    init(index: DeclarationIndex, deploymentTarget: String?, libraryVersions: LibraryVersions = LibraryVersions()) {
        self.index = index
        self.deploymentTarget = deploymentTarget
        self.libraryVersions = libraryVersions
        modelCollector = ModelCollector(index: index)
    }
    /// How deep calls between methods of one type are followed.
    static let maxCallDepth = 32

    /// The names of the types and functions that own or receive a manager.
    var managedViews: [String] {
        var names: [String] = []
        for key in index.typeOrder {
            guard let type = index[key], !managers(of: type).isEmpty else { continue }
            names.append(type.name)
        }
        return names + index.managerFunctions.map(\.name)
    }

    /// One manifest to put together: a type's manager, or a function that receives one.
    private enum Job {
        case manager(
            DeclaredType, name: String, host: Host, managerNames: Set<String>, manifestName: String, first: Bool,
            readsLayout: Bool)
        case function(DeclaredFunction, host: Host)
    }

    /// The drafts, and the places of the manager calls their scanners read (`UnattributedCalls`
    /// reports the others).
    func manifests() -> (drafts: [ManifestDraft], handled: Set<CallPlace>) {
        let managerFunctionNames = index.managerFunctions.map(\.name)
        // Which manifests there are is worked out first, in declaration order; each is then put
        // together on its own (on every core: the index is only read from here on), and the
        // manager calls each read are gathered in the record afterwards.
        var jobs: [Job] = []
        // Methods whose manager parameters are read as the manager of their type's manifest.
        var absorbed: Set<SourceLocation> = []
        for name in index.typeOrder {
            guard let type = index[name] else { continue }
            let managers = managers(of: type)
            let collectionManagers = managers.filter { $0.host == .collectionView }.count
            for manager in managers {
                // A method taking a manager of the same kind works on this one (`configure(manager)`);
                // one taking the other kind gets a manifest of its own, below.
                var managerNames: Set<String> = [manager.name]
                for function in type.functions {
                    for (parameter, host) in function.managerParameters where host == manager.host {
                        managerNames.insert(parameter)
                        absorbed.insert(function.location)
                    }
                }
                // Several managers (a table and a collection view, two tables) are several views,
                // each with its own manifest `Type.manager`.
                jobs.append(
                    .manager(
                        type, name: manager.name, host: manager.host, managerNames: managerNames,
                        manifestName: managers.count == 1 ? type.name : "\(type.name).\(manager.name)",
                        first: manager.name == managers.first?.name,
                        // The collection view a collection manager drives is the type's `collectionView`:
                        // with one such manager, its layout is read from the type's code.
                        readsLayout: manager.host == .collectionView && collectionManagers == 1))
            }
        }
        for function in index.managerFunctions where !absorbed.contains(function.location) {
            guard let host = function.managerParameters.values.first else { continue }
            jobs.append(.function(function, host: host))
        }
        let made = ParallelWork.map(jobs.count) { position -> (ManifestDraft?, CallRecord) in
            let record = CallRecord()
            let manifest = assemble(jobs[position], managerFunctionNames: managerFunctionNames, record: record)
            return (manifest.map(Self.compacted), record)
        }
        var manifests: [ManifestDraft] = []
        var handled: Set<CallPlace> = []
        for (manifest, calls) in made {
            handled.formUnion(calls.places)
            if let manifest { manifests.append(manifest) }
        }
        // Two owners of one name (in different modules) get distinct file names.
        var used: [String: Int] = [:]
        for position in manifests.indices {
            // A note reads as one line, in a finding and in a written manifest's comment alike.
            manifests[position].notes = manifests[position].notes.map(\.onOneLine)
            manifests[position].batchInsertions = manifests[position].batchInsertions.map(\.onOneLine)
            let count = used[manifests[position].name, default: 0] + 1
            used[manifests[position].name] = count
            if count > 1 { manifests[position].name += "-\(count)" }
        }
        return (manifests, handled)
    }

    /// The draft with its lists in buffers of their own size: they grew by doubling, and every
    /// draft of an app is held until its lint ends.
    private static func compacted(_ draft: ManifestDraft) -> ManifestDraft {
        var draft = draft
        draft.models = draft.models.withUnsafeBufferPointer { Array($0) }
        draft.entries = draft.entries.withUnsafeBufferPointer { Array($0) }
        draft.notes = draft.notes.withUnsafeBufferPointer { Array($0) }
        return draft
    }

    private func assemble(_ job: Job, managerFunctionNames: [String], record: CallRecord) -> ManifestDraft? {
        switch job {
        case .manager(let type, _, let host, let managerNames, let manifestName, let first, let readsLayout):
            guard
                var manifest = assemble(
                    name: manifestName, host: host, location: type.location, functions: type.functions,
                    managerNames: managerNames, followsCalls: true, managerFunctionNames: managerFunctionNames,
                    record: record)
            else { return nil }
            manifest.viewModelMappingCustomizing = mappingCustomizing(type)
            // The storage calls of the type, once (in its first manifest).
            if first { manifest.batchInsertions = BatchInsertionReader.mismatches(in: type.functions) }
            if readsLayout {
                let (layout, notes) = CollectionLayoutReader(index: index, type: type).read()
                manifest.layout = layout
                if !notes.isEmpty {
                    manifest.notes = (manifest.notes + notes).sorted { $0.location < $1.location }
                }
            }
            return manifest
        case .function(let function, let host):
            guard
                var manifest = assemble(
                    name: function.name, host: host, location: function.location, functions: [function],
                    managerNames: Set(function.managerParameters.keys), followsCalls: false,
                    managerFunctionNames: managerFunctionNames, record: record)
            else { return nil }
            manifest.batchInsertions = BatchInsertionReader.mismatches(in: [function])
            return manifest
        }
    }

    /// Where the type, or a superclass read, adopts `ViewModelMappingCustomizing` (in its declaration or
    /// an extension), named after the type: the manager's delegate is the type that manages the view
    /// (`startManaging(withDelegate: self)`), and DT 6 asks it to pick among candidate mappings.
    private func mappingCustomizing(_ type: DeclaredType) -> Located<String>? {
        for name in [type.name] + index.ancestorNames(of: type.name) {
            guard
                let adoption = index[name]?.inherited.first(where: {
                    $0.value == LibraryNames.viewModelMappingCustomizing
                })
            else { continue }
            return Located(type.name, at: adoption.location)
        }
        return nil
    }

    /// The managers a type owns, with their hosts: `manager` by `DTTableViewManageable`-style
    /// conformance first, then its stored manager properties by name.
    private func managers(of type: DeclaredType) -> [(name: String, host: Host)] {
        var result: [(name: String, host: Host)] = []
        // Declared by the type, or by a superclass declared in the files read.
        if let host = index.manageableHost(of: type.name) {
            result.append(("manager", host))
        }
        for (name, host) in type.managerProperties.sorted(by: { $0.key < $1.key })
        where !result.contains(where: { $0.name == name }) {
            result.append((name, host))
        }
        return result
    }

    private func assemble(
        name: String, host: Host, location: SourceLocation, functions: [DeclaredFunction],
        managerNames: Set<String>, followsCalls: Bool, managerFunctionNames: [String], record: CallRecord
    ) -> ManifestDraft? {
        let ownMethods = followsCalls ? Set(functions.map(\.name)) : []
        let steps = functions.map { function in
            // A parameter holding the other kind of manager hides a manager of the same name.
            let hidden = function.managerParameters.filter { $0.value != host }.keys
            return RegistrationScanner.scan(
                function,
                translator: RegistrationTranslator(
                    file: function.file, index: index, host: host, version: libraryVersions[host]?.modelled,
                    actualVersion: libraryVersions[host]?.version,
                    modelStorageVersion: libraryVersions.modelStorage?.version, record: record, scope: function.owner),
                managerNames: managerNames.subtracting(hidden), ownMethods: ownMethods,
                managerFunctionNames: managerFunctionNames.filter { $0 != name }, record: record)
        }
        var manifest = ManifestDraft(name: name, host: host, deploymentTarget: deploymentTarget, location: location)
        manifest.libraryVersion = libraryVersions[host]
        manifest.modelStorageVersion = libraryVersions.modelStorage
        let skipped: [SkippedRegistration]
        (manifest.entries, manifest.notes, skipped) = CallOrder(functions: functions, steps: steps).flatten()
        manifest.versionClues = steps.flatMap { list in
            list.compactMap { step -> VersionClue? in if case .clue(let clue) = step { clue } else { nil } }
        }
        manifest.notes += SkippedRegistrations(index: index).uncheck(&manifest.entries, skipped: skipped)
        manifest.notes += readOverriddenReuseIdentifiers(&manifest.entries)
        manifest.configuration = DraftConfiguration.effective(manifest.entries)
        manifest.entries.removeAll {
            if case .configuration = $0 { return true }
            return false
        }
        guard !manifest.entries.isEmpty || !manifest.notes.isEmpty || !manifest.configuration.isEmpty else {
            return nil
        }
        let (models, modelNotes) = modelCollector.models(for: manifest.entries)
        manifest.models = models
        manifest.sharedModels = modelCollector.shared
        manifest.notes += modelNotes
        var seen: Set<ExtractionNote> = []
        manifest.notes = manifest.notes.filter { seen.insert($0).inserted }.sorted { $0.location < $1.location }
        return manifest
    }
}

extension ManifestAssembler {
    /// Sets `viewReuseIdentifier` of each registration whose view class (or a superclass read)
    /// overrides `reuseIdentifier` with a string literal; an override maplint cannot read is a note.
    func readOverriddenReuseIdentifiers(_ entries: inout [DraftEntry]) -> [ExtractionNote] {
        var notes: [ExtractionNote] = []
        for position in entries.indices {
            guard case .registration(var registration) = entries[position] else { continue }
            let chain = [registration.view] + index.ancestorNames(of: registration.view)
            guard let owner = chain.first(where: { index[$0]?.reuseIdentifierOverride != nil }),
                let override = index[owner]?.reuseIdentifierOverride
            else { continue }
            if let value = override.value {
                registration.viewReuseIdentifier = Located(value, at: override.location)
                entries[position] = .registration(registration)
            } else {
                notes.append(
                    ExtractionNote(
                        message:
                            "`\(owner)` overrides reuseIdentifier with `\(override.text)`, which is not "
                            + "a string literal: whether it differs from the reuse identifier `\(registration.view)` is "
                            + "registered under is not checked",
                        location: override.location))
            }
        }
        return notes
    }
}

/// Follows calls between the methods of one type: the setup code runs from the methods nobody
/// else calls (`viewDidLoad`), in file order, with each call of a method standing for its body.
struct CallOrder {
    /// At most this many steps are followed for one manifest (the manifest loader reads at most
    /// 100,000 registrations).
    static let maxSteps = 100_000
    let functions: [DeclaredFunction]
    let steps: [[ScanStep]]

    func flatten() -> ([DraftEntry], [ExtractionNote], [SkippedRegistration]) {
        var byName: [String: Int] = [:]
        for (position, function) in functions.enumerated() where byName[function.name] == nil {
            byName[function.name] = position
        }
        let active = activeFunctions(byName: byName)
        let (called, calledUnconditionally) = calledFunctions(byName: byName)
        var expansion = Expansion(order: self, byName: byName, active: active)
        let roots = functions.indices.filter { active[$0] && !called.contains($0) }
        for position in roots { expansion.expand(position, stack: []) }
        // Methods only reachable through a cycle of calls: followed from the first of them. Those
        // a root reaches were left out on purpose (too deep): not followed from here either.
        var reached = Set(roots)
        var pending = roots
        while let position = pending.popLast() {
            for case .call(let name, _) in steps[position] {
                if let target = byName[name], reached.insert(target).inserted { pending.append(target) }
            }
        }
        for position in functions.indices
        where active[position] && !expansion.visited.contains(position) && !reached.contains(position)
            && calledUnconditionally.contains(position)
        {
            expansion.expand(position, stack: [])
        }
        return (expansion.entries, expansion.notes, expansion.skipped)
    }

    /// Whether each function does something with the manager, itself or through the methods it
    /// calls. The functions that do it themselves are marked first, then their callers, theirs,
    /// and so on, each call looked at once: a chain of 20,000 methods each calling the next is one
    /// pass back along it (repeating passes over all the functions until none changed took one
    /// pass per link, quadratic).
    private func activeFunctions(byName: [String: Int]) -> [Bool] {
        var active = steps.map { list in
            list.contains { step in
                switch step {
                case .entry, .note, .skipped: return true
                case .call, .conditionalCall, .earlyExit, .clue: return false
                }
            }
        }
        var callers = [[Int]](repeating: [], count: steps.count)
        for (position, list) in steps.enumerated() {
            for step in list {
                switch step {
                case .call(let name, _), .conditionalCall(let name, _, _):
                    if let target = byName[name], callers.indices.contains(target) { callers[target].append(position) }
                default: break
                }
            }
        }
        var pending = active.indices.filter { active[$0] }
        while let position = pending.popLast() {
            for caller in callers[position] where !active[caller] {
                active[caller] = true
                pending.append(caller)
            }
        }
        return active
    }

    /// The functions another one calls, and those of them some call is not inside a condition.
    private func calledFunctions(byName: [String: Int]) -> (called: Set<Int>, unconditionally: Set<Int>) {
        var called: Set<Int> = []
        var calledUnconditionally: Set<Int> = []
        for (position, list) in steps.enumerated() {
            for step in list {
                switch step {
                case .call(let name, _):
                    if let target = byName[name], target != position {
                        called.insert(target)
                        calledUnconditionally.insert(target)
                    }
                case .conditionalCall(let name, _, _):
                    if let target = byName[name], target != position { called.insert(target) }
                default: break
                }
            }
        }
        return (called, calledUnconditionally)
    }

    /// The registrations a method makes, itself and through the methods it calls, in the order
    /// the calls are made (each method followed once), with a stack of its own: the depth of the
    /// calls does not set that of the program's.
    private func registrations(of position: Int, byName: [String: Int]) -> [SkippedRegistration] {
        var found: [SkippedRegistration] = []
        var seen: Set<Int> = [position]
        // The methods being read, each with the index of its next step.
        var stack: [(position: Int, next: Int)] = [(position, 0)]
        while let frame = stack.last {
            let (current, next) = (frame.position, frame.next)
            guard next < steps[current].count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            switch steps[current][next] {
            case .entry(.registration(let registration)):
                found.append(
                    SkippedRegistration(
                        element: registration.element, view: registration.view, model: registration.model,
                        location: registration.location))
            case .skipped(let registration): found.append(registration)
            case .call(let name, _), .conditionalCall(let name, _, _):
                if let target = byName[name], seen.insert(target).inserted { stack.append((target, 0)) }
            default: break
            }
        }
        return found
    }

    /// The running code as it unfolds from the methods it starts at: what it writes, in order.
    private struct Expansion {
        let order: CallOrder
        let byName: [String: Int]
        let active: [Bool]
        var entries: [DraftEntry] = []
        var notes: [ExtractionNote] = []
        var skipped: [SkippedRegistration] = []
        var visited: Set<Int> = []
        // Methods called several times each, several levels deep, multiply: stop at a budget.
        var budget = CallOrder.maxSteps

        init(order: CallOrder, byName: [String: Int], active: [Bool]) {
            self.order = order
            self.byName = byName
            self.active = active
        }

        /// Follows the steps of `position`, called through `stack`, each call standing for the
        /// called method's steps. `earlyExit`: the last `guard` or `if … { return }` before this
        /// point in the running code (its own function's or its callers'); the registrations after
        /// it are noted once. The calls are followed at most `ManifestAssembler.maxCallDepth` deep.
        mutating func expand(_ position: Int, stack: [Int], earlyExit inherited: SourceLocation? = nil) {
            var earlyExit = inherited
            visited.insert(position)
            for step in order.steps[position] {
                budget -= 1
                if budget == 0 {
                    notes.append(
                        ExtractionNote(
                            message:
                                "following the calls of `\(order.functions[position].name)()` makes more than \(CallOrder.maxSteps) steps: the rest is not extracted",
                            location: order.functions[position].location))
                }
                if budget <= 0 { return }
                switch step {
                case .entry(let entry):
                    entries.append(entry)
                    if let exit = earlyExit {
                        notes.append(
                            ExtractionNote(
                                message:
                                    "the code after this may not run (it can return early): the registrations after it are extracted as if it does run",
                                location: exit))
                    }
                case .note(let note): notes.append(note)
                case .skipped(let registration): skipped.append(registration)
                case .earlyExit(let location): earlyExit = location
                case .clue: break
                case .call(let name, let location):
                    guard let target = byName[name], active[target] else { continue }
                    follow(target, calledAt: location, name: name, from: position, stack: stack, earlyExit: earlyExit)
                case .conditionalCall(let name, let context, let location):
                    guard let target = byName[name], active[target] else { continue }
                    skipped += order.registrations(of: target, byName: byName)
                    notes.append(
                        ExtractionNote(
                            message:
                                "`\(name)()` is called inside \(context): the registrations it makes are not extracted, as they may or may not run",
                            location: location))
                }
            }
        }

        /// Follows the call of `target` (`name`) made by `position` at `location`, unless it calls
        /// itself again or is too deep: then a note.
        private mutating func follow(
            _ target: Int, calledAt location: SourceLocation, name: String, from position: Int, stack: [Int],
            earlyExit: SourceLocation?
        ) {
            if stack.contains(target) || target == position {
                notes.append(
                    ExtractionNote(
                        message: "`\(name)()` calls itself again here: its registrations are followed once",
                        location: location))
            } else if stack.count >= ManifestAssembler.maxCallDepth {
                notes.append(
                    ExtractionNote(
                        message:
                            "calls are followed \(ManifestAssembler.maxCallDepth) levels deep: `\(name)()` is not followed",
                        location: location))
            } else {
                expand(target, stack: stack + [position], earlyExit: earlyExit)
            }
        }
    }
}

/// Manager-level events whose mapping may be one extraction left out: checking them would
/// report "attaches to no mapping" for a registration that exists. They become notes.
struct SkippedRegistrations {
    let index: DeclarationIndex

    func uncheck(_ entries: inout [DraftEntry], skipped: [SkippedRegistration]) -> [ExtractionNote] {
        guard !skipped.isEmpty else { return [] }
        var notes: [ExtractionNote] = []
        let registrations = entries.compactMap { entry -> DraftRegistration? in
            if case .registration(let registration) = entry { registration } else { nil }
        }
        entries.removeAll { entry in
            guard case .event(let name, let view, let model, let element, let location) = entry else { return false }
            // A section event (`insetForSectionAtIndex`) attaches to no registration.
            if view == nil, model == nil { return false }
            let call = view.map { "\(name)(\($0).self)" } ?? "\(name)(withItem: \(model ?? "?").self)"
            let candidates = skipped.filter { ($0.element == nil || $0.element == element) && $0.handOff == nil }
            let cause = candidates.first { registration in
                if let view {
                    guard let skippedView = registration.view else { return true }
                    return skippedView == view || index.ancestorNames(of: skippedView).contains(view)
                }
                guard let model, let skippedModel = registration.model else { return true }
                return skippedModel == model || index.ancestorNames(of: skippedModel).contains(model)
            }
            guard let cause else {
                // Handed to a function that may register it: only an event that no registration
                // here can meet (by name, subclass or model supertype) is left unchecked.
                guard let handOff = skipped.first(where: { $0.handOff != nil }), let callee = handOff.handOff,
                    !registrations.contains(where: { matches($0, view: view, model: model, element: element) })
                else { return false }
                let fileName =
                    handOff.location.file.split(separator: "/").last.map(String.init) ?? handOff.location.file
                notes.append(
                    ExtractionNote(
                        message:
                            "`\(call)` is not checked: no registration of this screen matches it, and it may attach to "
                            + "one made where the manager is passed to `\(callee)` (\(fileName):\(handOff.location.line))",
                        location: location))
                return true
            }
            let fileName = cause.location.file.split(separator: "/").last.map(String.init) ?? cause.location.file
            let place = "\(fileName):\(cause.location.line)"
            notes.append(
                ExtractionNote(
                    message:
                        "`\(call)` is not checked: it may attach to the registration at \(place), which was not extracted",
                    location: location))
            return true
        }
        return notes
    }

    /// Whether `registration` is one the event could attach to: its view or a subclass of it, or
    /// a model type the event's model is (the same, or a subclass or conforming type).
    private func matches(
        _ registration: DraftRegistration, view: String?, model: String?, element: DraftElement
    ) -> Bool {
        guard registration.element == element else { return false }
        if let view { return registration.view == view || index.ancestorNames(of: registration.view).contains(view) }
        guard let model else { return false }
        return registration.model == model || index.ancestorNames(of: model).contains(registration.model)
    }
}
