import Foundation

/// Where a place in a report (`file:line:column`) links to: `report --links file|vscode|xcode`.
package struct SourceLinks: Sendable, Hashable {
    package enum Style: String, CaseIterable, Sendable {
        /// A relative link from the page to the file, with `#L12` (which GitHub's file view and
        /// some editors' previews follow; a browser opens the file).
        case file
        /// `vscode://file/ABSOLUTE/PATH:LINE:COLUMN`: Visual Studio Code opens the file at the place.
        case vscode
        /// `xcode://open?url=file://ABSOLUTE/PATH&line=LINE`: handed to Xcode, which opens the file.
        case xcode
    }

    package var style: Style
    /// The folder (absolute) the page is written to: file links are relative to it.
    var pageFolder: String

    /// - Parameter page: the file the page is written to; nil for the standard output (the links
    ///   are then relative to the current folder).
    package init(style: Style = .file, page: String? = nil) {
        self.style = style
        let current = FileManager.default.currentDirectoryPath
        let folder = page.map { (Self.absolute($0, in: current) as NSString).deletingLastPathComponent } ?? current
        pageFolder = folder.isEmpty ? "/" : folder
    }

    /// Links from a page read in `folder` (absolute, or relative to the current folder): the
    /// report of an app, written to that folder or printed.
    package init(style: Style = .file, folder: String) {
        self.style = style
        pageFolder = Self.absolute(folder.isEmpty ? "." : folder, in: FileManager.default.currentDirectoryPath)
    }

    /// The link of a place, or nil when it has no file or no line.
    package func href(_ location: SourceLocation) -> String? {
        guard !location.file.isEmpty, location.line > 0 else { return nil }
        let absolute = Self.absolute(location.file, in: FileManager.default.currentDirectoryPath)
        let line = max(location.line, 1)
        switch style {
        case .file:
            return Self.relative(absolute, from: pageFolder).split(separator: "/", omittingEmptySubsequences: false)
                .map { Self.percentEncoded(String($0)) }.joined(separator: "/") + "#L\(line)"
        case .vscode:
            return "vscode://file" + Self.percentEncoded(absolute, keepingSlashes: true)
                + ":\(line):\(max(location.column, 1))"
        case .xcode:
            return "xcode://open?url=" + Self.percentEncoded("file://" + absolute) + "&line=\(line)"
        }
    }

    static func absolute(_ path: String, in folder: String) -> String {
        let joined = path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
        return (joined as NSString).standardizingPath
    }

    /// `target` (absolute) relative to `folder` (absolute), with `../` where needed.
    static func relative(_ target: String, from folder: String) -> String {
        let to = target.split(separator: "/")
        let from = folder.split(separator: "/")
        var common = 0
        while common < to.count, common < from.count, to[common] == from[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Every byte but unreserved characters (and `/` when kept) as `%XX`, so nothing in a file
    /// name can end the attribute, start a scheme or add a query.
    static func percentEncoded(_ text: String, keepingSlashes: Bool = false) -> String {
        var encoded = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            let unreserved =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "-._~".unicodeScalars.contains(scalar) || (keepingSlashes && byte == 0x2F)
            if unreserved {
                encoded.unicodeScalars.append(scalar)
            } else {
                encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return encoded
    }
}
