import Foundation

/// A synthetic app laid out as iOS apps are, for `lint --swift` on a whole app: per feature a
/// folder with a view controller (table or collection view, registrations with mapping
/// conditions, headers and footers, events), its cells with layout code, a view model, and
/// beside them models, services and extensions with no DT code at all. About a third of the
/// lines are registration code; the rest is what extraction must read past.
enum AppTree {
    static func write(features: Int, to folder: String, seed: UInt64) -> Bool {
        var random = SeededRandom(seed: seed)
        let manager = FileManager.default
        try? manager.removeItem(atPath: folder)
        // Each file is written as soon as it is made (see SwiftTree.write).
        func save(_ path: String, _ contents: String) -> Bool {
            let file = folder + "/" + path
            let parent = (file as NSString).deletingLastPathComponent
            return (try? manager.createDirectory(atPath: parent, withIntermediateDirectories: true)) != nil
                && manager.createFile(atPath: file, contents: Data(contents.utf8))
        }
        for feature in 0..<features {
            let name = "Feature\(feature)"
            let collection = feature % 3 == 2
            guard save("Models/\(name)Item.swift", model(name, random: &random)),
                save("Services/\(name)Service.swift", service(name, random: &random)),
                save("Screens/\(name)/\(name)Cells.swift", cells(name, collection: collection, random: &random)),
                save(
                    "Screens/\(name)/\(name)ViewController.swift", screen(name, collection: collection, random: &random)
                ),
                save("Screens/\(name)/\(name)ViewModel.swift", viewModel(name)),
                feature % 10 != 0 || save("Extensions/Helpers\(feature / 10).swift", helpers(feature / 10))
            else { return false }
        }
        return true
    }

    /// Lines of Swift under `folder`, in every subfolder.
    static func lineCount(_ folder: String) -> Int {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return 0 }
        var total = 0
        for case let path as String in walker where path.hasSuffix(".swift") {
            let data = FileManager.default.contents(atPath: folder + "/" + path) ?? Data()
            total += data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        return total
    }

    static func model(_ name: String, random: inout SeededRandom) -> String {
        let count = 3 + random.below(5)
        var text = "import Foundation\n\nenum \(name)Kind: String, Codable, CaseIterable {\n"
        for kind in 0..<count { text += "    case kind\(kind) = \"k\(kind)\"\n" }
        text += "}\n\nclass \(name)Item: Codable, Equatable {\n    let id: Int\n    var title: String\n"
        text += "    var subtitle: String?\n    var kind: \(name)Kind\n    var likes: Int\n    var isPinned: Bool\n"
        text += "    var tags: [String] = []\n\n"
        text += "    init(id: Int, title: String, kind: \(name)Kind, likes: Int = 0, isPinned: Bool = false) {\n"
        text += "        self.id = id\n        self.title = title\n        self.kind = kind\n"
        text += "        self.likes = likes\n        self.isPinned = isPinned\n    }\n\n"
        text += "    var displayTitle: String {\n        guard let subtitle, !subtitle.isEmpty else { return title }\n"
        text += "        return \"\\(title) — \\(subtitle)\"\n    }\n\n"
        text += "    static func == (lhs: \(name)Item, rhs: \(name)Item) -> Bool { lhs.id == rhs.id }\n}\n\n"
        text += "final class Featured\(name)Item: \(name)Item {\n    var imageURL: URL?\n}\n"
        return text
    }

    static func service(_ name: String, random: inout SeededRandom) -> String {
        var text = "import Foundation\n\nprotocol \(name)Loading {\n"
        text += "    func load(page: Int, completion: @escaping (Result<[\(name)Item], Error>) -> Void)\n}\n\n"
        text += "final class \(name)Service: \(name)Loading {\n    private let session: URLSession\n"
        text += "    private let decoder = JSONDecoder()\n    private var cache: [Int: [\(name)Item]] = [:]\n\n"
        text += "    init(session: URLSession = .shared) {\n        self.session = session\n"
        text += "        decoder.keyDecodingStrategy = .convertFromSnakeCase\n    }\n\n"
        text += "    func load(page: Int, completion: @escaping (Result<[\(name)Item], Error>) -> Void) {\n"
        text +=
            "        if let cached = cache[page] {\n            completion(.success(cached))\n            return\n        }\n"
        text += "        var components = URLComponents(string: \"https://example.invalid/\(name.lowercased())\")!\n"
        text += "        components.queryItems = [URLQueryItem(name: \"page\", value: String(page))]\n"
        text += "        let task = session.dataTask(with: components.url!) { [weak self] data, _, error in\n"
        text += "            guard let self else { return }\n"
        text +=
            "            if let error {\n                completion(.failure(error))\n                return\n            }\n"
        text +=
            "            do {\n                let items = try self.decoder.decode([\(name)Item].self, from: data ?? Data())\n"
        text += "                self.cache[page] = items\n                completion(.success(items))\n"
        text += "            } catch {\n                completion(.failure(error))\n            }\n        }\n"
        text += "        task.resume()\n    }\n\n"
        for helper in 0..<(2 + random.below(4)) {
            text += "    func filter\(helper)(_ items: [\(name)Item]) -> [\(name)Item] {\n"
            text += "        items.filter { $0.likes > \(helper * 10) && !$0.tags.isEmpty }\n"
            text +=
                "            .sorted { lhs, rhs in lhs.likes == rhs.likes ? lhs.id < rhs.id : lhs.likes > rhs.likes }\n"
            text += "    }\n\n"
        }
        text += "}\n"
        return text
    }

    static func cells(_ name: String, collection: Bool, random: inout SeededRandom) -> String {
        let base = collection ? "UICollectionViewCell" : "UITableViewCell"
        var text = "import UIKit\nimport DTModelStorage\n\n"
        let kinds = ["", "Featured", "Compact"]
        for (index, kind) in kinds.enumerated() {
            let model = kind == "Featured" ? "Featured\(name)Item" : "\(name)Item"
            text += "final class \(kind)\(name)Cell: \(base), ModelTransfer {\n"
            text += "    private let titleLabel = UILabel()\n    private let detailLabel = UILabel()\n\n"
            text +=
                "    override init(\(collection ? "frame: CGRect" : "style: UITableViewCell.CellStyle, reuseIdentifier: String?")) {\n"
            text +=
                "        super.init(\(collection ? "frame: frame" : "style: style, reuseIdentifier: reuseIdentifier"))\n"
            text += "        contentView.addSubview(titleLabel)\n        contentView.addSubview(detailLabel)\n"
            text += "        titleLabel.translatesAutoresizingMaskIntoConstraints = false\n"
            text += "        NSLayoutConstraint.activate([\n"
            text +=
                "            titleLabel.topAnchor.constraint(equalTo: contentView.topAnchor, constant: \(8 + index * 2)),\n"
            text +=
                "            titleLabel.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),\n"
            text += "            detailLabel.topAnchor.constraint(equalTo: titleLabel.bottomAnchor, constant: 4),\n"
            text += "        ])\n    }\n\n"
            text += "    required init?(coder: NSCoder) { fatalError(\"init(coder:) has not been implemented\") }\n\n"
            text += "    func update(with model: \(model)) {\n        titleLabel.text = model.displayTitle\n"
            text += "        detailLabel.text = model.likes > 0 ? \"\\(model.likes) likes\" : nil\n"
            text += "        accessibilityIdentifier = \"\(name.lowercased())-\\(model.id)\"\n    }\n}\n\n"
        }
        text +=
            "final class \(name)HeaderView: \(collection ? "UICollectionReusableView" : "UITableViewHeaderFooterView"), ModelTransfer {\n"
        text += "    func update(with model: String) {}\n}\n"
        _ = random.below(2)
        return text
    }

    static func screen(_ name: String, collection: Bool, random: inout SeededRandom) -> String {
        let host = collection ? "DTCollectionViewManageable" : "DTTableViewManageable"
        let view =
            collection
            ? "@IBOutlet weak var collectionView: UICollectionView?" : "@IBOutlet weak var tableView: UITableView!"
        var lines = [
            "import UIKit", collection ? "import DTCollectionViewManager" : "import DTTableViewManager", "",
            "final class \(name)ViewController: UIViewController, \(host) {", "    \(view)",
            "    private let viewModel = \(name)ViewModel()", "",
            "    override func viewDidLoad() {", "        super.viewDidLoad()", "        configureManager()",
            "        viewModel.onChange = { [weak self] sections in self?.show(sections) }",
            "        viewModel.reload()",
            "    }", "", "    private func configureManager() {",
        ]
        // The specific cell first, the general one after it: DT takes the first that matches.
        lines.append("        manager.register(Featured\(name)Cell.self)")
        lines += [
            "        manager.register(\(name)Cell.self) { mapping in",
            "            mapping.condition = mapping.modelCondition { _, item in !item.isPinned }",
            "            mapping.didSelect { [weak self] _, item, _ in self?.open(item) }", "        }",
        ]
        lines += [
            "        manager.register(Compact\(name)Cell.self) { mapping in",
            "            mapping.condition = mapping.modelCondition { _, item in item.isPinned }",
            "            mapping.reuseIdentifier = \"Compact\(name)Cell\"", "        }",
        ]
        if collection {
            lines.append("        manager.registerHeader(\(name)HeaderView.self)")
        } else {
            lines.append("        manager.registerHeader(\(name)HeaderView.self) { $0.condition = .section(0) }")
            lines.append("        manager.configuration.sectionHeaderStyle = .view")
        }
        for extra in 0..<random.below(4) {
            lines.append("        manager.register(\(name)Cell.self) { $0.condition = .section(\(extra + 2)) }")
        }
        lines += [
            "    }", "",
            "    private func show(_ sections: [[\(name)Item]]) {",
            "        for (index, items) in sections.enumerated() {",
            "            manager.memoryStorage.setSectionHeaderModel(\"Section \\(index)\", forSection: index)",
            "            manager.memoryStorage.setItems(items, forSection: index)", "        }", "    }", "",
            "    private func open(_ item: \(name)Item) {",
            "        let detail = UIViewController()", "        detail.title = item.displayTitle",
            "        navigationController?.pushViewController(detail, animated: true)", "    }", "}", "",
        ]
        return lines.joined(separator: "\n")
    }

    static func viewModel(_ name: String) -> String {
        var text = "import Foundation\n\nfinal class \(name)ViewModel {\n"
        text += "    var onChange: (([[\(name)Item]]) -> Void)?\n"
        text += "    private let service: \(name)Loading = \(name)Service()\n    private var page = 0\n\n"
        text += "    func reload() {\n        page = 0\n        service.load(page: page) { [weak self] result in\n"
        text += "            switch result {\n            case .success(let items):\n"
        text += "                let pinned = items.filter(\\.isPinned)\n"
        text += "                let rest = items.filter { !$0.isPinned }\n"
        text += "                DispatchQueue.main.async { self?.onChange?([pinned, rest]) }\n"
        text += "            case .failure:\n                DispatchQueue.main.async { self?.onChange?([]) }\n"
        text += "            }\n        }\n    }\n}\n"
        return text
    }

    static func helpers(_ index: Int) -> String {
        var text = "import UIKit\n\nextension UIView {\n"
        text += "    func pinEdges\(index)(to other: UIView, insets: UIEdgeInsets = .zero) {\n"
        text += "        translatesAutoresizingMaskIntoConstraints = false\n        NSLayoutConstraint.activate([\n"
        text += "            leadingAnchor.constraint(equalTo: other.leadingAnchor, constant: insets.left),\n"
        text += "            trailingAnchor.constraint(equalTo: other.trailingAnchor, constant: -insets.right),\n"
        text += "            topAnchor.constraint(equalTo: other.topAnchor, constant: insets.top),\n"
        text += "            bottomAnchor.constraint(equalTo: other.bottomAnchor, constant: -insets.bottom),\n"
        text += "        ])\n    }\n}\n\nextension String {\n"
        text += "    var trimmed\(index): String { trimmingCharacters(in: .whitespacesAndNewlines) }\n}\n"
        return text
    }
}
