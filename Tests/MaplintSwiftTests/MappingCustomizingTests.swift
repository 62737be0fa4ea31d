import MaplintFindings
import MaplintManifest
import Testing

@testable import MaplintSwift

/// A manager's delegate that adopts `ViewModelMappingCustomizing` picks the mapping among the
/// candidates at DT 6: `startManaging(withDelegate:)` hands it to the factory
/// (DTTableViewManager.swift, `startManaging(with:)`, 6.6.0), and `viewModelMapping(for:model:indexPath:)`
/// asks its `viewModelMapping(fromCandidates:forModel:)` before taking the first candidate
/// (TableViewFactory.swift, 6.6.0; CollectionViewFactory.swift, `viewModelMapping(for:model:at:)`,
/// DTCollectionViewManager 6.6.0). From 7.0.0 neither manager's sources name the protocol
/// (`git grep ViewModelMappingCustomizing 7.0.0 -- Sources` finds nothing in either), so the first
/// candidate wins again.
@Suite struct MappingCustomizingTests {
    /// Two cells for `Post`, the second behind the first, on a screen that adopts the protocol in an
    /// extension (line 11).
    static let screen = """
        final class FeedViewController: UIViewController, DTTableViewManageable {
            override func viewDidLoad() {
                super.viewDidLoad()
                manager.startManaging(withDelegate: self)
                manager.register(PostCell.self)
                manager.register(VideoPostCell.self)
            }
        }
        class VideoPostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }

        extension FeedViewController: ViewModelMappingCustomizing {
            func viewModelMapping(fromCandidates candidates: [ViewModelMapping], forModel model: Any) -> ViewModelMapping? {
                candidates.last
            }
        }
        \(postDeclarations)
        """

    static func lines(_ findings: [Diagnostic]) -> [String] {
        findings.map { "\($0.location.line):\($0.location.column) \($0.severity) \($0.rule): \($0.message)" }
    }

    @Test func atSixTheAppChoosesAndTheCoveredCellIsANote() throws {
        let result = extract(Self.screen, version: "6.6.0")
        let manifest = try onlyManifest(result)
        #expect(manifest.viewModelMappingCustomizing?.value == "FeedViewController")
        #expect(manifest.viewModelMappingCustomizing?.location == at(11, 31))
        #expect(plainYAML(manifest).contains("\nviewModelMappingCustomizing: FeedViewController\n"))
        let linted = SwiftExtractor.lint(result).diagnostics
        #expect(
            Self.lines(linted) == [
                "6:9 note unreachable-registration: VideoPostCell (entry 1) comes after PostCell (entry 0), which "
                    + "matches every item it matches: FeedViewController adopts ViewModelMappingCustomizing, which "
                    + "DTTableViewManager 6.6.0 asks which of the candidate mappings to use, so the app chooses, not "
                    + "the order"
            ])
        #expect(
            linted.first?.related.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
                "5:9 PostCell (entry 0, Feed.swift:5) is registered earlier and matches first",
                "11:31 FeedViewController adopts ViewModelMappingCustomizing here and picks the mapping",
            ])
    }

    @Test func fromSevenTheFirstCandidateWinsAgain() throws {
        let result = extract(Self.screen, version: "7.2.0")
        _ = try onlyManifest(result)
        let linted = SwiftExtractor.lint(result).diagnostics
        #expect(
            Self.lines(linted) == [
                "6:9 error unreachable-registration: VideoPostCell (entry 1) is never used: PostCell (entry 0) takes "
                    + "every item it matches"
            ])
    }

    @Test func withoutTheAdoptionTheFirstCandidateWinsAtSix() throws {
        let source = Self.screen.replacingOccurrences(
            of: "extension FeedViewController: ViewModelMappingCustomizing", with: "extension FeedViewController")
        let result = extract(source, version: "6.6.0")
        let manifest = try onlyManifest(result)
        #expect(manifest.viewModelMappingCustomizing == nil)
        #expect(
            Self.lines(SwiftExtractor.lint(result).diagnostics) == [
                "6:9 error unreachable-registration: VideoPostCell (entry 1) is never used: PostCell (entry 0) takes "
                    + "every item it matches"
            ])
    }

    /// Two overlapping conditions: at 6 with the adoption, a note instead of "shadows"; a superclass
    /// that adopts the protocol counts for its subclass.
    @Test func intersectingCandidatesAreANoteWhenASuperclassAdoptsIt() throws {
        let source = """
            class BaseViewController: UIViewController, ViewModelMappingCustomizing {
                func viewModelMapping(fromCandidates candidates: [ViewModelMapping], forModel model: Any) -> ViewModelMapping? { nil }
            }
            final class FeedViewController: BaseViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    manager.register(PostCell.self) { $0.condition = .custom { _, model in model.likes > 1 } }
                    manager.register(VideoPostCell.self) { $0.condition = .custom { _, model in model.likes < 5 } }
                }
            }
            class VideoPostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
            \(postDeclarations)
            """
        let atSix = extract(source, version: "6.6.0")
        #expect(try onlyManifest(atSix).viewModelMappingCustomizing?.location == at(1, 45))
        #expect(
            Self.lines(SwiftExtractor.lint(atSix).diagnostics) == [
                "7:9 note intersecting-conditions: PostCell (entry 0) and VideoPostCell (entry 1) can both match "
                    + "a Post with likes == 2 in any section: FeedViewController adopts ViewModelMappingCustomizing, which "
                    + "DTTableViewManager 6.6.0 asks which of the candidate mappings to use, so the app chooses, not "
                    + "the order"
            ])
        let atEleven = extract(source, version: "11.0.1")
        #expect(
            Self.lines(SwiftExtractor.lint(atEleven).diagnostics).map { String($0.prefix(45)) } == [
                "7:9 warning intersecting-conditions: PostCell"
            ])
    }
}
