import MaplintCore
import MaplintSwift

/// `SwiftExtractor`, in the terms of the commands.
struct SwiftSyntaxReader: SwiftSourceReader {
    func extract(_ request: SwiftExtractionRequest) -> SwiftExtraction {
        let result = SwiftExtractor.extract(
            paths: request.paths, deploymentTarget: request.deploymentTarget, libraryVersion: request.libraryVersion,
            accept: request.accept, target: request.target, followLinks: request.followLinks,
            overriding: request.overriding)
        return SwiftExtraction(
            manifests: result.manifests.map { manifest in
                SwiftExtraction.Manifest(name: manifest.name) { folder in
                    ManifestWriter(folder: folder).text(of: manifest)
                }
            },
            notes: result.notes + result.manifests.flatMap(\.notes),
            problems: result.problems, files: result.files,
            nothingFound: { paths in SwiftExtractor.nothingFound(in: paths, result: result) },
            lint: { resources, configuration, sources in
                SwiftExtractor.lint(result, resources: resources, configuration: configuration, sources: sources)
            })
    }
}
