/// `memoryStorage.insertItems(_:to:)` given array literals of different lengths: DTModelStorage
/// inserts nothing. Found in the Swift code by extraction, which keeps it with the manifest it
/// builds (a `# batch-insertion-count-mismatch:` comment of a manifest `maplint extract` writes);
/// this rule reports them.
import MaplintAnalysis
import MaplintFindings
import MaplintLibrary

struct BatchInsertionCountMismatchRule: Rule {
    package static let description = RuleDescription(
        id: "batch-insertion-count-mismatch",
        name: "Batch insertion count mismatch",
        severity: .warning,
        summary:
            "`insertItems(_:to:)` is given a different number of items and index paths, so nothing is inserted.",
        explanation: """
            `MemoryStorage.insertItems(_:to:)` inserts `items[i]` at `indexPaths[i]`. When the two arrays have \
            different lengths it inserts nothing and reports the anomaly batchInsertionItemCountMismatch \
            (MemoryStorage.swift, insertItems(_:to:), DTModelStorage 7.1.0 to 11.0.2; up to 7.4 it also throws \
            `batchInsertionFailed`). `maplint extract` and `lint --swift` find the calls whose two arguments are \
            array literals in the methods of a type that owns a manager, on a receiver named like a storage \
            (`manager.memoryStorage`, `storage`), and write each into the manifest as a \
            `# batch-insertion-count-mismatch:` comment with its Swift position; arrays built at run time are not \
            checked. Fix: give one index path per item.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                ↓# batch-insertion-count-mismatch: Sources/FeedViewController.swift:31:9: `manager.memoryStorage.insertItems([first, second], to: [IndexPath(item: 0, section: 0)])` gives 2 items and 1 index path
                registrations:
                  - cell: PostCell
                    model: String
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                # Written by hand: no storage call is described.
                registrations:
                  - cell: PostCell
                    model: String
                """)
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        context.manifest.batchInsertions.map { note in
            finding(
                "a batch insertion gives as many index paths as items, or MemoryStorage inserts nothing",
                explained: note.message
                    + ": MemoryStorage inserts nothing and reports the anomaly \(Anomaly.batchInsertionItemCountMismatch); "
                    + "give one index path per item", at: note.location)
        }
    }
}
