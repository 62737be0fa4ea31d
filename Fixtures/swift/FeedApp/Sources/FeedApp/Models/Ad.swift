import Foundation

struct Ad: FeedItem {
    let id: Int
    var sponsor: String
}
