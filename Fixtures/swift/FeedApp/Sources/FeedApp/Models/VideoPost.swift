import Foundation

final class VideoPost: Post {
    var duration: Double

    init(id: Int, title: String, duration: Double, author: Author? = nil) {
        self.duration = duration
        super.init(id: id, title: title, containsVideo: true, author: author, state: .published)
    }
}
