// The check DTModelStorage makes when a model-keyed event (`heightForCell(withItem:)`) is
// attached to a mapping: `{ $0 is Model.Type }` built inside the generic mapping, called with
// the event's type (ViewModelMapping.swift `modelTypeTypeCheckingBlock`, 9.1.2 and 11.0.2).
// MetatypeProgramTests compiles and runs this and compares each line with maplint's answer.
protocol FeedItem {}
protocol Pinned: FeedItem {}
class Post: FeedItem {}
class VideoPost: Post {}
struct Ad: FeedItem {}
struct Promo: Pinned {}

final class Mapping<Model> {
    let accepts: (Any.Type) -> Bool = { $0 is Model.Type }
}

func check<Event, Model>(_ event: Event.Type, _ model: Model.Type) {
    print("\(event) \(model) \(Mapping<Model>().accepts(event))")
}

check(FeedItem.self, FeedItem.self)
check(Ad.self, FeedItem.self)
check(Post.self, FeedItem.self)
check(Pinned.self, FeedItem.self)
check(Promo.self, Pinned.self)
check(VideoPost.self, Post.self)
check(Post.self, VideoPost.self)
check(Int.self, Int.self)
check(Int?.self, Int.self)
check(Int.self, Int?.self)
check(Int?.self, Int?.self)
check(String.self, Int.self)
check(VideoPost?.self, Post?.self)
check(Post?.self, VideoPost?.self)
check(Post?.self, Post?.self)
check(Ad?.self, FeedItem?.self)
check(FeedItem?.self, FeedItem?.self)
check(VideoPost.self, Post?.self)
// A mapping of `Any` or `AnyObject` takes every item (`$0 is Model`), but only its own metatype here.
check(Post.self, Any.self)
check(Int.self, Any.self)
check(Any.self, Any.self)
check(Ad.self, AnyObject.self)
check(AnyObject.self, AnyObject.self)
check(Any.self, AnyObject.self)
