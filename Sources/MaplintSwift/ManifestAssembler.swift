import MaplintCore
import SwiftSyntax

/// Puts manifests together from the declaration index: finds the owners of managers, follows
/// their setup code in call order, and declares the model types the registrations use.
struct ManifestAssembler {
    let index: DeclarationIndex
    let deploymentTarget: String?
    /// The manager calls the scanners read.
    let record = CallRecord()
    let modelCollector: ModelCollector

    init(index: DeclarationIndex, deploymentTarget: String?) {
        self.index = index
        self.deploymentTarget = deploymentTarget
        modelCollector = ModelCollector(index: index)
    }
    /// How deep calls between methods of one type are followed.
    static let maxCallDepth = 32

    func manifests() -> [ExtractedManifest] {
        var manifests: [ExtractedManifest] = []
        let managerFunctionNames = index.managerFunctions.map(\.name)
        // Methods whose manager parameters are read as the manager of their type's manifest.
        var absorbed: Set<SourceLocation> = []
        for name in index.typeOrder {
            guard let type = index[name] else { continue }
            let managers = managers(of: type)
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
                let manifest = assemble(
                    name: managers.count == 1 ? name : "\(name).\(manager.name)", host: manager.host,
                    location: type.location,
                    functions: type.functions, managerNames: managerNames, followsCalls: true,
                    managerFunctionNames: managerFunctionNames)
                if let manifest { manifests.append(manifest) }
            }
        }
        for function in index.managerFunctions where !absorbed.contains(function.location) {
            guard let host = function.managerParameters.values.first else { continue }
            let manifest = assemble(
                name: function.name, host: host, location: function.location, functions: [function],
                managerNames: Set(function.managerParameters.keys), followsCalls: false,
                managerFunctionNames: managerFunctionNames)
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

    /// The managers a type owns, with their hosts: `manager` by `DTTableViewManageable`-style
    /// conformance first, then its stored manager properties by name.
    private func managers(of type: DeclaredType) -> [(name: String, host: Host)] {
        var result: [(name: String, host: Host)] = []
        if let host = type.inherited.lazy.compactMap({ SwiftShapes.manageableProtocols[$0.value] }).first {
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
        managerNames: Set<String>, followsCalls: Bool, managerFunctionNames: [String]
    ) -> ExtractedManifest? {
        let ownMethods = followsCalls ? Set(functions.map(\.name)) : []
        let steps = functions.map { function in
            // A parameter holding the other kind of manager hides a manager of the same name.
            let hidden = function.managerParameters.filter { $0.value != host }.keys
            return RegistrationScanner.scan(
                function, translator: RegistrationTranslator(file: function.file, index: index, host: host),
                managerNames: managerNames.subtracting(hidden), ownMethods: ownMethods,
                managerFunctionNames: managerFunctionNames.filter { $0 != name }, record: record)
        }
        var manifest = ExtractedManifest(name: name, host: host, deploymentTarget: deploymentTarget, location: location)
        (manifest.entries, manifest.notes) = CallOrder(functions: functions, steps: steps).flatten()
        guard !manifest.entries.isEmpty || !manifest.notes.isEmpty else { return nil }
        let (models, modelNotes) = modelCollector.models(for: manifest.entries)
        manifest.models = models
        manifest.notes += modelNotes
        manifest.notes += ConditionValidator.validate(&manifest)
        var seen: Set<ExtractionNote> = []
        manifest.notes = manifest.notes.filter { seen.insert($0).inserted }.sorted { $0.location < $1.location }
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
        for (position, function) in functions.enumerated() where byName[function.name] == nil {
            byName[function.name] = position
        }
        let active = activeFunctions(byName: byName)
        let (called, calledUnconditionally) = callTargets(byName: byName)
        var expansion = CallExpansion(functions: functions, steps: steps, byName: byName, active: active)
        let roots = functions.indices.filter { active[$0] && !called.contains($0) }
        for position in roots { expansion.expand(position, stack: []) }
        // Methods only reachable through a cycle of calls: followed from the first of them. Those
        // a root reaches were left out on purpose (too deep): not followed from here either.
        let reached = reachable(from: roots, byName: byName)
        for position in functions.indices
        where active[position] && !expansion.visited.contains(position) && !reached.contains(position)
            && calledUnconditionally.contains(position)
        {
            expansion.expand(position, stack: [])
        }
        return (expansion.entries, expansion.notes)
    }

    /// Functions that do something with the manager, themselves or through the methods they call.
    private func activeFunctions(byName: [String: Int]) -> [Bool] {
        var active = steps.map { list in
            list.contains { step in
                switch step {
                case .entry, .note: return true
                case .call, .conditionalCall, .earlyExit: return false
                }
            }
        }
        var changed = true
        while changed {
            changed = false
            for position in functions.indices where !active[position] {
                let reaches = steps[position].contains { step in
                    switch step {
                    case .call(let name, _), .conditionalCall(let name, _, _):
                        return byName[name].map { active[$0] } ?? false
                    default: return false
                    }
                }
                if reaches {
                    active[position] = true
                    changed = true
                }
            }
        }
        return active
    }

    /// The functions another one calls, and those among them called outside any condition.
    private func callTargets(byName: [String: Int]) -> (called: Set<Int>, unconditionally: Set<Int>) {
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

    /// The functions the `roots` call, directly or not, outside conditions; the roots included.
    private func reachable(from roots: [Int], byName: [String: Int]) -> Set<Int> {
        var reached = Set(roots)
        var pending = roots
        while let position = pending.popLast() {
            for case .call(let name, _) in steps[position] {
                if let target = byName[name], reached.insert(target).inserted { pending.append(target) }
            }
        }
        return reached
    }
}

/// Walks the steps of the functions from a root, each call standing for the callee's steps,
/// collecting the entries and notes in running order.
private struct CallExpansion {
    let functions: [DeclaredFunction]
    let steps: [[ScanStep]]
    let byName: [String: Int]
    let active: [Bool]
    var entries: [ExtractedEntry] = []
    var notes: [ExtractionNote] = []
    var visited: Set<Int> = []
    /// Methods called several times each, several levels deep, multiply: stop at a budget.
    var budget = CallOrder.maxSteps

    /// `earlyExit`: the last `guard` or `if … { return }` before this point in the running code
    /// (its own function's or its callers'); the registrations after it are noted once.
    mutating func expand(_ position: Int, stack: [Int], earlyExit inherited: SourceLocation? = nil) {
        var earlyExit = inherited
        visited.insert(position)
        for step in steps[position] {
            budget -= 1
            if budget == 0 {
                notes.append(
                    ExtractionNote(
                        message:
                            "following the calls of `\(functions[position].name)()` makes more than \(CallOrder.maxSteps) steps: the rest is not extracted",
                        location: functions[position].location))
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
            case .earlyExit(let location): earlyExit = location
            case .call(let name, let location):
                call(name, at: location, from: position, stack: stack, earlyExit: earlyExit)
            case .conditionalCall(let name, let context, let location):
                guard let target = byName[name], active[target] else { continue }
                notes.append(
                    ExtractionNote(
                        message:
                            "`\(name)()` is called inside \(context): the registrations it makes are not extracted, as they may or may not run",
                        location: location))
            }
        }
    }

    /// A call of another method of the type: its steps, unless it recurses or goes too deep.
    private mutating func call(
        _ name: String, at location: SourceLocation, from position: Int, stack: [Int], earlyExit: SourceLocation?
    ) {
        guard let target = byName[name], active[target] else { return }
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
