import Foundation

/// A synthetic app's Swift sources for `maplint lint --swift`: models (some subclassed), cells
/// with `ModelTransfer`, and table view controllers that register 20 cells each through a helper
/// method, with section conditions, model conditions, events, xibs and reuse identifiers.
enum SwiftTree {
    /// Screens per case; models and cells grow with them.
    static func sizes(smoke: Bool) -> [Int] { smoke ? [20] : [1_000, 5_000] }

    static func write(screens: Int, to folder: String, seed: UInt64) -> Bool {
        var random = SeededRandom(seed: seed)
        let models = max(10, screens / 2)
        let cells = max(20, screens)
        let manager = FileManager.default
        try? manager.removeItem(atPath: folder)
        guard (try? manager.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else {
            return false
        }
        // Each file is written as soon as it is made: the runner's own peak memory counts in the peak
        // RSS measured for the programs it starts (exec records the old address space's peak).
        func save(_ name: String, _ contents: String) -> Bool {
            manager.createFile(atPath: folder + "/" + name, contents: Data(contents.utf8))
        }
        var text = ""
        for model in 0..<models {
            let parent = model % 5 == 0 ? "" : ": Model\(model - 1)"
            text += "class Model\(model)\(parent) {\n    var id = 0\n    var title\(model) = \"\"\n"
            text += "    var flag\(model): Bool = false\n    var count\(model): Int = 0\n}\n\n"
        }
        guard save("Models.swift", text) else { return false }
        text = "import UIKit\nimport DTModelStorage\n\n"
        for cell in 0..<cells {
            text +=
                "final class Cell\(cell): UITableViewCell, ModelTransfer {\n    func update(with model: Model\(cell % models)) {}\n}\n\n"
        }
        guard save("Cells.swift", text) else { return false }
        for screen in 0..<screens {
            var lines = [
                "import UIKit", "import DTTableViewManager", "",
                "final class Screen\(screen)ViewController: UIViewController, DTTableViewManageable {",
                "    @IBOutlet weak var tableView: UITableView!", "",
                "    override func viewDidLoad() {", "        super.viewDidLoad()", "        registerCells()", "    }",
                "",
                "    private func registerCells() {",
            ]
            for section in 0..<20 {
                let cell = random.below(cells)
                let model = cell % models
                switch random.below(4) {
                case 0: lines.append("        manager.register(Cell\(cell).self)")
                case 1:
                    lines.append("        manager.register(Cell\(cell).self) { $0.condition = .section(\(section)) }")
                case 2:
                    lines += [
                        "        manager.register(Cell\(cell).self) { mapping in",
                        "            mapping.condition = mapping.modelCondition { indexPath, model in",
                        "                model.count\(model) > \(section) && !model.flag\(model)",
                        "            }",
                        "            mapping.didSelect { _, _, _ in }",
                        "        }",
                    ]
                default:
                    lines += [
                        "        manager.register(Cell\(cell).self) { mapping in",
                        "            mapping.reuseIdentifier = \"cell-\(section)\"",
                        "            mapping.xibName = \"Xib\(cell)\"",
                        "        }",
                    ]
                }
            }
            lines += ["    }", "}", ""]
            guard save("Screen\(screen)ViewController.swift", lines.joined(separator: "\n")) else { return false }
        }
        return true
    }

    /// Lines of Swift under `folder`.
    static func lineCount(_ folder: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.reduce(0) { total, name in
            let data = FileManager.default.contents(atPath: folder + "/" + name) ?? Data()
            return total + data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
    }
}
