import MaplintLibrary
import MaplintManifest

/// What `LibraryBehaviour`'s answers mean for one registration: the xib it needs or loads, the identifier
/// it is dequeued under, whether its registration wins. The facts are `LibraryBehaviour`'s (Library/); this
/// applies them to the manifest's registrations.
extension LibraryBehaviour {
    package init(_ manifest: Manifest) {
        self.init(
            host: manifest.host, version: manifest.libraryVersion, deploymentTarget: manifest.deploymentTarget,
            modelStorageVersion: manifest.modelStorageVersion)
    }

    /// Table cells: `TableViewFactory.registerCellClass` dequeues the identifier first and
    /// registers nothing when a cell comes back, so the first registration of an identifier
    /// wins (every version; TableViewFactory.swift, registerCellClass, 6.6.0 … 11.0.1).
    /// Table headers/footers and collection views register unconditionally: the last wins.
    package func firstRegistrationWins(in namespace: ReuseNamespace) -> Bool {
        host == .tableView && namespace == .cell
    }

    /// The xib a registration in code needs but `availableXibs` (the xibs under `--resources`) lacks,
    /// when that makes DTCollectionViewManager 6 or 7 register nothing: `registerCellClass` and
    /// `registerSupplementaryClass` register the xib when it exists and otherwise only add the mapping,
    /// so the view is dequeued from a storyboard prototype of its identifier (CollectionViewFactory.swift,
    /// registerCellClass, registerSupplementaryClass, 6.6.0, 7.2.0). `xib: null` is `registerNibless`,
    /// which registers the class. Without `availableXibs` a xib is taken at its word.
    /// A cell's `xib: Name` without `registerNibNamed: true` is `mapping.xibName`, which DTCollectionViewManager 6
    /// ignores: the xib it looks for is the one named after the class (see `registerIgnoresMappingXibName`).
    package func missingXibRegisteringNothing(of registration: Registration, availableXibs: Set<String>?) -> String? {
        guard collectionCodeRegistrationNeedsXib, !registration.storyboard, let availableXibs,
            let named = registration.xibName
        else { return nil }
        let xib = ignoresXibName(of: registration) ? registration.describedName : named
        return availableXibs.contains(xib) ? nil : xib
    }

    /// The xib a table header or footer registration requires, or nil when none is required.
    /// A named xib is taken at its word (it may be `registerNibNamed(_:forHeader:)`); `xib: null` needs none
    /// (see `headerFooterRegistrationAssertsXib`).
    package func headerFooterXibRequired(of registration: Registration) -> String? {
        guard headerFooterRegistrationAssertsXib, registration.viewType != .cell else { return nil }
        switch registration.xib {
        case .named(let name): return name
        case .default: return registration.describedName
        case .none: return nil
        }
    }

    /// The xib DTCollectionViewManager registers for a storyboard mapping (`storyboard: true`),
    /// replacing the prototype, or nil when the prototype is used. `registerCellClass` and
    /// `registerSupplementaryClass` try the xib before they look at the storyboard flag, on every
    /// system before 8.0 and below iOS 14 from 8.0 (CollectionViewFactory.swift, registerCellClass,
    /// 7.2.0, 8.2.0, 11.0.0). A named xib counts unless `availableXibs` (the xibs under
    /// `--resources`) lacks it; the class-name xib only when `availableXibs` has it.
    /// On a table, DTTableViewManager 6 and 7's `registerNibNamed(_:forCellClass:mappingBlock:)` registers its nib
    /// without the dequeue probe (TableViewFactory.swift, 6.6.0, 7.2.0), so a storyboard mapping written with
    /// `registerNibNamed: true` registers its xib over the prototype; from 8 it is `register` and the probe finds
    /// the prototype.
    package func xibReplacingPrototype(of registration: Registration, availableXibs: Set<String>?) -> String? {
        if host == .tableView {
            guard registration.storyboard, registration.registerNibNamed, !cellNibNamedIsRegisterWithoutClosure,
                case .named(let name) = registration.xib
            else { return nil }
            return availableXibs.map { $0.contains(name) } ?? true ? name : nil
        }
        guard registration.storyboard, !usesGeneratedRegistrations else { return nil }
        switch registration.xib {
        case .named(let name):
            return availableXibs.map { $0.contains(name) } ?? true ? name : nil
        case .default:
            let name = registration.describedName
            return availableXibs?.contains(name) == true ? name : nil
        case .none:
            return nil
        }
    }

    /// The identifier a registration's views are dequeued under (see `supplementaryDequeuedUnderClassName`).
    package func dequeueIdentifier(of registration: Registration) -> String {
        if supplementaryDequeuedUnderClassName, registration.viewType != .cell {
            return registration.describedName
        }
        return registration.reuseIdentifier.value
    }

    /// Whether a registration's `xib: Name` is a `mapping.xibName` that `register` ignores: a cell with a
    /// named xib, no `registerNibNamed: true` and no `storyboard: true`, where `registerIgnoresMappingXibName`.
    /// A supplementary view's `xib: Name` may be `registerNibNamed(_:forHeader:)`, which a manifest cannot tell
    /// apart, so it is taken at its word.
    /// A plain `UIView` table header or footer in DTTableViewManager 6 and 7 (`plainHeaderFooterIgnoresXibName`)
    /// ignores its named xib whichever way it was registered.
    package func ignoresXibName(of registration: Registration) -> Bool {
        if plainHeaderFooterIgnoresXibName(of: registration) { return true }
        guard registerIgnoresMappingXibName, registration.viewType == .cell, !registration.registerNibNamed,
            !registration.storyboard, case .named(let name) = registration.xib
        else { return false }
        return name != registration.describedName
    }

    /// Whether a plain `UIView` table header or footer (`headerFooterView: false`) with `xib: Name` is shown from
    /// the xib named after its class instead. DTTableViewManager 6 and 7 never register such a view; when it is
    /// shown, `headerFooterView(of:model:atIndexPath:)` loads it with `dt_loadFromXib()`, which reads the nib named
    /// after the class and never the mapping's `xibName`, whether `register` or `registerNibNamed(_:forHeader:)`
    /// set it (TableViewFactory.swift, `headerFooterView`, `registerNibNamed(_:forHeaderClass:mappingBlock:)`,
    /// 6.6.0, 7.2.0). From 8.0 the mapping loads `xibName` (`plainHeaderFooterLoadsClassNamedXib`).
    package func plainHeaderFooterIgnoresXibName(of registration: Registration) -> Bool {
        guard host == .tableView, plainHeaderFooterLoadsClassNamedXib, registration.viewType != .cell,
            !registration.headerFooterView, case .named(let name) = registration.xib
        else { return false }
        return name != registration.describedName
    }

    /// The xib a plain `UIView` table header or footer (`headerFooterView: false`) is loaded from when nothing is
    /// registered under its identifier: the one named after its class before 8.0 (`dt_loadFromXib()`,
    /// TableViewFactory.swift, `headerFooterView`, 6.6.0, 7.2.0), `xibName` from 8.0, nil with `xib: null`
    /// (`UIView.load(for:)`, MS UINib+Existance.swift 9.1.2, 10.0.0: `guard let xibName`; MS ViewModelMapping.swift
    /// `init(kind:headerFooterConfiguration:mapping:)`, 9.1.2, 10.0.0: then no view). Nil for any other registration.
    package func plainHeaderFooterXib(of registration: Registration) -> String? {
        guard host == .tableView, registration.viewType != .cell, !registration.headerFooterView else { return nil }
        return plainHeaderFooterLoadsClassNamedXib ? registration.viewClass.value : registration.xibName
    }

    /// Whether a plain `UIView` table header or footer shows nothing: no view is registered under its identifier
    /// and it has no xib to load (`xib: null`, from 8.0).
    func plainHeaderFooterShowsNothing(_ registration: Registration) -> Bool {
        guard host == .tableView, registration.viewType != .cell, !registration.headerFooterView else { return false }
        return plainHeaderFooterXib(of: registration) == nil
    }
}

extension Manifest {
    /// What the library does at run time for this manifest (host, library version, target).
    package var behaviour: LibraryBehaviour { LibraryBehaviour(self) }

    /// Whether the host generates its own registrations (collection views from iOS 14),
    /// so reuse identifiers cannot collide.
    package var usesGeneratedRegistrations: Bool { behaviour.usesGeneratedRegistrations }
}
