import DTTableViewManager
import UIKit

struct AccountSettingsNotificationPreferenceItemWithAVeryLongDescriptiveName {
    var isEnabledForEveryDeviceThatTheUserHasEverSignedInWith: Bool
}

final class NotificationPreferenceToggleTableViewCellWithAVeryLongName: UITableViewCell, ModelTransfer {
    func update(with model: AccountSettingsNotificationPreferenceItemWithAVeryLongDescriptiveName) {}
}

final class NotificationPreferenceDisabledExplanationTableViewCellWithALongName: UITableViewCell, ModelTransfer {
    func update(with model: AccountSettingsNotificationPreferenceItemWithAVeryLongDescriptiveName) {}
}

final class AccountSettingsNotificationPreferencesViewController: UIViewController, DTTableViewManageable {
    var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        manager.register(NotificationPreferenceToggleTableViewCellWithAVeryLongName.self) { mapping in
            mapping.reuseIdentifier = "notification-preference-cell-shared-between-the-two-registrations-on-purpose"
        }
        manager.register(NotificationPreferenceDisabledExplanationTableViewCellWithALongName.self) { mapping in
            mapping.reuseIdentifier = "notification-preference-cell-shared-between-the-two-registrations-on-purpose"
            mapping.condition = .custom { _, model in
                guard let item = model as? AccountSettingsNotificationPreferenceItemWithAVeryLongDescriptiveName else {
                    return false
                }
                return !item.isEnabledForEveryDeviceThatTheUserHasEverSignedInWith
            }
        }
    }
}
