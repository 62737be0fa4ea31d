import Foundation
import Testing

/// Targets of one `Podfile` that require a manager at different majors: CocoaPods installs one version of a pod
/// for all the targets of a Podfile, so `pod install` fails and no `Podfile.lock` pins both. `maplint FOLDER`
/// reads no version from it, and says why at the Podfile and on the target's line.
@Suite struct PodfileTargetsTests {
    @Test func targetsRequiringDifferentMajorsAreSaidToDisagree() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            """
            platform :ios, '13.0'

            target 'A' do
              pod 'DTTableViewManager', '~> 7.0'
            end

            target 'B' do
              pod 'DTTableViewManager', '~> 11.0'
            end

            """, to: "Podfile", in: folder)
        try write(
            """
            import UIKit
            import DTTableViewManager

            class PostCell: UITableViewCell, ModelTransfer {
                func update(with model: Int) {}
            }

            class ScreenController: UIViewController, DTTableViewManageable {
                @IBOutlet var tableView: UITableView!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    manager.register(PostCell.self)
                }
            }

            """, to: "Sources/A/Screen.swift", in: folder)
        let output = try runMaplint([], in: folder)
        #expect(output.status == 0)
        #expect(
            output.stderr
                == "maplint: Swift files in no project or package (.): 1 Swift file, 1 registration, "
                + "DTTableViewManager 11.0.1 (assumed: the targets of Podfile require versions no one version meets)\n")
        #expect(
            output.stdout.hasPrefix(
                "Podfile:4:1: note: this Podfile requires DTTableViewManager at '~> 7.0' (line 4) and '~> 11.0' "
                    + "(line 8), which no one version meets"), "\(output.stdout)")
    }
}
