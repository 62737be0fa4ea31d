import Testing

@testable import MaplintLint
@testable import MaplintOutput

@Suite struct OutputFormatsTests {
    @Test func everyCommandHasDistinctFormatNamesWithTheDefaultFirst() {
        let lists = [
            OutputFormats.findings.identifiers, OutputFormats.resolution.identifiers,
            OutputFormats.collisionReport.identifiers,
        ]
        for identifiers in lists {
            #expect(Set(identifiers).count == identifiers.count, "\(identifiers)")
        }
        #expect(OutputFormats.findings.defaultFormatter.identifier == "text")
        #expect(OutputFormats.resolution.defaultFormatter.identifier == "table")
        #expect(OutputFormats.collisionReport.defaultFormatter.identifier == "markdown")
    }

    @Test func aFormatIsFoundByItsIdentifier() throws {
        for format in OutputFormats.findings.formatters {
            let found = try #require(OutputFormats.findings.formatter(identifier: format.identifier))
            #expect(ObjectIdentifier(found) == ObjectIdentifier(format))
        }
        #expect(OutputFormats.findings.formatter(identifier: "html") == nil)
        let sarif = try #require(OutputFormats.findings.formatter(identifier: "sarif"))
        let result = LintResult(files: ["a.maplint.yml"], diagnostics: [])
        #expect(sarif.init(colour: true).format(result) == FindingsSARIFFormatter().format(result))
    }

    @Test func helpListsTheFormatsInOrder() {
        #expect(OutputFormats.resolution.listed == "table, json or csv")
        #expect(OutputFormats.findings.listed == "text, json, sarif, github, junit, checkstyle or markdown")
    }
}
