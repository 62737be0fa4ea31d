import Foundation

class Post: FeedItem {
    static let maximumTitleLength = 140

    let id: Int
    var title: String
    var likes: Int
    var containsVideo: Bool
    var author: Author?
    var state: PostState
    var publishedAt: Date

    var isPopular: Bool {
        likes > 100
    }

    init(id: Int,
         title: String,
         likes: Int = 0,
         containsVideo: Bool = false,
         author: Author? = nil,
         state: PostState = .draft,
         publishedAt: Date = Date()) {
        self.id = id
        self.title = String(title.prefix(Post.maximumTitleLength))
        self.likes = likes
        self.containsVideo = containsVideo
        self.author = author
        self.state = state
        self.publishedAt = publishedAt
    }
}
