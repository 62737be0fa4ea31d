class Post {
    var likes: Int = 0
    var isPinned: Bool = false
}

final class VideoPost: Post {}

struct Photo {}

struct Album {}
