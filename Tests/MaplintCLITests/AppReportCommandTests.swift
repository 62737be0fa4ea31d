import Foundation
import Testing

/// `maplint report` and `maplint resolve` on an app (Fixtures/apps): its screens as `maplint`
/// reads the app, one page with an index of the screens, the worst first, and every place linked
/// to its Swift line; per screen, which registration each example item gets.
@Suite struct AppReportCommandTests {
    /// A package with three screens: a collision on iOS 13 (an error), two intersecting
    /// conditions (a warning), and a subclass registered before its superclass (a fallback).
    static let screens = AppCommandTests.apps.appendingPathComponent("Screens")

    static func json(_ output: ProcessOutput) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stdout)")
    }

    /// The JSON report of an app says which items maplint made for each screen (it has no
    /// sample): one per registration, as `resolve --format json` writes them, with the
    /// registration it was made for, whether that one is dead, and the model in words.
    @Test func theJSONReportListsTheItemsMadeForEachScreen() throws {
        let output = try runMaplint(
            ["report", "--format", "json"], in: AppCommandTests.apps.appendingPathComponent("Monorepo"))
        let screens = try #require(try Self.json(output)["screens"] as? [[String: Any]])
        let users = try #require(screens.first { $0["name"] as? String == "UsersViewController" })
        let items = try #require((users["report"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items.map { $0["madeFor"] as? Int } == [0, 1])
        #expect(items.map { $0["synthesized"] as? Bool } == [true, true])
        #expect(items.map { $0["resolved"] as? Int } == [0, 0])
        #expect(items.map { $0["view"] as? String } == ["UserCell", "UserCell"])
        // AdminCell (entry 1) is dead: its item goes to UserCell.
        #expect(items.map { $0["forDeadRegistration"] as? Bool } == [nil, true])
        #expect(items.map { $0["example"] as? String } == ["any User", "any User"])
        // Every screen of the app has its items, one made for each of its registrations.
        for screen in screens {
            let registrations = try #require(screen["registrations"] as? [[String: Any]])
            let made = ((screen["report"] as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap {
                $0["madeFor"] as? Int
            }
            #expect(Set(made) == Set(registrations.compactMap { $0["index"] as? Int }), "\(screen["name"] ?? "")")
        }
    }

    /// SearchViewController (Fixtures/swift/FeedApp) registers PostCell and then VideoPostCell for
    /// `Post`, each with a condition maplint cannot read: each gets an item of `Post` that reaches
    /// it only if its condition holds (and, for the second, the first's does not); otherwise no
    /// registration shows it. Never claimed as certain, in JSON, Markdown and HTML alike.
    @Test func anOpaqueConditionGetsAnItemThatReachesItWhenTheConditionHolds() throws {
        let folder = AppCommandTests.apps.appendingPathComponent("../swift/FeedApp")
        let output = try runMaplint(["report", "--format", "json"], in: folder)
        let screens = try #require(try Self.json(output)["screens"] as? [[String: Any]])
        let search = try #require(screens.first { $0["name"] as? String == "SearchViewController" })
        let report = try #require(search["report"] as? [String: Any])
        let items = try #require(report["items"] as? [[String: Any]])
        #expect(items.map { $0["madeFor"] as? Int } == [0, 1])
        #expect(items.map { $0["whenConditionHolds"] as? Int } == [0, 1])
        #expect(items.map { $0["resolved"] as? Int } == [nil, nil])
        #expect(items.map { $0["example"] as? String } == ["any Post", "any Post"])
        #expect(items.map { $0["problems"] as? [String] } == [["opaque-condition"], ["opaque-condition"]])
        #expect(report["itemsNotMade"] == nil)
        // The manifest extract writes for the screen pictures it the same way (Markdown lists the items).
        let manifest = "Fixtures/swift/extracted/SearchViewController.maplint.yml"
        let markdown = try runMaplint(["report", manifest]).stdout
        #expect(
            markdown.contains(
                "| 0 | item 0 | any Post | #0 PostCell | #0 | PostCell | if its condition holds (maplint cannot read "
                    + "it); otherwise #1 if its condition holds, else no view |\n"),
            "\(markdown)")
        #expect(
            markdown.contains(
                "| 0 | item 1 | any Post | #1 VideoPostCell | #1 | VideoPostCell | if its condition holds and that of "
                    + "#0 does not (maplint cannot read them); otherwise no view |\n"))
        let html = try runMaplint(["report", "--format", "html"], in: folder).stdout
        #expect(
            html.contains(
                "<span class=\"kind\">item 1</span><span class=\"view\">VideoPostCell</span> "
                    + "<a href=\"#screen-6-registration-1\">#1</a><span class=\"model\">Post</span><span class=\"badge\">"
                    + "if its condition holds and that of #0 does not (maplint cannot read them); otherwise no view"
                    + "</span>"), "\(html)")
        #expect(html.components(separatedBy: "<div class=\"slot cell conditional\"").count == 3)
        #expect(html.contains("A dotted item is made for a registration whose condition maplint cannot read"))
        // Neither resolved nor unresolved: the count under the items says what they are.
        #expect(
            html.contains(
                "<p class=\"legend\">2 elements: 0 resolved, 0 unresolved, 0 nil, 2 only if a condition maplint "
                    + "cannot read holds; 2 with problems.</p>"))
    }

    /// A screen none of whose registrations could be read (each inside an `if`, with its note) has
    /// nothing to picture: its screen section says so, in HTML (which `make report-check` accepts
    /// in place of a picture) and in Markdown.
    @Test func aScreenWithNothingReadSaysThereIsNothingToPicture() throws {
        let folder = try temporaryFolder()
        try write(
            """
            import DTTableViewManager
            struct Post {}
            final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
            final class FeedViewController: UIViewController, DTTableViewManageable {
                var compact = false
                override func viewDidLoad() {
                    super.viewDidLoad()
                    if compact { manager.register(PostCell.self) }
                }
            }

            """, to: "Feed.swift", in: folder)
        let sentence =
            "The screen has no registration maplint could read, so there is nothing to picture: its findings name "
            + "each call that was left out and why."
        let html = try runMaplint(["report", "--format", "html"], in: folder)
        #expect(html.status == 0, "\(html.stderr)")
        #expect(html.stdout.contains("<p class=\"legend\" id=\"screen-1-screen-nothing\">\(sentence)</p>"))
        let markdown = try runMaplint(["report"], in: folder)
        #expect(markdown.stdout.contains("\n### Screen\n\n\(sentence)\n"), "\(markdown.stdout)")
    }

    @Test func theMarkdownReportIndexesTheScreensWorstFirst() throws {
        let output = try runMaplint(["report"], in: Self.screens)
        #expect(output.status == 0)
        #expect(output.stderr == "")
        try expectGolden(output.stdout, "app-report/Screens.md")
        #expect(
            output.stdout.hasPrefix(
                """
                # Registration report: Screens

                3 screens, 4 Swift files: 1 error, 1 warning, 0 notes.

                - Screens (Package.swift): 4 Swift files, 6 registrations, DTTableViewManager 11.0.1 from Package.resolved, DTCollectionViewManager 11.0.0 from Package.resolved

                ## Screens

                | screen | host | declared at | registrations | errors | warnings | notes |
                |---|---|---|---|---|---|---|
                | GalleryViewController | collectionView | [Sources/Screens/Photo Gallery/GalleryViewController.swift:5:13](Sources/Screens/Photo%20Gallery/GalleryViewController.swift#L5) | 2 | 1 | 0 | 0 |
                | TrendingViewController | tableView | [Sources/Screens/TrendingViewController.swift:5:13](Sources/Screens/TrendingViewController.swift#L5) | 2 | 0 | 1 | 0 |
                | FeedViewController | tableView | [Sources/Screens/FeedViewController.swift:5:13](Sources/Screens/FeedViewController.swift#L5) | 2 | 0 | 0 | 0 |

                ## GalleryViewController

                """))
        // Each screen's findings are listed with their places linked, and the fallback is worded as one.
        #expect(
            output.stdout.contains(
                "| warning | [Sources/Screens/TrendingViewController.swift:13:9](Sources/Screens/TrendingViewController.swift#L13) | "
                    + "`intersecting-conditions` | PopularCell (entry 0) shadows PinnedCell (entry 1)"))
        #expect(
            output.stdout.contains(
                "| 0 | [10](Sources/Screens/FeedViewController.swift#L10) | cell | VideoPostCell | VideoPost |"))
        #expect(output.stdout.contains("fallback: #0 VideoPostCell takes the items it is for"))
    }

    /// Links start from the folder of the `--output` file; every anchor of a screen is its own,
    /// and every link within the page has its target.
    @Test func theHTMLPageLinksEachPlaceFromItsOwnFolder() throws {
        let folder = try temporaryFolder()
        let page = folder.appendingPathComponent("site/registrations.html")
        try FileManager.default.createDirectory(
            at: page.deletingLastPathComponent(), withIntermediateDirectories: true)
        let output = try runMaplint(["report", "--format", "html", "--output", page.path], in: Self.screens)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == "")
        let html = try String(contentsOf: page, encoding: .utf8)
        let ids = matches(of: ##" id="([^"]*)""##, in: html)
        #expect(Set(ids).count == ids.count, "duplicate ids")
        for anchor in matches(of: ##"href="#([^"]*)""##, in: html) {
            #expect(ids.contains(anchor), "no target for #\(anchor)")
        }
        // Each screen's anchors carry its place in the index.
        #expect(ids.contains("screen-1-finding-1"))
        #expect(ids.contains("screen-3-registration-1"))
        #expect(html.contains("<a href=\"#screen-2\">TrendingViewController</a>"))
        // Every file link, relative to site/, names a file that exists, at a line of it.
        let files = matches(of: ##"href="([^"#][^"]*)#L([0-9]+)""##, in: html, group: 1)
        #expect(files.count > 10)
        for link in Set(files) {
            let path = try #require(link.removingPercentEncoding)
            let target = page.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
            #expect(FileManager.default.fileExists(atPath: target.path), "\(link)")
            #expect(!link.contains(" "))
        }
        // The page was written outside the app: its links climb to the app's folder.
        let relative = try #require(files.first)
        #expect(relative.hasPrefix("../"))
        #expect(relative.contains("Fixtures/apps/Screens/Sources/Screens/"))
    }

    /// The same page read from the current folder links without climbing.
    @Test func linksOnTheStandardOutputStartFromTheCurrentFolder() throws {
        let output = try runMaplint(["report", "--format", "html"], in: Self.screens)
        #expect(output.status == 0)
        #expect(
            output.stdout.contains(
                "<td><a class=\"place\" href=\"Sources/Screens/Photo%20Gallery/GalleryViewController.swift#L14\" "
                    + "title=\"Sources/Screens/Photo Gallery/GalleryViewController.swift:14:13\">"
                    + "<code>Sources/Screens/Photo Gallery/GalleryViewController.swift:14:13</code></a></td>"))
        #expect(output.stdout.contains("<section id=\"screen-1\">\n<h1>GalleryViewController</h1>"))
    }

    /// Each screen's `report` is the document `report --format json` writes for the manifest
    /// `extract` writes for it, and the findings are those `maplint` prints.
    @Test func theJSONReportHoldsEachScreensOwnReport() throws {
        let output = try runMaplint(["report", "--format", "json"], in: Self.screens)
        #expect(output.status == 0)
        let document = try Self.json(output)
        let screens = try #require(document["screens"] as? [[String: Any]])
        #expect(
            screens.compactMap { $0["name"] as? String } == [
                "GalleryViewController", "TrendingViewController", "FeedViewController",
            ])
        // What the target was read with, as `maplint` prints it.
        #expect(
            document["targets"] as? [String] == [
                "Screens (Package.swift): 4 Swift files, 6 registrations, DTTableViewManager 11.0.1 from "
                    + "Package.resolved, DTCollectionViewManager 11.0.0 from Package.resolved"
            ])
        let summary = try #require(document["summary"] as? [String: Int])
        #expect(summary == ["screens": 3, "files": 4, "errors": 1, "warnings": 1, "notes": 0])
        let gallery = try #require(screens.first)
        #expect(gallery["file"] as? String == "Sources/Screens/Photo Gallery/GalleryViewController.swift")
        #expect(gallery["line"] as? Int == 5)
        let registrations = try #require(gallery["registrations"] as? [[String: Any]])
        #expect(registrations.compactMap { $0["line"] as? Int } == [10, 13])
        #expect(registrations.compactMap { $0["view"] as? String } == ["PhotoCell", "AlbumCell"])

        let folder = try temporaryFolder()
        let extracted = try runMaplint(["extract", ".", "--output", folder.path], in: Self.screens)
        #expect(extracted.status == 0, "\(extracted.stderr)")
        for screen in screens {
            let name = try #require(screen["name"] as? String)
            let alone = try runMaplint(
                ["report", folder.appendingPathComponent("\(name).maplint.yml").path, "--format", "json"])
            let own = try #require(screen["report"] as? [String: Any])
            #expect(NSDictionary(dictionary: own) == NSDictionary(dictionary: try Self.json(alone)), "\(name)")
        }
        var findings: [String] = []
        for screen in screens {
            for diagnostic in try #require(screen["diagnostics"] as? [[String: Any]]) {
                findings.append(
                    "\(diagnostic["rule"] ?? "") \(diagnostic["file"] ?? ""):\(diagnostic["line"] ?? ""):"
                        + "\(diagnostic["column"] ?? "") \(diagnostic["message"] ?? "")")
            }
        }
        let linted = try AppCommandTests.findings(runMaplint(["--format", "json"], in: Self.screens))
        #expect(findings.sorted() == linted)
        #expect(linted.count == 2)
    }

    /// A repository of several apps: each screen is read with its own target's files and lock
    /// file, so the report finds what `maplint` at the root finds, and nothing under a dependency
    /// folder.
    @Test func aMonorepoIsReportedAsMaplintReadsIt() throws {
        let folder = AppCommandTests.apps.appendingPathComponent("Monorepo")
        let output = try runMaplint(["report", "--format", "json"], in: folder)
        #expect(output.status == 0)
        let document = try Self.json(output)
        let screens = try #require(document["screens"] as? [[String: Any]])
        #expect(
            screens.compactMap { $0["name"] as? String } == [
                "UsersViewController", "SettingsViewController", "GalleryViewController",
            ])
        var findings: [String] = []
        for screen in screens {
            for diagnostic in try #require(screen["diagnostics"] as? [[String: Any]]) {
                findings.append(
                    "\(diagnostic["rule"] ?? "") \(diagnostic["file"] ?? ""):\(diagnostic["line"] ?? ""):"
                        + "\(diagnostic["column"] ?? "") \(diagnostic["message"] ?? "")")
            }
        }
        #expect(findings.sorted() == (try AppCommandTests.findings(runMaplint(["--format", "json"], in: folder))))
    }

    /// What is about no one screen has its own part; nothing under Pods/ is read.
    @Test func findingsAboutNoScreenAreListedApart() throws {
        let folder = AppCommandTests.apps.appendingPathComponent("CocoaPodsApp")
        let output = try runMaplint(["report"], in: folder)
        #expect(output.status == 0)
        #expect(
            output.stdout.contains(
                """
                1 screen, 3 Swift files: 2 errors, 0 warnings, 1 note.

                - Feed (Feed.xcodeproj): 2 Swift files, 2 registrations, DTTableViewManager 7.2.0 from Podfile.lock
                - FeedKit (Feed.xcodeproj): 1 Swift file, nothing to check (no DTTableViewManager or DTCollectionViewManager code)

                ## Screens

                | screen | host | declared at | registrations | errors | warnings | notes |
                |---|---|---|---|---|---|---|
                | FeedViewController | tableView | [Feed/FeedViewController.swift:4:13](Feed/FeedViewController.swift#L4) | 2 | 2 | 0 | 0 |

                ## Findings about no one screen

                - **note** [Feed/FeedViewController 2.swift:1:1](Feed/FeedViewController%202.swift#L1): 1 Swift file is in the folder of Feed.xcodeproj but in none of its targets (this one first): not read `unsupported-swift`

                ## FeedViewController

                """), "\(output.stdout)")
        #expect(!output.stdout.contains("Pods/"))
    }

    @Test func aFolderWithoutDTCodeHasNoScreen() throws {
        let folder = AppCommandTests.apps.appendingPathComponent("NoDTApp")
        let output = try runMaplint(["report"], in: folder)
        #expect(output.status == 0)
        #expect(
            output.stdout == """
                # Registration report: NoDTApp

                0 screens, 1 Swift file: 0 errors, 0 warnings, 0 notes.

                - Plain (Plain.xcodeproj): 1 Swift file, nothing to check (no DTTableViewManager or DTCollectionViewManager code)

                ## Screens

                No screen: no type owns a DTTableViewManager or DTCollectionViewManager.

                """)
    }

    /// A folder of manifests is what `lint` checks there: each manifest is a screen, and
    /// `resolve` resolves each one's sample.
    @Test func aFolderOfManifestsHasAScreenPerManifest() throws {
        let folder = try temporaryFolder()
        for name in ["feed.maplint.yml", "table-reuse-collision.maplint.yml"] {
            try FileManager.default.copyItem(
                at: packageRoot.appendingPathComponent("Fixtures/\(name)"), to: folder.appendingPathComponent(name))
        }
        let output = try runMaplint(["report"], in: folder)
        #expect(output.status == 0)
        #expect(
            output.stdout.hasPrefix(
                """
                # Registration report: \(folder.lastPathComponent)

                2 screens, 2 manifests: 1 error, 2 warnings, 0 notes.

                ## Screens

                | screen | host | declared at | registrations | errors | warnings | notes |
                |---|---|---|---|---|---|---|
                | table-reuse-collision | tableView | [table-reuse-collision.maplint.yml:1:1](table-reuse-collision.maplint.yml#L1) | 2 | 1 | 0 | 0 |
                | feed | tableView | [feed.maplint.yml:1:1](feed.maplint.yml#L1) | 11 | 0 | 2 | 0 |

                """), "\(output.stdout)")
        let resolved = try runMaplint(["resolve"], in: folder)
        #expect(resolved.status == 0)
        #expect(resolved.stdout.hasPrefix("feed (feed.maplint.yml:1:1, table view)\n"))
        #expect(
            resolved.stdout.contains(
                "   1        1     cell     VideoPost    #6 (line 100)   LiveVideoCell         LiveVideoCell         "
                    + "fallback (entry 6 first, then 9)\n"))
        #expect(
            resolved.stdout.contains("\ntable-reuse-collision (table-reuse-collision.maplint.yml:1:1, table view)\n"))
    }

    /// Swift files and projects named are read as named, with the lock file near them.
    @Test func namedFilesAndProjectsAreReadAsNamed() throws {
        let output = try runMaplint(
            ["report", "CocoaPodsApp/Feed.xcodeproj", "--format", "json"], in: AppCommandTests.apps)
        #expect(output.status == 0)
        let document = try Self.json(output)
        #expect(
            document["targets"] as? [String] == [
                "Paths named (CocoaPodsApp/Feed.xcodeproj): 2 Swift files, 2 registrations, DTTableViewManager 7.2.0 "
                    + "from CocoaPodsApp/Podfile.lock"
            ])
        #expect(
            (document["screens"] as? [[String: Any]])?.first?["file"] as? String
                == "CocoaPodsApp/Feed/FeedViewController.swift")
    }

    /// A manifest is reported as before; two manifests are a usage error.
    @Test func aManifestIsStillOneReport() throws {
        let output = try runMaplint(["report", "Fixtures/feed.maplint.yml", "--format", "json"])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("{\n  \"pairs\": ["))
        let two = try runMaplint(["report", "Fixtures/feed.maplint.yml", "Fixtures/feed.maplint.yml"])
        #expect(two.status == 64)
        #expect(
            two.stderr.hasPrefix(
                "Error: report takes one manifest, or the folders, Xcode projects and Swift files of an app\n"))
    }

    // MARK: resolve

    /// First the items maplint makes, one per registration (the one that collides marked), then
    /// the witness of each pair that can match one item, resolved: the fallback is said as one,
    /// the pair whose first registration wins over the second is ambiguous.
    @Test func resolveListsWhichRegistrationEachWitnessGets() throws {
        let output = try runMaplint(["resolve"], in: Self.screens)
        #expect(output.status == 0)
        #expect(
            output.stdout == """
                FeedViewController (Sources/Screens/FeedViewController.swift:5:13, table view)
                   SECTION  ITEM  ELEMENT  MODEL      REGISTRATION  VIEW           REUSE ID       NOTES                             EXAMPLE
                   0        0     cell     VideoPost  #0 (line 10)  VideoPostCell  VideoPostCell  fallback (entry 0 first, then 1)  made for #0: any VideoPost
                   0        1     cell     Post       #1 (line 11)  PostCell       PostCell                                         made for #1: any Post
                   0        0     cell     VideoPost  #0 (line 10)  VideoPostCell  VideoPostCell  fallback (entry 0 first, then 1)  any VideoPost in any section
                3 elements: 3 resolved, 0 unresolved, 0 nil

                GalleryViewController (Sources/Screens/Photo Gallery/GalleryViewController.swift:5:13, collection view)
                   SECTION  ITEM  ELEMENT  MODEL  REGISTRATION  VIEW       REUSE ID  NOTES                                                       EXAMPLE
                !  0        0     cell     Photo  #0 (line 10)  PhotoCell  tile      reuse-identifier-collision (dequeues AlbumCell of entry 1)  made for #0: any Photo
                   0        1     cell     Album  #1 (line 13)  AlbumCell  tile                                                                  made for #1: any Album
                2 elements: 2 resolved, 0 unresolved, 0 nil; 1 with problems

                TrendingViewController (Sources/Screens/TrendingViewController.swift:5:13, table view)
                   SECTION  ITEM  ELEMENT  MODEL  REGISTRATION  VIEW         REUSE ID     NOTES                             EXAMPLE
                   0        0     cell     Post   #0 (line 10)  PopularCell  PopularCell                                    made for #0: a Post with likes == 101
                   0        1     cell     Post   #1 (line 13)  PinnedCell   PinnedCell                                     made for #1: a Post with isPinned == true and likes == 0
                !  0        0     cell     Post   #0 (line 10)  PopularCell  PopularCell  ambiguous-item (candidates 0, 1)  a Post with isPinned == true and likes == 101 in any section
                3 elements: 3 resolved, 0 unresolved, 0 nil; 1 with problems

                """)
        let json = try Self.json(runMaplint(["resolve", "--format", "json"], in: Self.screens))
        let screens = try #require(json["screens"] as? [[String: Any]])
        let feed = try #require(screens.first?["items"] as? [[String: Any]])
        #expect(feed.first?["synthesized"] as? Bool == true)
        #expect(feed.first?["madeFor"] as? Int == 0)
        #expect(feed.last?["synthesized"] == nil)
        #expect(feed.last?["fallback"] as? Bool == true)
        #expect(feed.last?["problems"] as? [String] == [])
        #expect(feed.last?["witnessOf"] as? [Int] == [0, 1])
        let csv = try runMaplint(["resolve", "--format", "csv"], in: Self.screens)
        #expect(
            csv.stdout == """
                screen,section,item,element,kind,model,candidates,resolved,view,reuseIdentifier,dequeuedFrom,problems,witnessOf,example
                FeedViewController,0,0,cell,,VideoPost,0 1,0,VideoPostCell,VideoPostCell,0,,,made for #0: any VideoPost
                FeedViewController,0,1,cell,,Post,1,1,PostCell,PostCell,1,,,made for #1: any Post
                FeedViewController,0,0,cell,,VideoPost,0 1,0,VideoPostCell,VideoPostCell,0,,0 1,any VideoPost in any section
                GalleryViewController,0,0,cell,,Photo,0,0,PhotoCell,tile,1,reuse-identifier-collision,,made for #0: any Photo
                GalleryViewController,0,1,cell,,Album,1,1,AlbumCell,tile,1,,,made for #1: any Album
                TrendingViewController,0,0,cell,,Post,0,0,PopularCell,PopularCell,0,,,made for #0: a Post with likes == 101
                TrendingViewController,0,1,cell,,Post,1,1,PinnedCell,PinnedCell,1,,,made for #1: a Post with isPinned == true and likes == 0
                TrendingViewController,0,0,cell,,Post,0 1,0,PopularCell,PopularCell,0,ambiguous-item,0 1,a Post with isPinned == true and likes == 101 in any section

                """)
        let trending = try #require(screens.last?["items"] as? [[String: Any]])
        #expect(trending.last?["fallback"] == nil)
        #expect(trending.last?["problems"] as? [String] == ["ambiguous-item"])
    }

    /// Every app fixture: each registration `resolve` makes an item for gets it unless the
    /// registration is dead, and a dead one is marked in the report's picture of the screen.
    @Test(arguments: ["CocoaPodsApp", "CustomPaths", "LooseFiles", "Monorepo", "Screens", "../swift/FeedApp"])
    func everyMadeItemReachesItsRegistrationOrIsMarkedDead(app: String) throws {
        let folder = AppCommandTests.apps.appendingPathComponent(app)
        let resolved = try Self.json(runMaplint(["resolve", "--format", "json"], in: folder))
        let markdown = try runMaplint(["report"], in: folder).stdout
        let screens = try #require(resolved["screens"] as? [[String: Any]])
        var made = 0
        for screen in screens {
            for item in screen["items"] as? [[String: Any]] ?? [] {
                guard let registration = item["madeFor"] as? Int else { continue }
                made += 1
                #expect(item["synthesized"] as? Bool == true)
                if item["whenConditionHolds"] as? Int == registration {
                    // Reaches it only if its opaque condition holds: marked so, not dead.
                    #expect(markdown.contains("if its condition holds"), "\(app) #\(registration)")
                } else if item["resolved"] as? Int != registration {
                    #expect(markdown.contains("dead: #\(registration) is never shown"), "\(app) #\(registration)")
                }
            }
        }
        #expect(made >= screens.count)
    }

    /// A screen that cannot be checked does not hide the others: each is listed, the one that
    /// failed with its errors, worded as Swift (status 2).
    @Test func resolveShowsEveryScreenItCouldCheck() throws {
        let folder = try temporaryFolder()
        let cells =
            "final class PostCell: UITableViewCell, ModelTransfer {\n    func update(with model: Post) {}\n}\n"
            + "struct Post {}\n"
        try write(
            "import UIKit\nimport DTTableViewManager\n\nfinal class Good: UIViewController, DTTableViewManageable {\n"
                + "    var tableView: UITableView!\n    func setUp() {\n        manager.register(PostCell.self)\n    }\n}\n"
                + cells, to: "Good.swift", in: folder)
        try write(
            "import UIKit\nimport DTTableViewManager\n\nfinal class Bad: UIViewController, DTTableViewManageable {\n"
                + "    var tableView: UITableView!\n    func setUp() {\n"
                + "        manager.register(PostCell.self) { mapping in mapping.reuseIdentifier = \"\" }\n    }\n}\n",
            to: "Bad.swift", in: folder)
        let output = try runMaplint(["resolve"], in: folder)
        #expect(output.status == 2)
        #expect(
            output.stdout.contains("Bad (Bad.swift:4:13, table view)\n  could not be checked:\n"), "\(output.stdout)")
        #expect(output.stdout.contains("mapping.reuseIdentifier must not be the empty string"), "\(output.stdout)")
        #expect(output.stdout.contains("Good (Good.swift:4:13, table view)\n   SECTION"), "\(output.stdout)")
        let json = try Self.json(runMaplint(["resolve", "--format", "json"], in: folder))
        let screens = try #require(json["screens"] as? [[String: Any]])
        #expect(screens.count == 2)
        #expect((screens.first { $0["name"] as? String == "Bad" }?["errors"] as? [Any])?.count == 1)
        let good = try #require(screens.first { $0["name"] as? String == "Good" }?["items"] as? [[String: Any]])
        #expect(good.first?["synthesized"] as? Bool == true)
        #expect(good.first?["madeFor"] as? Int == 0)
    }

    /// `--data` gives one screen's items: the screen is named with `--screen`.
    @Test func resolveReadsTheDataOfOneScreen() throws {
        let output = try runMaplint(
            ["resolve", "--screen", "TrendingViewController", "--data", "trending-data.yml"], in: Self.screens)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(
            output.stdout == """
                TrendingViewController (Sources/Screens/TrendingViewController.swift:5:13, table view)
                   SECTION  ITEM  ELEMENT  MODEL  REGISTRATION  VIEW         REUSE ID     NOTES
                   0        0     cell     Post   #0 (line 10)  PopularCell  PopularCell
                   0        1     cell     Post   #1 (line 13)  PinnedCell   PinnedCell
                !  0        2     cell     Post   #0 (line 10)  PopularCell  PopularCell  ambiguous-item (candidates 0, 1)
                !  0        3     cell     Post   -             -            -            unresolved-item
                4 elements: 3 resolved, 1 unresolved, 0 nil; 2 with problems

                """)
        let several = try runMaplint(["resolve", "--data", "trending-data.yml"], in: Self.screens)
        #expect(several.status == 64)
        #expect(
            several.stderr.hasPrefix(
                "Error: --data gives the items of one screen, but . has 3: name one with --screen "
                    + "(FeedViewController, GalleryViewController, TrendingViewController)\n"))
        let misspelt = try runMaplint(["resolve", "--screen", "TrendingViewControler"], in: Self.screens)
        #expect(misspelt.status == 64)
        #expect(
            misspelt.stderr.hasPrefix(
                "Error: no screen named 'TrendingViewControler' in . (did you mean 'TrendingViewController'?); its "
                    + "screens: FeedViewController, GalleryViewController, TrendingViewController\n"))
        // A type the screen does not declare is an error in the data file, at its place.
        let folder = try temporaryFolder()
        try write("sections:\n  - items:\n      - Photo: {}\n", to: "data.yml", in: folder)
        let wrong = try runMaplint(
            [
                "resolve", "--screen", "TrendingViewController", "--data",
                folder.appendingPathComponent("data.yml").path,
            ],
            in: Self.screens)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("data.yml:3:9: error: "), "\(wrong.stderr)")
    }

    private func matches(of pattern: String, in text: String, group: Int = 1) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: group), in: text).map { String(text[$0]) }
        }
    }
}
