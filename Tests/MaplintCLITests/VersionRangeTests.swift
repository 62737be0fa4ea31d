import Foundation
import Testing

/// An app that pins no version is checked at both ends of the range its API allows: what holds at
/// both is reported as it is, what holds at one end only is a note that names the versions.
@Suite struct VersionRangeTests {
    /// A collection screen with an event on a mapping (`mapping.didSelect`, from 8.0:
    /// DTCollectionViewManager+Delegate.swift, `extension ViewModelMapping where View:
    /// UICollectionViewCell`, 8.0.0 vs 7.2.0), so 8.0.0–11.0.0; a cell registered in code, which
    /// 8.0.0 and 8.0.1 give a new `CellRegistration` on every dequeue (DTModelStorage
    /// ViewModelMapping.swift, `_cellDequeueClosure`, 9.0.0 vs 9.1.0) and 11.0.0 does not.
    static let gallery = """
        import UIKit
        import DTCollectionViewManager

        final class PhotoCell: UICollectionViewCell, ModelTransfer {
            func update(with model: String) {}
        }

        final class GalleryViewController: UIViewController, DTCollectionViewManageable {
            var collectionView: UICollectionView!

            override func viewDidLoad() {
                super.viewDidLoad()
                manager.register(PhotoCell.self) { mapping in
                    mapping.didSelect { _, _, _ in }
                }
            }
        }

        """

    @Test func aFindingAtOneEndOfTheRangeOnlyIsANoteNamingTheVersions() throws {
        let folder = try temporaryFolder()
        try write(Self.gallery, to: "Gallery.swift", in: folder)
        let output = try runMaplint([], in: folder)
        #expect(output.status == 0, "\(output.stdout)")
        #expect(
            output.stdout.hasPrefix(
                "Gallery.swift:13:9: note: at DTCollectionViewManager 8.0.0, not at 11.0.0 (the API used allows "
                    + "8.0.0–11.0.0): PhotoCell (entry 0) never reuses views: DTCollectionViewManager 8.0.0 makes a "
                    + "registration per dequeue [registration-per-dequeue]\n"))
        #expect(output.stdout.hasSuffix("\n1 file checked: 0 errors, 0 warnings, 1 note (2 related)\n"))
        #expect(
            output.stderr
                == "maplint: Swift files in no project or package (.): 1 Swift file, 1 registration, "
                + "DTCollectionViewManager 8.0.0–11.0.0 (inferred from the API used: mapping.didSelect; checked at "
                + "8.0.0 and 11.0.0)\n")
    }

    /// Pinned, the version decides: 8.0.0 has the finding (a warning), the target line names the pin.
    @Test func aPinnedAppIsCheckedAtItsVersionOnly() throws {
        let folder = try temporaryFolder()
        try write(Self.gallery, to: "Gallery.swift", in: folder)
        try write("PODS:\n  - DTCollectionViewManager (8.0.0)\n", to: "Podfile.lock", in: folder)
        let output = try runMaplint([], in: folder)
        #expect(output.status == 0)
        #expect(
            output.stdout.hasPrefix(
                "Gallery.swift:13:9: warning: PhotoCell (entry 0) never reuses views: DTCollectionViewManager 8.0.0 "
                    + "makes a registration per dequeue [registration-per-dequeue]\n"))
        #expect(output.stdout.hasSuffix("\n1 file checked: 0 errors, 1 warning, 0 notes (2 related)\n"))
        #expect(
            output.stderr
                == "maplint: Swift files in no project or package (.): 1 Swift file, 1 registration, "
                + "DTCollectionViewManager 8.0.0 from Podfile.lock\n")
    }

    /// Two registrations of one model type with no condition: the second is never used, as the
    /// first matching mapping wins (MS `mappingCandidates`, 7.4.1, 11.0.2) at 8.0.0 and at 11.0.1
    /// alike, so it stays an error; and a manager-level event before any registration attaches to
    /// none (8.0 and later, `appendMappedReaction`, DTTableViewDelegateWrapper.swift, 8.0.1, 11.0.1):
    /// a warning at both ends, so a warning.
    @Test func aFindingAtBothEndsStaysAnError() throws {
        let folder = try temporaryFolder()
        try write(
            """
            import UIKit
            import DTTableViewManager

            final class PostCell: UITableViewCell, ModelTransfer {
                func update(with model: Int) {}
            }

            final class OtherPostCell: UITableViewCell, ModelTransfer {
                func update(with model: Int) {}
            }

            final class FeedViewController: UIViewController, DTTableViewManageable {
                var tableView: UITableView!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    manager.didSelect(PostCell.self) { _, _, _ in }
                    manager.register(PostCell.self) { mapping in
                        mapping.willDisplay { _, _, _ in }
                    }
                    manager.register(OtherPostCell.self)
                }
            }

            """, to: "Feed.swift", in: folder)
        let output = try runMaplint([], in: folder)
        #expect(output.status == 1, "\(output.stdout)")
        #expect(output.stdout.hasPrefix("Feed.swift:17:9: warning: the manager-level didSelect(PostCell.self) "))
        #expect(output.stdout.contains("\nFeed.swift:21:9: error: OtherPostCell (entry 2) is never used"))
        #expect(!output.stdout.contains("the API used allows"))
        #expect(output.stdout.contains("1 file checked: 1 error, 1 warning, 0 notes"))
        #expect(
            output.stderr
                == "maplint: Swift files in no project or package (.): 1 Swift file, 2 registrations, "
                + "DTTableViewManager 8.0.0–11.0.1 (inferred from the API used: mapping.willDisplay; checked at "
                + "8.0.0 and 11.0.1)\n")
    }

    /// DT 4 code (`registerCellClass`, unavailable from 5.0.0: DTTableViewManager.swift, 5.0.0) with
    /// no pin: 4.0.0–4.8.0, checked once as the oldest version maplint models; no error.
    @Test func dt4CodeWithNoPinIsCheckedAsTheOldestVersionModelled() throws {
        let folder = try temporaryFolder()
        try write(
            """
            import UIKit
            import DTTableViewManager

            final class PostCell: UITableViewCell, ModelTransfer {
                func updateWithModel(_ model: Int) {}
            }

            final class FeedViewController: UIViewController, DTTableViewManageable {
                var tableView: UITableView!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    manager.registerCellClass(PostCell.self)
                }
            }

            """, to: "Feed.swift", in: folder)
        let output = try runMaplint([], in: folder)
        #expect(output.status == 0, "\(output.stdout)")
        #expect(
            output.stdout
                == "Feed.swift:13:9: note: the API used is that of DTTableViewManager 4.0.0–4.8.0 (inferred from the "
                + "API used: registerCellClass(PostCell.self)), older than 6.0, the oldest version maplint models: "
                + "its screens are checked as 6.0 (no mapping conditions, events matched when they fire) "
                + "[unsupported-swift]\n1 file checked: 0 errors, 0 warnings, 1 note\n")
        #expect(
            output.stderr
                == "maplint: Swift files in no project or package (.): 1 Swift file, 1 registration, "
                + "DTTableViewManager 4.0.0–4.8.0 (inferred from the API used: registerCellClass(PostCell.self); "
                + "checked as 6.0, the oldest version maplint models)\n")
    }

    /// Nothing in the code narrows the version: the target line gives the range maplint models and
    /// says the newest is only assumed.
    @Test func withNoEvidenceTheTargetLineSaysTheNewestIsAssumed() throws {
        let folder = try temporaryFolder()
        try write(
            """
            import UIKit
            import DTTableViewManager

            final class PostCell: UITableViewCell, ModelTransfer {
                func update(with model: Int) {}
            }

            final class FeedViewController: UIViewController, DTTableViewManageable {
                var tableView: UITableView!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    manager.register(PostCell.self)
                }
            }

            """, to: "Feed.swift", in: folder)
        let output = try runMaplint([], in: folder)
        #expect(output.status == 0, "\(output.stdout)")
        #expect(
            output.stderr
                == "maplint: Swift files in no project or package (.): 1 Swift file, 1 registration, "
                + "DTTableViewManager 6.0.0–11.0.1, checked as the newest (assumed: no lock file names it and no "
                + "API used narrows it)\n")
    }
}
