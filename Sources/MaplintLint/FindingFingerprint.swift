import MaplintFindings

/// How a finding is recognised across runs, by the baseline and by SARIF's `partialFingerprints`.
package enum FindingFingerprint {
    /// Stable across edits elsewhere in the file: the rule, the file and the message with its
    /// numbers (lines, entry indexes) removed, hashed with 64-bit FNV-1a.
    package static func of(_ diagnostic: Diagnostic) -> String {
        let message = String(diagnostic.message.unicodeScalars.filter { !("0"..."9").contains($0) }.map(Character.init))
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in "\(diagnostic.rule)|\(diagnostic.location.file)|\(message)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
