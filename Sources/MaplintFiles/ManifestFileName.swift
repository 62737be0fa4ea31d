/// File names for extracted manifests. A Swift name can hold anything (a raw identifier such as
/// `` `x/../../OUTSIDE` ``), so the name is reduced to a slug that cannot leave the output folder:
/// letters, digits, `_`, `-` and `.` are kept, anything else becomes `_`, and a leading `.` is
/// replaced so the name is neither hidden nor `..`. A name over 255 bytes (the usual file name
/// limit) is shortened and ends in a hash of the whole name, so different long names stay apart.
package enum ManifestFileName {
    package static let suffix = ".maplint.yml"
    package static let maxBytes = 255

    package static func make(_ name: String) -> String {
        var slug = ""
        for scalar in name.unicodeScalars {
            let keep =
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_"
                || scalar == "-" || scalar == "."
            slug.unicodeScalars.append(keep && scalar != "/" ? scalar : "_")
        }
        if slug.isEmpty || slug.hasPrefix(".") { slug = "_" + slug.dropFirst(slug.hasPrefix(".") ? 1 : 0) }
        guard slug.utf8.count + suffix.utf8.count > maxBytes else { return slug + suffix }
        let hash = "-" + hexHash(name)
        var short = ""
        for scalar in slug.unicodeScalars {
            if short.utf8.count + String(scalar).utf8.count + hash.utf8.count + suffix.utf8.count > maxBytes { break }
            short.unicodeScalars.append(scalar)
        }
        return short + hash + suffix
    }

    /// 16 hex digits of the 64-bit FNV-1a hash of the name's UTF-8 bytes: stable across runs.
    static func hexHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
