/// The anomalies DTTableViewManager and DTCollectionViewManager report to their `anomalyHandler`
/// (`DTTableViewManagerAnomaly`, `DTCollectionViewManagerAnomaly`, and DTModelStorage's
/// `MemoryStorageAnomaly`), by the case name messages quote. Which versions report which is
/// `LibraryBehaviour`'s (`reportsAnomalies`, `eventsAttachToEarlierMappings`, …).
package enum Anomaly: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case noCellMappingFound, noHeaderFooterMappingFound, noSupplementaryMappingFound
    case nilCellModel, nilHeaderModel, nilFooterModel, nilSupplementaryModel
    case differentCellReuseIdentifier, differentSupplementaryReuseIdentifier
    case eventRegistrationForUnregisteredMapping, unusedEventDetected, modelEventCalledWithCellClass
    case flowDelegateLayoutMethodWithDifferentLayout
    case emptyXibFile
    case batchInsertionItemCountMismatch

    package var description: String { rawValue }

    /// The anomaly when no mapping matches an element (`elementName`: "cell", "header", "footer" or
    /// "supplementary"): DTTableViewManagerAnomaly / DTCollectionViewManagerAnomaly, 6.3.0 … 11.0.1.
    package static func noMapping(elementName: String, host: Host) -> Anomaly {
        if elementName == "cell" { return .noCellMappingFound }
        return host == .tableView ? .noHeaderFooterMappingFound : .noSupplementaryMappingFound
    }

    /// The anomaly for a nil model of an element.
    package static func nilModel(elementName: String, host: Host) -> Anomaly {
        switch (host, elementName) {
        case (_, "cell"): .nilCellModel
        case (.tableView, "header"): .nilHeaderModel
        case (.tableView, "footer"): .nilFooterModel
        default: .nilSupplementaryModel
        }
    }
}
