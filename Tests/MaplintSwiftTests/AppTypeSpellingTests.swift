import MaplintFindings
import MaplintLibrary
import MaplintManifest
import Testing

@testable import MaplintSwift

/// Conditions and types as apps write them: the typed `Cell.modelCondition { … }` helper,
/// `.section(Enum.case.rawValue)`, cells whose model is `Any` or `AnyObject`, and generic cells
/// registered with their arguments.
@Suite struct AppTypeSpellingTests {
    /// A table screen whose `viewDidLoad` is `body`, with `postDeclarations` and `more`.
    private func extracted(_ body: String, _ more: String = "") throws -> ManifestDraft {
        try onlyManifest(extract(tableScreen(body) + "\n" + more, version: "7.2.0"))
    }

    /// DTModelStorage's static `modelCondition(_:)` (ModelTransfer.swift, extension `ModelTransfer`,
    /// 7.4.1, 8.0.0, 11.0.2; first in 7.2.0) returns `.custom`, whose closure gives false unless
    /// `model as? ModelType` succeeds and else calls the app's closure with the cast model. With the
    /// cell's own `ModelType` that is the mapping's model type it says what `.custom` says.
    @Test func aTypedModelConditionOfTheCellIsReadLikeCustom() throws {
        let manifest = try extracted(
            """
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = PostCell.modelCondition { _, post in post.likes > 1000 }
                    }
                    manager.register(PostCell.self) { $0.condition = PostCell.modelCondition({ indexPath, post in
                        indexPath.row == 0 && post.title.isEmpty
                    }) }
                    manager.register(PostCell.self) { $0.condition = TeaserCell.modelCondition { _, post in post.likes < 3 } }
            """,
            """
            final class TeaserCell: UITableViewCell, ModelTransfer {
                typealias ModelType = Post
                func update(with model: Post) {}
            }
            """)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    condition: "model.likes > 1000"
                  - cell: PostCell
                    model: Post
                    condition: "indexPath.row == 0 && model.title.isEmpty"
                  - cell: PostCell
                    model: Post
                    condition: "model.likes < 3"
                """)
        #expect(manifest.notes.isEmpty, "\(describe(manifest.notes))")
    }

    /// Where the helper's cell casts to another model type, or its model type is not read, the
    /// condition is not the closure alone: opaque, with a note that says why.
    @Test func aTypedModelConditionOfAnotherModelTypeStaysOpaque() throws {
        let manifest = try extracted(
            """
                    manager.register(PostCell.self) { $0.condition = CountCell.modelCondition { _, count in count > 1 } }
                    manager.register(PostCell.self) { $0.condition = ForeignCell.modelCondition { _, post in post.likes > 1 } }
            """,
            """
            final class CountCell: UITableViewCell, ModelTransfer {
                func update(with model: Int) {}
            }
            """)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    opaqueCondition: "CountCell.modelCondition { _, count in count > 1 }"
                  - cell: PostCell
                    model: Post
                    opaqueCondition: "ForeignCell.modelCondition { _, post in post.likes > 1 }"
                """)
        #expect(
            describe(manifest.notes) == [
                "3:58 `CountCell.modelCondition` casts the model to `Int`, the model type of `CountCell`, not to the "
                    + "mapping's `Post`: kept as an opaque condition, analysed as unknown",
                "4:58 `ForeignCell.modelCondition` casts the model to the `ModelType` of `ForeignCell`, which is not "
                    + "known here: kept as an opaque condition, analysed as unknown",
            ])
    }

    /// `.section(Section.posts.rawValue)`: Swift gives an `Int` raw value enum's cases the raw
    /// value written, else one more than the previous case's, from 0.
    @Test func aSectionFromAnIntEnumCaseIsItsRawValue() throws {
        let manifest = try extracted(
            """
                    manager.register(PostCell.self) { $0.condition = .section(Section.header.rawValue) }
                    manager.register(PostCell.self) { $0.condition = .section(Section.posts.rawValue) }
                    manager.register(PostCell.self) { $0.condition = .section(Section.footer.rawValue) }
                    manager.register(PostCell.self) { $0.condition = .section(Layout.Rows.second.rawValue) }
                    manager.register(PostCell.self) { $0.condition = .section(Rows.first.rawValue) }
            """,
            """
            enum Section: Int {
                case header
                case posts = 4, footer
            }
            enum Layout {
                enum Rows: Int { case first = 7, second }
            }
            extension FeedViewController {
                enum Rows: Int { case first = 2 }
            }
            """)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    section: 0
                  - cell: PostCell
                    model: Post
                    section: 4
                  - cell: PostCell
                    model: Post
                    section: 5
                  - cell: PostCell
                    model: Post
                    section: 8
                  - cell: PostCell
                    model: Post
                    section: 2
                """)
        #expect(manifest.notes.isEmpty, "\(describe(manifest.notes))")
    }

    /// An enum that is not declared here, has `String` raw values, lacks the case, or is declared
    /// twice stays opaque, with the note the other non-literal sections get.
    @Test func aSectionFromAnEnumNotReadStaysOpaque() throws {
        let manifest = try extracted(
            """
                    manager.register(PostCell.self) { $0.condition = .section(Kind.posts.rawValue) }
                    manager.register(PostCell.self) { $0.condition = .section(Elsewhere.posts.rawValue) }
                    manager.register(PostCell.self) { $0.condition = .section(Section.missing.rawValue) }
            """,
            """
            enum Kind: String { case posts }
            enum Section: Int { case posts }
            """)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                    opaqueCondition: ".section(Kind.posts.rawValue)"
                  - cell: PostCell
                    model: Post
                    opaqueCondition: ".section(Elsewhere.posts.rawValue)"
                  - cell: PostCell
                    model: Post
                    opaqueCondition: ".section(Section.missing.rawValue)"
                """)
        #expect(
            describe(manifest.notes) == [
                "3:58 the section in `.section(Kind.posts.rawValue)` is not an integer literal: kept as an opaque "
                    + "condition, analysed as unknown",
                "4:58 the section in `.section(Elsewhere.posts.rawValue)` is not an integer literal: kept as an opaque "
                    + "condition, analysed as unknown",
                "5:58 the section in `.section(Section.missing.rawValue)` is not an integer literal: kept as an opaque "
                    + "condition, analysed as unknown",
            ])
    }

    /// A cell whose model is `Any` or `AnyObject` is registered with that model; neither is
    /// declared under `models:`, every model is one.
    @Test func cellsOfAnyAndAnyObjectKeepTheirModel() throws {
        let manifest = try extracted(
            """
                    manager.register(AnythingCell.self)
                    manager.register(ObjectCell.self)
            """,
            """
            final class AnythingCell: UITableViewCell, ModelTransfer {
                typealias ModelType = Any
                func update(with model: Any) {}
            }
            final class ObjectCell: UITableViewCell, ModelTransfer {
                func update(with model: AnyObject) {}
            }
            """)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: AnythingCell
                    model: Any
                  - cell: ObjectCell
                    model: AnyObject
                """)
        #expect(manifest.notes.isEmpty, "\(describe(manifest.notes))")
    }

    /// `register(ValueCell<String>.self)`: DT's mapping is for that specialisation, its model the
    /// argument, its reuse identifier `String(describing: ValueCell<String>.self)`, which swiftc
    /// 6.3 prints `ValueCell<String>`, each type by its own name (`ValueCell<Post>` for
    /// `ValueCell<Feed.Post>`): `reuseIdentifier = String(describing: T.self)`, ViewModelMapping.swift
    /// `init(viewType:viewClass:…)`, DTModelStorage 7.4.1, 8.0.0.
    @Test func genericCellsAreOneViewPerSpecialisation() throws {
        let manifest = try extracted(
            """
                    manager.register(ValueCell<String>.self)
                    manager.register(ValueCell<Int>.self)
                    manager.register(ValueCell<Feed.Story>.self)
                    manager.register(PairCell<Int, Post>.self)
            """,
            """
            final class ValueCell<T>: UITableViewCell, ModelTransfer {
                func update(with model: T) {}
            }
            final class PairCell<Key, Value>: UITableViewCell, ModelTransfer {
                typealias ModelType = Value
                func update(with model: Value) {}
            }
            enum Feed { struct Story {} }
            """)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: "ValueCell<String>"
                    model: String
                  - cell: "ValueCell<Int>"
                    model: Int
                  - cell: "ValueCell<Feed.Story>"
                    model: Feed.Story
                    reuseIdentifier: "ValueCell<Story>"
                  - cell: "PairCell<Int, Post>"
                    model: Post
                """)
        #expect(manifest.notes.isEmpty, "\(describe(manifest.notes))")
    }

    /// A specialisation whose `String(describing:)` is not worked out here (an array or optional
    /// argument, which Swift prints `Array<String>`, `Optional<String>`), a class not read, or a
    /// count of arguments that is not the class's: left out, with a note that says which.
    @Test func genericCellsNotReadAreNotedAsSuch() throws {
        let result = extract(
            tableScreen(
                """
                        manager.register(ValueCell<[String]>.self)
                        manager.register(ValueCell<String?>.self)
                        manager.register(ForeignCell<Int>.self)
                        manager.register(ValueCell<Int, Int>.self)
                        manager.register(PostCell.self)
                """) + "\nfinal class ValueCell<T>: UITableViewCell, ModelTransfer { func update(with model: T) {} }\n",
            version: "7.2.0")
        let manifest = try onlyManifest(result)
        #expect(
            registrationsYAML(manifest) == """
                registrations:
                  - cell: PostCell
                    model: Post
                """)
        #expect(
            describe(manifest.notes) == [
                "3:9 an argument of `ValueCell<[String]>` is not a type name (`Post`, `Feed.Post`), so the name DT gives "
                    + "the view (`String(describing:)`) is not worked out: it is not extracted",
                "4:9 an argument of `ValueCell<String?>` is not a type name (`Post`, `Feed.Post`), so the name DT gives "
                    + "the view (`String(describing:)`) is not worked out: it is not extracted",
                "5:9 the generic class of `ForeignCell<Int>` is not declared in the files read: it is not extracted",
                "6:9 `ValueCell<Int, Int>` gives 2 generic arguments to a class of 1: it is not extracted",
            ])
    }

    /// `String(describing:)` of a generic class names every type by its own name, with no module
    /// (swiftc 6.3: `PairCell<Int, Feed.Post>.self` prints `PairCell<Int, Post>`,
    /// `Outer.Inner<PairCell<Int, Feed.Post>>.self` prints `Inner<PairCell<Int, Post>>`).
    @Test func theNameDTGivesAGenericClassIsWhatSwiftPrints() {
        #expect(DTNames.describing("ValueCell<String>") == "ValueCell<String>")
        #expect(DTNames.describing("PairCell<Int, Feed.Post>") == "PairCell<Int, Post>")
        #expect(DTNames.describing("Outer.Inner<PairCell<Int, Feed.Post>>") == "Inner<PairCell<Int, Post>>")
        #expect(DTNames.describing("App.Feed.PostCell") == "PostCell")
    }
}
