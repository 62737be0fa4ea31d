import Testing

@testable import MaplintSwift

/// What the declaration index reads from a file: the types and functions declared at its top
/// level, in types, extensions and `#if` blocks; not those local to code (a function's body, a
/// property's value or accessors, a subscript, a deinitializer), which no other file can name.
@Suite struct DeclarationIndexTests {
    @Test func localDeclarationsAreNotIndexed() throws {
        let (_, index) = try SyntaxTreeCacheTests.indexed(
            """
            final class Feed: UIViewController {
                struct Nested { var id: Int }
                #if DEBUG
                struct Debug {}
                func configure(_ manager: DTTableViewManager) {}
                #endif
                lazy var cells: Int = { struct InClosure {}; func help(_ manager: DTTableViewManager) {}; return 0 }()
                var computed: Int { struct InGetter {}; return 1 }
                subscript(position: Int) -> Int { struct InSubscript {}; return position }
                deinit { struct InDeinit {} }
                func load() { struct InFunction {} }
            }
            extension Feed { struct InExtension {} }
            """)
        #expect(index.typeOrder == ["Feed", "Feed.Nested", "Feed.Debug", "Feed.InExtension"])
        #expect(index.managerFunctions.map(\.name) == ["Feed.configure"])
        #expect(index["Feed"]?.properties.map(\.name) == ["cells"])
    }
}
