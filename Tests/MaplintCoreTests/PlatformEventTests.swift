import Foundation
import Testing

@testable import MaplintFindings
@testable import MaplintLint
@testable import MaplintManifest

/// Events the app's platform or the mapping's view class does not have: DT would not compile the code,
/// so each is an `unknown-event` error that says so.
@Suite struct PlatformEventTests {
    static func lint(_ text: String) -> [String] {
        Linter.lint(bytes: Array(text.utf8), file: "Screen.maplint.yml").map {
            "\($0.location.line):\($0.location.column) \($0.severity) \($0.rule): \($0.message)"
        }
    }

    static func table(target: String, version: String, events: String) -> String {
        """
        version: 1
        host: tableView
        deploymentTarget: \(target)
        libraryVersion: "\(version)"
        models:
          Post: {properties: {title: String}}
        registrations:
          - cell: PostCell
            model: Post
            events: [\(events)]
          - event: editActions
            view: PostCell
        """
    }

    /// DTTableViewManager+Delegate.swift declares the swipe-action and editing events inside `#if os(iOS)`, on the
    /// manager (`trailingSwipeActionsConfiguration(for:_:)`, `editActions(for:_:)`) and, from 8, on the mapping
    /// (`extension CellViewModelMappingProtocolGeneric`), 11.0.1; the same guards at 8.0.1 and, for the manager's
    /// methods, 6.6.0 and 7.2.0. On tvOS they do not exist; on iOS they do.
    @Test func swipeActionsAndEditingOnATVOSTableDoNotCompile() {
        let tv = Self.lint(
            Self.table(target: "tvOS 15.0", version: "11.0.1", events: "didSelect, trailingSwipeActionsConfiguration"))
        #expect(
            tv == [
                "10:25 error unknown-event: 'trailingSwipeActionsConfiguration' does not exist on tvOS: "
                    + "DTTableViewManager declares it for iOS only, so this code does not compile for the tvOS 15.0 "
                    + "target",
                "11:12 error unknown-event: 'editActions' does not exist on tvOS: DTTableViewManager declares it for "
                    + "iOS only, so this code does not compile for the tvOS 15.0 target",
            ])
        #expect(
            Self.lint(
                Self.table(
                    target: "iOS 15.0", version: "11.0.1", events: "didSelect, trailingSwipeActionsConfiguration")
            ).isEmpty)
    }

    /// DTCollectionViewManager+Delegate.swift, 11.0.0: `highlightPreview` and `dismissalPreview` of a mapping sit
    /// inside `#if os(iOS)`; `didSelect` does not. DTCollectionViewManager+Drag.swift is iOS only at 6.6.0 and
    /// 11.0.0 (`itemsForBeginningDragSession`).
    @Test func collectionContextMenuAndDragEventsOnTVOS() {
        let text = """
            version: 1
            host: collectionView
            deploymentTarget: tvOS 16.0
            libraryVersion: "11.0.0"
            models:
              Post: {properties: {title: String}}
            registrations:
              - cell: PostCell
                model: Post
                events: [didSelect, highlightPreview]
              - event: itemsForBeginningDragSession
                view: PostCell
            """
        #expect(
            Self.lint(text).map { String($0.prefix(60)) } == [
                "10:25 error unknown-event: 'highlightPreview' does not exist",
                "11:12 error unknown-event: 'itemsForBeginningDragSession' do",
            ])
    }

    /// DTTableViewManager+Delegate.swift, 8.0.1 and 10.0.0: `extension ViewModelMapping where View:
    /// UITableViewHeaderFooterView` holds `heightForHeader`, `willDisplayFooterView` and the other header and
    /// footer events of a mapping (11.0.1: `extension SupplementaryViewModelMappingProtocolGeneric where View:
    /// UITableViewHeaderFooterView`). A plain `UIView` header's mapping has none of them; the manager-level
    /// `willDisplayHeaderView(_:_:)` takes any `UIView` (`where View: UIView`), so it stays allowed.
    @Test(arguments: ["8.0.1", "11.0.1"])
    func headerEventsOnAPlainViewMappingDoNotCompile(version: String) {
        let text = """
            version: 1
            host: tableView
            libraryVersion: "\(version)"
            registrations:
              - header: PlainHeader
                model: String
                headerFooterView: false
                events: [heightForHeader]
              - footer: Footer
                model: String
                events: [willDisplayFooterView]
              - event: willDisplayHeaderView
                view: PlainHeader
                element: header
            """
        #expect(
            Self.lint(text).filter { $0.contains("unknown-event") } == [
                "8:14 error unknown-event: 'heightForHeader' does not exist on the mapping of PlainHeader, a plain "
                    + "UIView header: DTTableViewManager declares it only for UITableViewHeaderFooterView mappings, "
                    + "so this code does not compile"
            ])
    }
}

/// `viewModelMappingCustomizing:` in a manifest: at DT 6 the delegate it names picks among the candidates
/// (TableViewFactory.swift, `viewModelMapping(for:model:indexPath:)`, 6.6.0, asks
/// `mappingCustomizableDelegate?.viewModelMapping(fromCandidates:forModel:)` first; 7.0.0 no longer has it).
@Suite struct MappingCustomizingManifestTests {
    static func text(version: String) -> String {
        """
        version: 1
        host: tableView
        libraryVersion: "\(version)"
        viewModelMappingCustomizing: FeedViewController
        models:
          Post: {properties: {likes: Int}}
        registrations:
          - cell: PostCell
            model: Post
            condition: "model.likes > 1"
          - cell: PopularPostCell
            model: Post
            condition: "model.likes > 5"
        sample:
          sections:
            - items:
                - Post: {likes: 10}
        """
    }

    /// At 6 the covered registration is a note and the item with two candidates is not `ambiguous-item`; at 7
    /// the first candidate wins again: an error and a warning.
    @Test func atSixTheAppChoosesAmongTheSampleItemsCandidates() {
        #expect(
            PlatformEventTests.lint(Self.text(version: "6.6.0")) == [
                "11:5 note unreachable-registration: PopularPostCell (entry 1) comes after PostCell (entry 0), which "
                    + "matches every item it matches: FeedViewController adopts ViewModelMappingCustomizing, which "
                    + "DTTableViewManager 6.6.0 asks which of the candidate mappings to use, so the app chooses, not "
                    + "the order"
            ])
        let atSeven = PlatformEventTests.lint(Self.text(version: "7.2.0"))
        #expect(
            atSeven.map { String($0.prefix(38)) } == [
                "11:5 error unreachable-registration: P", "17:11 warning ambiguous-item: item 0 o",
            ], "\(atSeven)")
    }
}
