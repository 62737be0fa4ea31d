import Testing

@testable import maplint_source_check

/// The access check of `make lint` on small targets: `package` only where another target uses it.
@Suite struct PackageAccessTests {
    static func check(_ files: [(String, String)], exceptions: String = "") -> [String] {
        let (read, problems) = PackageAccess.exceptions(in: exceptions, file: "package-access.txt")
        return problems
            + PackageAccess.check(
                files.map { (path: $0.0, source: $0.1) }, exceptions: read, exceptionsFile: "package-access.txt")
    }

    @Test func aDeclarationNoOtherTargetUsesShouldBeInternal() {
        let core = """
            package struct Shared { package var used: Int; package var alone: Int }
            package func helper() {}
            """
        let cli = "let value = Shared(used: 1).used\n"
        #expect(
            Self.check([("Sources/Core/A.swift", core), ("Sources/CLI/B.swift", cli)]) == [
                "Sources/Core/A.swift:1: 'alone' is package, but no other target uses it: make it internal",
                "Sources/Core/A.swift:2: 'helper' is package, but no other target uses it: make it internal",
            ])
    }

    /// A type another target receives without naming it stays package: it is in the signature of
    /// a package declaration (a result, a parameter, an enum case's value, a protocol requirement).
    @Test func aTypeInAPackageSignatureIsUsed() {
        let core = """
            package struct Failure: Error {}
            package struct Detail {}
            package struct Kind {}
            package func read() -> Result<Int, Failure> { .success(1) }
            package enum Outcome { case failed(Detail) }
            package protocol Source { var kind: Kind { get } }
            """
        let cli = "let r = read()\nlet o: Outcome? = nil\nfunc f(_ s: any Source) {}\n"
        #expect(Self.check([("Sources/Core/A.swift", core), ("Sources/CLI/B.swift", cli)]) == [])
    }

    @Test func anExceptionSilencesItsDeclarationAndAStaleOneIsReported() {
        let core = "package func witness() {}\n"
        #expect(
            Self.check(
                [("Sources/Core/A.swift", core)],
                exceptions:
                    "# comment\nCore | witness | a protocol requirement\nCore | gone | no longer there\nbad line\n"
            ) == [
                "package-access.txt:4: expected `target | name | reason`",
                "package-access.txt:3: stale exception: no package declaration 'gone' of Core is used by its own target alone",
            ])
    }

    @Test func filesOutsideATargetAndInternalDeclarationsAreNotChecked() {
        #expect(PackageAccess.target(of: "Sources/MaplintText/Lines.swift") == "MaplintText")
        #expect(PackageAccess.target(of: "Scripts/SourceCheck/main.swift") == nil)
        #expect(
            Self.check([
                ("Scripts/Tool/A.swift", "package func tool() {}\n"), ("Sources/Core/B.swift", "func f() {}\n"),
            ]) == [])
    }
}
