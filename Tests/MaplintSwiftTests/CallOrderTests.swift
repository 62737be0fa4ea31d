import MaplintManifest
import Testing

@testable import MaplintSwift

/// Registrations made in methods called from the setup code appear where the call is, in call
/// order; calls that may not run are reported.
@Suite struct CallOrderTests {
    private let cells = """

        class ACell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }
        class BCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }
        class CCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }
        class DCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }
        class ECell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }
        """

    private func views(_ manifest: ManifestDraft) -> [String] {
        registrations(manifest).map(\.view)
    }

    @Test func helperMethodsAppearAtTheirCallInCallOrder() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                private func registerCells() {
                    manager.register(BCell.self)
                }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    manager.register(ACell.self)
                    registerCells()
                    manager.register(CCell.self)
                    self.registerMore()
                }
                private func registerMore() {
                    manager.register(DCell.self)
                    registerCells()
                }
            }
            """ + cells)
        let manifest = try onlyManifest(result)
        #expect(views(manifest) == ["ACell", "BCell", "CCell", "DCell", "BCell"])
        // Each registration keeps the place of its own call.
        #expect(registrations(manifest).map(\.location) == [at(7, 9), at(3, 9), at(9, 9), at(13, 9), at(3, 9)])
        #expect(manifest.notes.isEmpty)
    }

    @Test func aMethodCalledInsideIfIsLeftOutWithANote() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(ACell.self)
                    if showsAds {
                        registerAds()
                    }
                    for _ in 0..<2 { self.registerAds() }
                    DispatchQueue.main.async { self.registerAds() }
                    DispatchQueue.main.async { [weak self] in self?.registerAds() }
                    manager.register(CCell.self)
                }
                private func registerAds() {
                    manager.register(BCell.self)
                }
            }
            """ + cells)
        let manifest = try onlyManifest(result)
        #expect(views(manifest) == ["ACell", "CCell"])
        #expect(
            describe(manifest.notes) == [
                "5:13 `registerAds()` is called inside `if`: the registrations it makes are not extracted, as they may or may not run",
                "7:26 `registerAds()` is called inside a `for` loop: the registrations it makes are not extracted, as they may or may not run",
                "8:36 `registerAds()` is called inside a closure: the registrations it makes are not extracted, as they may or may not run",
                "9:51 `registerAds()` is called inside a closure: the registrations it makes are not extracted, as they may or may not run",
            ])
    }

    @Test func methodsWithoutManagerCallsAreNotFollowedOrNoted() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    setUpViews()
                    if animated { animate() }
                    manager.register(ACell.self)
                }
                private func setUpViews() { view.backgroundColor = .white }
                private func animate() { UIView.animate(withDuration: 1) {} }
            }
            """ + cells)
        let manifest = try onlyManifest(result)
        #expect(views(manifest) == ["ACell"])
        #expect(manifest.notes.isEmpty)
    }

    @Test func methodsNobodyCallsRunInFileOrder() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(ACell.self)
                }
                func registerLater() {
                    manager.register(BCell.self)
                }
                init() {
                    super.init(nibName: nil, bundle: nil)
                    manager.register(CCell.self)
                }
            }
            """ + cells)
        let manifest = try onlyManifest(result)
        #expect(views(manifest) == ["ACell", "BCell", "CCell"])
    }

    @Test func aMethodThatCallsItselfIsFollowedOnce() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    registerA()
                }
                func registerA() {
                    manager.register(ACell.self)
                    registerB()
                }
                func registerB() {
                    manager.register(BCell.self)
                    registerA()
                }
            }
            """ + cells)
        let manifest = try onlyManifest(result)
        #expect(views(manifest) == ["ACell", "BCell"])
        #expect(
            describe(manifest.notes) == [
                "11:9 `registerA()` calls itself again here: its registrations are followed once"
            ])
    }

    @Test func methodsThatOnlyCallEachOtherAreFollowedFromTheFirst() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                func registerA() {
                    manager.register(ACell.self)
                    registerB()
                }
                func registerB() {
                    manager.register(BCell.self)
                    registerA()
                }
            }
            """ + cells)
        let manifest = try onlyManifest(result)
        #expect(views(manifest) == ["ACell", "BCell"])
        #expect(
            describe(manifest.notes) == [
                "8:9 `registerA()` calls itself again here: its registrations are followed once"
            ])
    }

    @Test func deepChainsOfCallsStopWithANote() throws {
        var source = "final class FeedViewController: UIViewController, DTTableViewManageable {\n"
        source += "    override func viewDidLoad() { step0() }\n"
        for step in 0..<40 {
            source += "    func step\(step)() { manager.register(ACell.self); step\(step + 1)() }\n"
        }
        source += "    func step40() { manager.register(BCell.self) }\n}\n" + cells
        let manifest = try onlyManifest(extract(source))
        #expect(registrations(manifest).count == ManifestAssembler.maxCallDepth)
        #expect(
            describe(manifest.notes) == [
                "34:51 calls are followed 32 levels deep: `step32()` is not followed"
            ])
    }

    @Test func aManagerFunctionIsOnlyFollowedByItsOwnManifest() throws {
        let result = extract(
            """
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(ACell.self)
                    FeedConfigurator.configure(manager)
                    manager.register(CCell.self)
                }
            }
            enum FeedConfigurator {
                static func configure(_ manager: DTTableViewManager) {
                    manager.register(BCell.self)
                }
            }
            """ + cells)
        let screen = try manifest("FeedViewController", in: result)
        #expect(views(screen) == ["ACell", "CCell"])
        #expect(
            describe(screen.notes) == [
                "4:36 the manager is passed to `FeedConfigurator.configure`: registrations made there are not part of this screen (they are read as the screen FeedConfigurator.configure)"
            ])
        let configurator = try manifest("FeedConfigurator.configure", in: result)
        #expect(views(configurator) == ["BCell"])
    }

    /// Methods that each call the next twice multiply: following them stops at a step budget, with
    /// a note, instead of running 2^40 steps.
    @Test func callChainsThatMultiplyStopAtABudget() throws {
        var lines = [
            "final class Bomb: UIViewController, DTTableViewManageable {",
            "    override func viewDidLoad() { f0(); f0() }",
        ]
        for level in 0..<40 { lines.append("    func f\(level)() { f\(level + 1)(); f\(level + 1)() }") }
        lines += [
            "    func f40() { manager.register(PostCell.self) }", "}",
            "final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Int) {} }",
        ]
        let manifest = try onlyManifest(extract(lines.joined(separator: "\n")))
        #expect(manifest.entries.count <= CallOrder.maxSteps)
        #expect(
            manifest.notes.contains {
                $0.message.contains("makes more than \(CallOrder.maxSteps) steps: the rest is not extracted")
            })
    }
}
