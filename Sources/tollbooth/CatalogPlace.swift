import Foundation
import MockStore

/// Where in a catalog's text a `check` finding is, so it prints as `FILE:LINE:COLUMN: error: …`
/// as the loader's own errors do: the line of the product's `productID` key for a finding about
/// a product, the setting's key for one about a setting; none for a finding about the whole
/// file (a missing privacy policy), which stays `FILE: error: …`.
struct CatalogPlace {
    private let lines: [Substring]

    /// The text of the catalog at `path` (a `.storekit` file, or a package's
    /// `Configuration.storekit`); no places when it cannot be read again.
    init(path: String) {
        var isDirectory: ObjCBool = false
        var file = path
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            file = (path as NSString).appendingPathComponent("Configuration.storekit")
        }
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Settings keys a finding's sentence names, and the key to point at.
    private static let settingKeys = [("Storefront ", "_storefront"), ("_timeRate ", "_timeRate"),
                                      ("StoreKit error injection", "_storeKitErrors")]

    /// ":12:7" for `finding`, or "" when it has no place in the file.
    func suffix(for finding: CatalogFinding) -> String {
        place(of: finding).map { ":\($0.line):\($0.column)" } ?? ""
    }

    /// The line and column `finding` is about (1-based; the column in Unicode scalars), if any.
    func place(of finding: CatalogFinding) -> (line: Int, column: Int)? {
        if let id = finding.productID, let place = find(#""productID""#, value: #""\#(id)""#) { return place }
        for (opening, key) in Self.settingKeys where finding.message.hasPrefix(opening) {
            if let place = find(#""\#(key)""#, value: nil) { return place }
        }
        return nil
    }

    /// The first line holding `key` (followed on it by `value`, if given), and the key's column.
    private func find(_ key: String, value: String?) -> (line: Int, column: Int)? {
        for (index, line) in lines.enumerated() {
            guard let range = line.range(of: key) else { continue }
            if let value, !line[range.upperBound...].contains(value) { continue }
            return (index + 1, line.unicodeScalars.distance(from: line.startIndex, to: range.lowerBound) + 1)
        }
        return nil
    }
}
