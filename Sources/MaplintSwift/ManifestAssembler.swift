import MaplintCore
import SwiftSyntax

/// Puts manifests together from the declaration index: finds the owners of managers, follows
/// their setup code in call order, and declares the model types the registrations use.
struct ManifestAssembler {
    let index: DeclarationIndex
    let deploymentTarget: String?
    /// How deep calls between methods of one type are followed.
    static let maxCallDepth = 32

    func manifests() -> [ExtractedManifest] {
        var manifests: [ExtractedManifest] = []
        var ownerNames: Set<String> = []
        let managerFunctionNames = index.managerFunctions.map(\.name)
        for name in index.typeOrder {
            guard let type = index[name], let host = host(of: type) else { continue }
            ownerNames.insert(name)
            var managerNames = Set(type.managerProperties.keys)
            if type.inherited.contains(where: { SwiftShapes.manageableProtocols[$0.value] != nil }) { managerNames.insert("manager") }
            for function in type.functions { managerNames.formUnion(function.managerParameters.keys) }
            let manifest = assemble(
                name: name, host: host, location: type.location, functions: type.functions,
                managerNames: managerNames, followsCalls: true, managerFunctionNames: managerFunctionNames)
            if let manifest { manifests.append(manifest) }
        }
        for function in index.managerFunctions where !(function.owner.map(ownerNames.contains) ?? false) {
            guard let host = function.managerParameters.values.first else { continue }
            let manifest = assemble(
                name: function.name, host: host, location: function.location, functions: [function],
                managerNames: Set(function.managerParameters.keys), followsCalls: false, managerFunctionNames: managerFunctionNames)
            if let manifest { manifests.append(manifest) }
        }
        // Two owners of one name (in different modules) get distinct file names.
        var used: [String: Int] = [:]
        for position in manifests.indices {
            let count = used[manifests[position].name, default: 0] + 1
            used[manifests[position].name] = count
            if count > 1 { manifests[position].name += "-\(count)" }
        }
        return manifests
    }

    /// The host of a type that owns a manager: by `DTTableViewManageable`-style conformance, or
    /// by a stored manager property.
    private func host(of type: DeclaredType) -> Host? {
        for inherited in type.inherited {
            if let host = SwiftShapes.manageableProtocols[inherited.value] { return host }
        }
        return type.managerProperties.sorted { $0.key < $1.key }.first?.value
    }

    private func assemble(
        name: String, host: Host, location: SourceLocation, functions: [DeclaredFunction],
        managerNames: Set<String>, followsCalls: Bool, managerFunctionNames: [String]
    ) -> ExtractedManifest? {
        let ownMethods = followsCalls ? Set(functions.map(\.name)) : []
        let steps = functions.map { function in
            RegistrationScanner.scan(
                function, translator: RegistrationTranslator(file: function.file, index: index, host: host),
                managerNames: managerNames, ownMethods: ownMethods,
                managerFunctionNames: managerFunctionNames.filter { $0 != name })
        }
        var manifest = ExtractedManifest(name: name, host: host, deploymentTarget: deploymentTarget, location: location)
        (manifest.entries, manifest.notes) = CallOrder(functions: functions, steps: steps).flatten()
        guard !manifest.entries.isEmpty || !manifest.notes.isEmpty else { return nil }
        let (models, modelNotes) = ModelCollector(index: index).models(for: manifest.entries)
        manifest.models = models
        manifest.notes += modelNotes
        manifest.notes += ConditionValidator.validate(&manifest)
        var seen: Set<ExtractionNote> = []
        manifest.notes = manifest.notes.filter { seen.insert($0).inserted }
        return manifest
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

    func flatten() -> ([ExtractedEntry], [ExtractionNote]) {
        var byName: [String: Int] = [:]
        for (position, function) in functions.enumerated() where byName[function.name] == nil { byName[function.name] = position }
        // Functions that do something with the manager, themselves or through the methods they call.
        var active = steps.map { $0.contains { if case .call = $0 { return false }; if case .conditionalCall = $0 { return false }; return true } }
        var changed = true
        while changed {
            changed = false
            for position in functions.indices where !active[position] {
                let reaches = steps[position].contains { step in
                    switch step {
                    case .call(let name, _), .conditionalCall(let name, _, _): return byName[name].map { active[$0] } ?? false
                    default: return false
                    }
                }
                if reaches { active[position] = true; changed = true }
            }
        }
        var called: Set<Int> = []
        var calledUnconditionally: Set<Int> = []
        for (position, list) in steps.enumerated() {
            for step in list {
                switch step {
                case .call(let name, _):
                    if let target = byName[name], target != position { called.insert(target); calledUnconditionally.insert(target) }
                case .conditionalCall(let name, _, _):
                    if let target = byName[name], target != position { called.insert(target) }
                default: break
                }
            }
        }
        var entries: [ExtractedEntry] = []
        var notes: [ExtractionNote] = []
        var visited: Set<Int> = []
        // Methods called several times each, several levels deep, multiply: stop at a budget.
        var budget = CallOrder.maxSteps
        func expand(_ position: Int, stack: [Int]) {
            visited.insert(position)
            for step in steps[position] {
                budget -= 1
                if budget == 0 {
                    notes.append(ExtractionNote(
                        message: "following the calls of `\(functions[position].name)()` makes more than \(CallOrder.maxSteps) steps: the rest is not extracted",
                        location: functions[position].location))
                }
                if budget <= 0 { return }
                switch step {
                case .entry(let entry): entries.append(entry)
                case .note(let note): notes.append(note)
                case .call(let name, let location):
                    guard let target = byName[name], active[target] else { continue }
                    if stack.contains(target) || target == position {
                        notes.append(ExtractionNote(message: "`\(name)()` calls itself again here: its registrations are followed once", location: location))
                    } else if stack.count >= ManifestAssembler.maxCallDepth {
                        notes.append(ExtractionNote(message: "calls are followed \(ManifestAssembler.maxCallDepth) levels deep: `\(name)()` is not followed", location: location))
                    } else {
                        expand(target, stack: stack + [position])
                    }
                case .conditionalCall(let name, let context, let location):
                    guard let target = byName[name], active[target] else { continue }
                    notes.append(ExtractionNote(
                        message: "`\(name)()` is called inside \(context): the registrations it makes are not extracted, as they may or may not run",
                        location: location))
                }
            }
        }
        for position in functions.indices where active[position] && !called.contains(position) {
            expand(position, stack: [])
        }
        // Methods only reachable through a cycle of calls: followed from the first of them.
        for position in functions.indices where active[position] && !visited.contains(position) && calledUnconditionally.contains(position) {
            expand(position, stack: [])
        }
        return (entries, notes)
    }
}
