import UIKit
import DTTableViewManager

/// Shared registrations for screens that show the main feed.
enum FeedConfigurator {
    static func configure(_ manager: DTTableViewManager) {
        manager.register(AdCell.self) { $0.condition = .section(3) }
        manager.register(PostCell.self)
    }
}
