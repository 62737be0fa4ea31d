import MaplintFindings
import MaplintLibrary
import MaplintManifest

/// The model types a manifest must declare: those its registrations and events name and their
/// subtypes, with the superclasses, protocols and property types of all of them, as found in the
/// files read.
struct ModelCollector {
    let index: DeclarationIndex
    /// Subclasses and conforming types of each declared type, worked out once for all manifests.
    let children: [String: [String]]
    /// The position of each declared type in declaration order.
    let order: [String: Int]
    /// The declared model types each declared model type brings in: its superclass, its protocols
    /// and the types of its properties (a protocol's apart), worked out once for all manifests.
    let related: [String: [String]]
    /// Each declared model type a draft includes, as every draft that includes it declares it,
    /// made once for all drafts (`DraftModel.shared`): what a type declares does not depend on the
    /// draft, since a draft includes the superclass, protocols and property types of every type
    /// it includes.
    let shared = SharedModels()

    init(index: DeclarationIndex) {
        self.index = index
        var order: [String: Int] = [:]
        for (position, name) in index.typeOrder.enumerated() where order[name] == nil { order[name] = position }
        self.order = order
        var children: [String: [String]] = [:]
        // A second declaration of a name (`Name#2`) is never a model: references use the first.
        for name in index.typeOrder where !name.utf8.contains(UInt8(ascii: "#")) {
            guard let type = index.modelDeclaration(name) else { continue }
            for parent in type.inherited where index.modelDeclaration(parent.value) != nil {
                children[parent.value, default: []].append(name)
            }
            if let platform = Self.platformSuperclass(of: type, index: index) {
                children[platform.value, default: []].append(name)
            }
        }
        self.children = children
        var related: [String: [String]] = [:]
        for name in index.typeOrder {
            guard let type = index.modelDeclaration(name) else { continue }
            // A property of a protocol type is left out (manifest properties cannot have one), so
            // it brings in no type.
            let names =
                type.inherited.map(\.value)
                + type.properties.map { Self.base($0.type.name) }.filter { !Self.isProtocol($0, index: index) }
            related[name] = names.filter { index.modelDeclaration($0) != nil }
        }
        self.related = related
    }

    func models(for entries: [DraftEntry]) -> ([DraftModel], [ExtractionNote]) {
        var wanted = wantedModels(in: entries)
        var viewClasses = viewClassesGivenAsModels(removingFrom: &wanted, entries: entries)
        viewClasses += viewHierarchy(for: entries, declared: Set(viewClasses.map(\.name)))
        let (named, stubs, notes) = namedTypes(wanted)
        // A class of the frameworks named as a model (`NSManagedObject`) takes the app's subclasses.
        let platformClasses = stubs.map(\.value).filter { PlatformTypes.className($0) == $0 }
        var models = declaredModels(withRelatedTypes(named + platformClasses))
        let frameworkSuperclasses = platformSuperclasses(of: models, besides: stubs)
        // Open world: a protocol no type read conforms to may have conformers in the app that
        // uses the code read (a kit). One stand-in conformer lets pairs of its registrations be
        // analysed ("every ChatData is already matched by …") instead of passing as disjoint.
        for model in models where model.kind == .protocol && !hasConformer(model.name, among: models) {
            var conformer = DraftModel(name: model.name + ".Conformer", kind: .struct, location: model.location)
            conformer.conforms = [Located(model.name, at: model.location)]
            models.append(conformer)
        }
        models += viewClasses
        for name in stubs + frameworkSuperclasses {
            var stub = DraftModel(name: name.value, kind: .class, location: name.location)
            stub.isStub = true
            models.append(stub)
        }
        return (models, notes)
    }

    /// The classes of the frameworks the `models` inherit (`class Post: NSManagedObject`) that
    /// neither they nor the `stubs` declare, once each: a draft declares them as stubs.
    private func platformSuperclasses(
        of models: [DraftModel], besides stubs: [Located<String>]
    ) -> [Located<String>] {
        var known = Set(models.map(\.name)).union(stubs.map(\.value))
        var found: [Located<String>] = []
        for model in models where model.kind == .class {
            for parent in model.inherits where PlatformTypes.className(parent.value) == parent.value {
                if known.insert(parent.value).inserted { found.append(parent) }
            }
        }
        return found
    }

    /// The class of the frameworks a class of the files read inherits directly, other than
    /// `NSObject` (which every model class inherits and no registration means), by its name
    /// without module: `class Post: NSManagedObject` is a `NSManagedObject`, as DT's model check
    /// (`is`) sees it.
    static func platformSuperclass(of type: DeclaredType, index: DeclarationIndex) -> Located<String>? {
        guard type.kind == .class, let candidate = type.superclassCandidate, index[candidate.value] == nil,
            let name = PlatformTypes.className(candidate.value), name != "NSObject"
        else { return nil }
        return Located(name, at: candidate.location)
    }

    /// The model types the entries name: those of the registrations, and those given to
    /// model-keyed events, in entry order.
    private func wantedModels(in entries: [DraftEntry]) -> [Located<String>] {
        var wanted: [Located<String>] = []
        // A model-keyed event given a registered view class (`heightForCell(withItem: PostCell.self)`)
        // stays a view class: the manifest reports it (model-event-with-view-class).
        var views: Set<String> = []
        for case .registration(let registration) in entries { views.insert(registration.view) }
        for entry in entries {
            switch entry {
            case .registration(let registration):
                wanted.append(Located(registration.model, at: registration.modelLocation))
            case .event(_, _, let model?, _, let location) where !views.contains(model):
                wanted.append(Located(model, at: location))
            default: break
            }
        }
        return wanted
    }

    /// The view classes no registration names that are given to model-keyed events, taken out of
    /// `wanted`: declared as views (`inherits: UITableViewCell`), so that the manifest reports them
    /// (model-event-with-view-class).
    private func viewClassesGivenAsModels(
        removingFrom wanted: inout [Located<String>], entries: [DraftEntry]
    ) -> [DraftModel] {
        var viewClasses: [DraftModel] = []
        var registrationModels: Set<String> = []
        for case .registration(let registration) in entries { registrationModels.insert(registration.model) }
        wanted.removeAll { model in
            let name = Self.base(model.value)
            guard name == model.value, !registrationModels.contains(name), let base = index.reusableViewBase(of: name),
                let type = index[name]
            else {
                return false
            }
            if !viewClasses.contains(where: { $0.name == name }) {
                var view = DraftModel(name: name, kind: .class, location: type.location)
                view.inherits = [Located(base, at: type.location)]
                viewClasses.append(view)
            }
            return true
        }
        return viewClasses
    }

    /// The `wanted` types declared in the files read, once each in order, and those not declared,
    /// each at its first place and, unless it is a type of Apple's frameworks (`PlatformTypes`),
    /// with a note: they are checked as stubs.
    private func namedTypes(
        _ wanted: [Located<String>]
    ) -> (declared: [String], stubs: [Located<String>], notes: [ExtractionNote]) {
        var declared: [String] = []
        var included: Set<String> = []
        var stubbed: Set<String> = []
        var stubs: [Located<String>] = []
        var notes: [ExtractionNote] = []
        for model in wanted {
            let name = Self.base(model.value)
            if BuiltinType(rawValue: name) != nil || TypeTable.isUniversal(name) || included.contains(name)
                || stubbed.contains(name)
            {
                continue
            }
            if index.modelDeclaration(name) != nil {
                included.insert(name)
                declared.append(name)
            } else {
                stubbed.insert(name)
                stubs.append(Located(name, at: model.location))
                // UIColor, URL, NSManagedObject…: known, not a gap in the files read.
                if PlatformTypes.isKnown(name) { continue }
                notes.append(
                    ExtractionNote(
                        message:
                            "the model type `\(name)` is not declared in the Swift files read: it is checked as a class with no properties, subclasses or protocols",
                        location: model.location))
            }
        }
        return (declared, stubs, notes)
    }

    /// The `named` declared types with those a draft must declare with them. Down from the named
    /// types: every subclass and conforming type is an item a registration may take. Then up from
    /// all of those: superclasses, protocols and property types (with theirs), which conditions
    /// read. Siblings that only share a protocol are left out.
    private func withRelatedTypes(_ named: [String]) -> Set<String> {
        var included = Set(named)
        var pending = named
        var down = pending
        while let name = down.popLast() {
            for child in children[name] ?? [] where included.insert(child).inserted {
                down.append(child)
                pending.append(child)
            }
        }
        while let name = pending.popLast() {
            for other in related[name] ?? [] where included.insert(other).inserted { pending.append(other) }
        }
        return included
    }

    /// The models of the `included` declared types, in declaration order (the included few,
    /// sorted by position, rather than every declared type).
    private func declaredModels(_ included: Set<String>) -> [DraftModel] {
        var models: [DraftModel] = []
        let sorted = included.map { (position: order[$0] ?? 0, name: $0) }.sorted { $0.position < $1.position }
        for (_, name) in sorted {
            guard let type = index.modelDeclaration(name) else { continue }
            // A second declaration of a name (`Name#2`) is made on its own, never shared.
            let model =
                name.utf8.contains(UInt8(ascii: "#"))
                ? Self.model(type, index: index) : shared.model(name) { Self.model(type, index: index) }
            if let model { models.append(model) }
        }
        return models
    }

    /// The view classes the entries name (registered, given to a view-keyed event or unregistered) whose
    /// superclasses, up to the UIKit view class, include another view class the entries name: each class of
    /// that chain declared with its superclass (`VideoPostCell: {inherits: PostCell}`), because DT follows the
    /// hierarchy: an event for `PostCell` attaches to `VideoPostCell` mappings and `unregister(PostCell)`
    /// removes them (`Manifest.isViewClass(_:kindOf:)`). A chain that stays unnamed changes nothing and is
    /// left out, as are classes `declared` already.
    private func viewHierarchy(for entries: [DraftEntry], declared: Set<String>) -> [DraftModel] {
        var named: [String] = []
        for entry in entries {
            switch entry {
            case .registration(let registration): named.append(registration.view)
            case .event(_, let view?, _, _, _): named.append(view)
            case .unregister(_, let view, _): named.append(view)
            default: break
            }
        }
        let names = Set(named)
        var declaredNow = declared
        var views: [DraftModel] = []
        for name in named.sorted(by: { (order[$0] ?? 0) < (order[$1] ?? 0) }) where !declaredNow.contains(name) {
            let chain = index.ancestorNames(of: name)
            guard let base = chain.firstIndex(where: { UIKitViews.reusable.contains($0) }),
                chain[..<base].contains(where: names.contains)
            else { continue }
            let classes = [name] + chain[..<base]
            for (position, view) in classes.enumerated() where declaredNow.insert(view).inserted {
                guard let type = index[view] else { continue }
                var model = DraftModel(name: view, kind: .class, location: type.location)
                model.inherits = [Located(chain[position], at: type.location)]
                views.append(model)
            }
        }
        return views.sorted { (order[$0.name] ?? 0) < (order[$1.name] ?? 0) }
    }

    /// Whether a class, struct or enum among `models` is a `name` (directly, through protocol
    /// inheritance or a superclass).
    private func hasConformer(_ name: String, among models: [DraftModel]) -> Bool {
        var parents: [String: [String]] = [:]
        for model in models { parents[model.name] = (model.inherits + model.conforms).map(\.value) }
        func isA(_ type: String, depth: Int = 0) -> Bool {
            guard depth < 64 else { return false }
            return (parents[type] ?? []).contains { $0 == name || isA($0, depth: depth + 1) }
        }
        return models.contains { $0.kind != .protocol && isA($0.name) }
    }

    /// Whether `name` is a protocol declared in the files read.
    private static func isProtocol(_ name: String, index: DeclarationIndex) -> Bool {
        index.modelDeclaration(name)?.kind == .protocol
    }

    static func base(_ name: String) -> String {
        var name = name
        while name.hasSuffix("?") { name.removeLast() }
        return name
    }

    /// A declared type as a draft model. A draft that includes a type includes its superclass, the
    /// protocols it names and the types of its properties (a protocol's apart), so every declared
    /// model type it names is in the draft, and the declaration is the same in every draft.
    private static func model(_ type: DeclaredType, index: DeclarationIndex) -> DraftModel? {
        let kind: ModelKind
        switch type.kind {
        case .class: kind = .class
        case .struct: kind = .struct
        case .enum: kind = .enum
        case .protocol: kind = .protocol
        case .extensionOnly: return nil
        }
        var model = DraftModel(name: type.name, kind: kind, location: type.location)
        let superclass =
            kind == .class
            ? index.superclass(of: type.name).flatMap { acyclic($0, from: type.name, index: index) }
                ?? platformSuperclass(of: type, index: index) : nil
        if let superclass { model.inherits = [superclass] }
        let protocols = type.inherited.filter { inherited in
            inherited.value != superclass?.value && index.modelDeclaration(inherited.value)?.kind == .protocol
        }
        var seen: Set<String> = []
        let distinct = protocols.filter { seen.insert($0.value).inserted }
        switch kind {
        case .protocol: model.inherits = distinct.filter { $0.value != type.name }
        case .class, .struct: model.conforms = distinct
        case .enum:
            model.cases = type.cases
            // Raw values are known only when every written one is a literal read here.
            if type.firstInheritedIsDeclarationClause, let first = type.inherited.first, !type.hasUnreadRawValue,
                let rawType = ["String": "String", "Swift.String": "String", "Int": "Int", "Swift.Int": "Int"][
                    first.value]
            {
                model.rawType = Located(rawType, at: first.location)
                model.rawValues = type.cases.compactMap { item in
                    type.rawValues[item.value].map { (item.value, $0.value, $0.location) }
                }
            }
        }
        // Gathered apart, then given to the model at once (appending to it would copy its buffer).
        var properties: [(name: String, type: String, location: SourceLocation)] = []
        var named: Set<String> = []
        for property in type.properties where kind != .enum {
            let base = Self.base(property.type.name)
            guard
                BuiltinType(rawValue: base) != nil
                    || (index.modelDeclaration(base) != nil && !isProtocol(base, index: index))
            else { continue }
            if named.insert(property.name).inserted {
                properties.append((property.name, property.type.name, property.location))
            }
        }
        model.properties = properties
        return model
    }

    /// The superclass, unless following it leads back to `name` (not valid Swift, but possible in a broken tree).
    private static func acyclic(
        _ superclass: Located<String>, from name: String, index: DeclarationIndex
    ) -> Located<String>? {
        var seen: Set<String> = [name]
        var current: String? = superclass.value
        while let type = current {
            if !seen.insert(type).inserted { return nil }
            current = index.superclass(of: type)?.value
        }
        return superclass
    }
}

/// Compiles every translated condition against the manifest's model types: a closure that reads
/// as Swift but not as the condition language (a method it does not have, a type mismatch) is
/// kept as an opaque condition instead, with the compiler's reason. `ManifestBuilder` does the
/// same when it builds a draft (`lint`); a draft written as a manifest (`maplint extract`) is
/// checked here first, so that the file says the same.
enum ConditionValidator {
    static func checked(_ draft: ManifestDraft) -> ManifestDraft {
        var manifest = draft
        let notes = validate(&manifest)
        manifest.notes = ExtractionNote.merged(manifest.notes, notes)
        return manifest
    }

    static func validate(_ manifest: inout ManifestDraft) -> [ExtractionNote] {
        let hasExpressions = manifest.entries.contains { entry in
            if case .registration(let registration) = entry, case .expression? = registration.condition { return true }
            return false
        }
        guard hasExpressions else { return [] }
        let types = ManifestBuilder.modelTypes(of: manifest)
        var notes: [ExtractionNote] = []
        for position in manifest.entries.indices {
            guard case .registration(var registration) = manifest.entries[position],
                case .expression(let text, let swift, let location)? = registration.condition
            else { continue }
            guard let modelType = TypeRef(parsing: registration.model) else { continue }
            let map = TextSourceMap(file: location.file, start: location, length: text.unicodeScalars.count)
            if case .failure(let errors) = CompiledCondition.compile(
                text, sourceMap: map, modelType: modelType, types: types)
            {
                let reason = errors.diagnostics.first?.message ?? "it does not compile"
                registration.condition = .opaque(swift, location)
                manifest.entries[position] = .registration(registration)
                notes.append(.conditionOutsideLanguage(text, reason: reason, at: location))
            }
        }
        return notes
    }
}
