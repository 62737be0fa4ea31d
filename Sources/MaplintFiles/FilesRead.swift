import Foundation

/// The files this run has opened to read (manifests, configuration, baselines, projects, lock
/// files, `Package.swift`, Swift sources, xibs and storyboards: every read goes through
/// `FileReader`), by identity. `AtomicFileWriter` never replaces one of them, so no output of a
/// run (`--output`, `--write-baseline`, `report --output`) can overwrite what the run read, however
/// the path is spelled. Recording starts with `start()` (the command line does; library users and
/// tests that do not call it record nothing).
package enum FilesRead {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var recording = false
    nonisolated(unsafe) private static var identities: [FileIdentity: String] = [:]

    /// Records every file read from now on.
    package static func start() {
        lock.withLock { recording = true }
    }

    static func record(_ identity: FileIdentity, path: String) {
        lock.withLock {
            if recording, identities[identity] == nil { identities[identity] = path }
        }
    }

    /// The path a file of this identity was read under, when the run read it.
    package static func path(of identity: FileIdentity) -> String? {
        lock.withLock { identities[identity] }
    }
}
