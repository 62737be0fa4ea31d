import Foundation

/// Anything that can appear as a row in the feed.
protocol FeedItem {
    var id: Int { get }
}
