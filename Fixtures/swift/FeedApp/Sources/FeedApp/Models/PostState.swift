import Foundation

enum PostState {
    case draft, published, archived
}

enum BadgeKind: String {
    case new = "new"
    case hot
}
