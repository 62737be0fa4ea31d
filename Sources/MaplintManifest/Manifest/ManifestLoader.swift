import Foundation
import MaplintFiles
import MaplintFindings
import MaplintYAML

/// A manifest read from disk with everything found on the way. `manifest` is nil when the file
/// could not be checked (unreadable, YAML syntax error, schema error).
package struct ManifestLoadResult: Sendable {
    package var file: String
    package var manifest: Manifest?
    package var diagnostics: [Diagnostic]
    /// The parsed YAML, when the file could be parsed: suppression comments are read from its source.
    package var document: YAMLDocument?

    package init(file: String, manifest: Manifest?, diagnostics: [Diagnostic]) {
        self.file = file
        self.manifest = manifest
        self.diagnostics = diagnostics
    }
}

package enum ManifestLoader {
    /// Reads, parses and decodes a manifest; with `dataPath`, its sample data replaces the manifest's.
    package static func load(
        path: String, dataPath: String? = nil, limits: LoaderLimits = .default
    ) -> ManifestLoadResult {
        let bytes: [UInt8]
        switch readFile(path, limits: limits) {
        case .success(let contents): bytes = contents
        case .failure(let diagnostic): return ManifestLoadResult(file: path, manifest: nil, diagnostics: [diagnostic])
        }
        return load(bytes: bytes, file: path, dataPath: dataPath, limits: limits)
    }

    /// A manifest from its bytes; with `dataPath`, the sample data of that file replaces the manifest's.
    package static func load(
        bytes: [UInt8], file path: String, dataPath: String?, limits: LoaderLimits = .default
    ) -> ManifestLoadResult {
        var result = load(bytes: bytes, file: path, limits: limits)
        if let dataPath, var manifest = result.manifest {
            switch readFile(dataPath, limits: limits) {
            case .failure(let diagnostic):
                result.diagnostics.append(diagnostic)
                result.manifest = nil
            case .success(let data):
                let (sample, diagnostics) = ManifestDecoder.decodeSampleData(
                    bytes: data, file: dataPath, for: manifest, limits: limits)
                result.diagnostics += diagnostics
                if let sample {
                    manifest.sample = sample
                    result.manifest = manifest
                } else {
                    result.manifest = nil
                }
            }
        }
        return result
    }

    /// `manifest` with the sample of the `--data` file at `dataPath` (a screen read from Swift,
    /// which has none of its own), or nil and the diagnostics that say why.
    package static func replacingSample(
        of manifest: Manifest, dataPath: String, limits: LoaderLimits = .default
    ) -> (manifest: Manifest?, diagnostics: [Diagnostic]) {
        switch readFile(dataPath, limits: limits) {
        case .failure(let diagnostic): return (nil, [diagnostic])
        case .success(let data):
            let (sample, diagnostics) = ManifestDecoder.decodeSampleData(
                bytes: data, file: dataPath, for: manifest, limits: limits)
            guard let sample else { return (nil, diagnostics) }
            var manifest = manifest
            manifest.sample = sample
            return (manifest, diagnostics)
        }
    }

    package static func load(bytes: [UInt8], file: String, limits: LoaderLimits = .default) -> ManifestLoadResult {
        load(bytes: bytes, file: file, limits: limits, sink: nil)
    }

    /// - Parameter sink: takes the sample's elements as they are read when every other key
    ///   comes before `sample` (its `finish()` is called if so); the manifest's sections then
    ///   hold no items.
    package static func load(
        bytes: [UInt8], file: String, limits: LoaderLimits = .default, sink: (any SampleElementSink)?
    ) -> ManifestLoadResult {
        // The sample is read from the parser's events, without nodes: for a large sample they
        // would be most of the memory. The rest keeps its nodes (the edits of `--fix` need the
        // registrations'); the suppression scanner gets the extents of the sample's scalars.
        let sample = SampleReader(owner: .manifest, file: file, limits: limits, sink: sink)
        switch YAMLLoader.load(
            bytes: bytes, file: file, limits: limits, diversion: YAMLDiversion(key: "sample", consumer: sample))
        {
        case .failure(let error):
            return ManifestLoadResult(file: file, manifest: nil, diagnostics: error.diagnostics)
        case .success(let document):
            var (manifest, diagnostics) = ManifestDecoder.decode(document, limits: limits, sample: sample)
            if let origin = SwiftOrigin.read(document) { manifest?.apply(origin) }
            var result = ManifestLoadResult(file: file, manifest: manifest, diagnostics: diagnostics)
            result.document = document
            return result
        }
    }

    /// The bytes of a file, or a diagnostic saying plainly why they cannot be had (see `FileReader`).
    package static func readFile(
        _ path: String, limits: LoaderLimits = .default, noun: String = "manifest file"
    ) -> Result<[UInt8], Diagnostic> {
        FileReader.read(path, limit: limits.maxFileSize, noun: noun).mapError {
            .invalidManifest($0.message, at: SourceLocation(file: path, line: 1, column: 1))
        }
    }
}
