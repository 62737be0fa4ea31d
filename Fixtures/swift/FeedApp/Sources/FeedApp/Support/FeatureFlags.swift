import Foundation

struct FeatureFlags {
    var showsAds = UserDefaults.standard.bool(forKey: "feature.showsAds")
    var showsVideoBadges = true
}
