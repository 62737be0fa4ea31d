/// The types of Apple's frameworks an app uses as models and views (UIKit, Foundation, Core Data,
/// SwiftUI, and the frameworks under them): known by name, never "not declared in the files read".
package enum PlatformTypes {
    /// The framework that declares a type.
    package enum Framework: String, Sendable {
        case uiKit = "UIKit"
        case foundation = "Foundation"
        case coreData = "Core Data"
        case swiftUI = "SwiftUI"
        case coreGraphics = "Core Graphics"
        case coreLocation = "Core Location"
        case mapKit = "MapKit"
        case photos = "Photos"
        case swift = "the Swift standard library"
    }

    /// A known type: its framework, and for a class its superclass (nil for a root class or a
    /// value type).
    package struct Known: Sendable {
        package var framework: Framework
        package var superclass: String?
    }

    /// Whether `name` (possibly qualified, `UIKit.UIColor`) is a type of Apple's frameworks.
    package static func isKnown(_ name: String) -> Bool { known(name) != nil }

    /// The facts of a known type, or nil.
    package static func known(_ name: String) -> Known? {
        let bare = unqualified(name)
        if let superclass = classes[bare] { return Known(framework: framework(of: bare), superclass: superclass) }
        if let framework = values[bare] { return Known(framework: framework, superclass: nil) }
        return nil
    }

    /// The name of a class of the frameworks, without its module (`CoreData.NSManagedObject` →
    /// `NSManagedObject`); nil for any other name, a value type of the frameworks included.
    package static func className(_ name: String) -> String? {
        let bare = unqualified(name)
        return classes[bare] != nil ? bare : nil
    }

    /// The superclass chain of a known class, nearest first (`UICollectionViewListCell` →
    /// `UICollectionViewCell`, `UICollectionReusableView`, `UIView`, `UIResponder`, `NSObject`).
    package static func ancestors(of name: String) -> [String] {
        var chain: [String] = []
        var current = unqualified(name)
        while let parent = classes[current] ?? nil, !chain.contains(parent) {
            chain.append(parent)
            current = parent
        }
        return chain
    }

    /// `UIKit.UIColor` → `UIColor`: the modules that declare these types.
    private static func unqualified(_ name: String) -> String {
        for module in ["UIKit.", "Foundation.", "CoreData.", "SwiftUI.", "Swift.", "CoreGraphics.", "MapKit."]
        where name.hasPrefix(module) {
            return String(name.dropFirst(module.count))
        }
        return name
    }

    private static func framework(of className: String) -> Framework {
        if className.hasPrefix("UI") { return .uiKit }
        if className.hasPrefix("NSManaged") || className.hasPrefix("NSFetched") || className.hasPrefix("NSPersistent") {
            return .coreData
        }
        if className.hasPrefix("CL") { return .coreLocation }
        if className.hasPrefix("MK") { return .mapKit }
        if className.hasPrefix("PH") { return .photos }
        return .foundation
    }

    /// Classes → their superclass (nil for a root class). The view classes follow UIKit's
    /// hierarchy, which decides what DT dequeues and which events it refuses (`UIKitViews`).
    private static let classes: [String: String?] = [
        "NSObject": nil,
        // UIKit views
        "UIResponder": "NSObject", "UIView": "UIResponder", "UIControl": "UIView",
        "UITableViewCell": "UIView", "UITableViewHeaderFooterView": "UIView",
        "UICollectionReusableView": "UIView", "UICollectionViewCell": "UICollectionReusableView",
        "UICollectionViewListCell": "UICollectionViewCell", "UILabel": "UIView", "UIImageView": "UIView",
        "UIButton": "UIControl", "UISwitch": "UIControl", "UITextField": "UIControl", "UISlider": "UIControl",
        "UIStackView": "UIView", "UIScrollView": "UIView", "UITableView": "UIScrollView",
        "UICollectionView": "UIScrollView", "UITextView": "UIScrollView",
        "UIViewController": "UIResponder", "UITableViewController": "UIViewController",
        "UICollectionViewController": "UIViewController",
        // UIKit values that are classes
        "UIColor": "NSObject", "UIImage": "NSObject", "UIFont": "NSObject", "UIBezierPath": "NSObject",
        "UIAction": "NSObject", "UIMenu": "NSObject",
        // Foundation classes
        "NSString": "NSObject", "NSNumber": "NSObject", "NSAttributedString": "NSObject",
        "NSMutableAttributedString": "NSAttributedString", "NSDate": "NSObject", "NSURL": "NSObject",
        "NSData": "NSObject", "NSError": "NSObject", "NSArray": "NSObject", "NSDictionary": "NSObject",
        "NSIndexPath": "NSObject", "NSValue": "NSObject", "NSNull": "NSObject", "Bundle": "NSObject",
        "NSSet": "NSObject", "Progress": "NSObject", "Operation": "NSObject",
        // Core Data
        "NSManagedObject": "NSObject", "NSManagedObjectID": "NSObject", "NSManagedObjectContext": "NSObject",
        "NSFetchedResultsController": "NSObject", "NSPersistentContainer": "NSObject",
        // Location, maps, photos
        "CLLocation": "NSObject", "CLPlacemark": "NSObject", "MKMapItem": "NSObject", "PHAsset": "NSObject",
    ]

    /// Value types (and protocols) of the frameworks, by name.
    private static let values: [String: Framework] = [
        "URL": .foundation, "Date": .foundation, "Data": .foundation, "UUID": .foundation,
        "Decimal": .foundation, "IndexPath": .foundation, "IndexSet": .foundation, "Locale": .foundation,
        "TimeZone": .foundation, "Calendar": .foundation, "DateComponents": .foundation,
        "DateInterval": .foundation, "Measurement": .foundation, "AttributedString": .foundation,
        "URLRequest": .foundation, "CharacterSet": .foundation, "TimeInterval": .foundation,
        "NSRange": .foundation, "CGFloat": .coreGraphics, "CGRect": .coreGraphics, "CGSize": .coreGraphics,
        "CGPoint": .coreGraphics, "CLLocationCoordinate2D": .coreLocation,
        "NSDiffableDataSourceSnapshot": .uiKit, "UIEdgeInsets": .uiKit, "NSDirectionalEdgeInsets": .uiKit,
        "UIContentConfiguration": .uiKit, "UIListContentConfiguration": .uiKit,
        "UIBackgroundConfiguration": .uiKit,
        "Color": .swiftUI, "Image": .swiftUI, "Text": .swiftUI, "AnyView": .swiftUI, "View": .swiftUI,
        "Character": .swift, "Float": .swift, "Int64": .swift, "Int32": .swift, "UInt": .swift,
        "Substring": .swift, "AnyHashable": .swift,
    ]
}
