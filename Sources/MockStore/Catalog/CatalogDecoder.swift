import Foundation

/// Reads typed values out of a parsed `.storekit` tree, turning every surprise into a
/// `CatalogError` that names the file, line and column.
///
/// Hand-written rather than `Codable` because `Codable` loses positions and, with them, the
/// ability to tell a developer *where* `displayPrice` is a number instead of a string.
struct CatalogDecoder {
    let bytes: [UInt8]
    /// The file as the caller named it.
    let file: String
    private(set) var warnings: [String] = []
    private var suppressedWarnings = 0

    /// Warnings carry positions, and each costs a scan of the file; a cap keeps a hostile file
    /// with thousands of odd keys from making loading quadratic.
    static let warningLimit = 50

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    // MARK: - Reporting

    func error(_ kind: CatalogError.Kind, at offset: Int, _ problem: String,
               fix: String = CatalogError.resaveFix) -> CatalogError {
        .at(offset, in: bytes, file: file, kind: kind, problem: problem, fix: fix)
    }

    /// Records a non-fatal remark for `catalog.warnings`, located when `offset` is given.
    mutating func warn(at offset: Int?, _ message: String) {
        guard warnings.count < Self.warningLimit else {
            suppressedWarnings += 1
            return
        }
        let file = SourceText.path(file)
        if let offset {
            let (line, column) = SourceText.lineAndColumn(in: bytes, at: offset)
            warnings.append("\(file):\(line):\(column): \(message).")
        } else {
            warnings.append("\(file): \(message).")
        }
    }

    /// The warnings, with a closing note when some were left out.
    var finalWarnings: [String] {
        suppressedWarnings == 0 ? warnings
            : warnings + ["\(SourceText.path(file)): \(suppressedWarnings) more warnings were not listed."]
    }

    func wrongType(_ key: String, of what: String, is node: JSONNode, expected: String) -> CatalogError {
        error(.invalidValue, at: node.offset,
              "`\(key)` of \(what) should be \(expected), but it is \(node.kindDescription)")
    }

    func missing(_ key: String, of what: String, at offset: Int, fix: String = CatalogError.resaveFix) -> CatalogError {
        error(.missingValue, at: offset, "\(what) has no `\(key)`", fix: fix)
    }

    // MARK: - Typed access

    /// The node itself, required to be an object (array elements, nested blocks).
    func requireObject(_ node: JSONNode, _ what: String) throws(CatalogError) -> JSONNode {
        guard case .object = node.value else {
            throw error(.invalidValue, at: node.offset, "\(what) should be an object, but it is \(node.kindDescription)")
        }
        return node
    }

    /// A string member; nil when absent or `null` (Xcode 13 writes `referenceName: null`).
    func string(_ key: String, in object: JSONNode, of what: String) throws(CatalogError) -> String? {
        guard let node = object[key] else { return nil }
        switch node.value {
        case .string(let text): return text
        case .null: return nil
        default: throw wrongType(key, of: what, is: node, expected: "a string")
        }
    }

    /// A string member Xcode always writes.
    func requiredString(_ key: String, in object: JSONNode, of what: String) throws(CatalogError) -> String {
        guard let value = try string(key, in: object, of: what) else {
            throw missing(key, of: what, at: object[key]?.offset ?? object.offset)
        }
        return value
    }

    func bool(_ key: String, in object: JSONNode, of what: String) throws(CatalogError) -> Bool? {
        guard let node = object[key] else { return nil }
        switch node.value {
        case .bool(let flag): return flag
        case .null: return nil
        default: throw wrongType(key, of: what, is: node, expected: "true or false")
        }
    }

    func int(_ key: String, in object: JSONNode, of what: String) throws(CatalogError) -> Int? {
        guard let node = object[key] else { return nil }
        if node.isNull { return nil }
        return try int(node, key: key, of: what)
    }

    /// A whole number; `1.0` and `1e2` are accepted because they are whole, `1.5` is not.
    func int(_ node: JSONNode, key: String, of what: String) throws(CatalogError) -> Int {
        guard case .number(let text) = node.value else {
            throw wrongType(key, of: what, is: node, expected: "a whole number")
        }
        if let value = Int(text) { return value }
        if let double = Double(text), double.rounded() == double, abs(double) < 9_007_199_254_740_992 {
            return Int(double)
        }
        throw error(.invalidValue, at: node.offset, "`\(key)` of \(what) should be a whole number, but it is \(text.count > 24 ? String(text.prefix(24)) + "…" : text)")
    }

    /// An array member; empty when absent or `null` (older files omit `codeOffers`, v5 omits
    /// `introductoryOffer`…).
    func array(_ key: String, in object: JSONNode, of what: String) throws(CatalogError) -> [JSONNode] {
        guard let node = object[key] else { return [] }
        switch node.value {
        case .array(let elements): return elements
        case .null: return []
        default: throw wrongType(key, of: what, is: node, expected: "an array")
        }
    }

    // MARK: - Domain values

    private static let posix = Locale(identifier: "en_US_POSIX")

    /// A `displayPrice`: a JSON string holding a plain decimal (`"0.99"`, `"300"`, `"0.5"`).
    /// It is never read as a locale-formatted number: the currency comes from the storefront.
    func price(_ key: String, in object: JSONNode, of what: String) throws(CatalogError) -> Decimal? {
        guard let node = object[key], !node.isNull else { return nil }
        return try price(node, key: key, of: what)
    }

    func price(_ node: JSONNode, key: String, of what: String) throws(CatalogError) -> Decimal {
        let text: String
        switch node.value {
        case .string(let value): text = value
        case .number(let raw):
            throw error(.invalidValue, at: node.offset,
                        "`\(key)` of \(what) is the number \(raw.prefix(24)), but Xcode writes prices as strings",
                        fix: "put it in double quotes, like \"\(raw.prefix(24))\"")
        default:
            throw wrongType(key, of: what, is: node, expected: "a decimal string like \"0.99\"")
        }
        // `Decimal(string:)` stops at the first bad character ("4.99abc" gives 4.99), so check the
        // whole text first.
        guard Self.isPlainDecimal(text), let value = Decimal(string: text, locale: Self.posix) else {
            throw error(.invalidValue, at: node.offset,
                        "`\(key)` \(SourceText.quoted(text, limit: 24)) of \(what) is not a decimal number",
                        fix: "write digits with an optional '.' and no currency symbol or grouping, like \"4.99\" or \"300\"")
        }
        return value
    }

    /// `digits[.digits]`, with lengths far beyond any real price rejected rather than rounded.
    static func isPlainDecimal(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return false }
        guard parts[0].count >= 1, parts[0].count <= 18 else { return false }
        if parts.count == 2, !(1...10).contains(parts[1].count) { return false }
        return parts.allSatisfy { $0.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
    }

    /// An ISO-8601 period such as `P1M`; anything else names the periods App Store accepts.
    func period(_ key: String, in object: JSONNode, of what: String) throws(CatalogError) -> SubscriptionPeriod? {
        guard let node = object[key], !node.isNull else { return nil }
        guard case .string(let text) = node.value else {
            throw wrongType(key, of: what, is: node, expected: "an ISO-8601 period string like \"P1M\"")
        }
        // Above 1000 the value is certainly a typo, and it would overflow date arithmetic later.
        guard let period = SubscriptionPeriod(iso8601: text), period.value <= 1000 else {
            throw error(.invalidValue, at: node.offset,
                        "`\(key)` \(SourceText.quoted(text, limit: 24)) of \(what) is not an ISO-8601 period",
                        fix: "use P1W, P1M, P2M, P3M, P6M or P1Y (offers may also use days or weeks, like P3D or P2W)")
        }
        return period
    }

    /// `localizations[]`: `{locale, displayName, description}` entries, possibly empty.
    func localizations(in object: JSONNode, of what: String) throws(CatalogError) -> [LocalizedText] {
        var result: [LocalizedText] = []
        for entry in try array("localizations", in: object, of: what) {
            let label = "a localization of \(what)"
            _ = try requireObject(entry, label)
            let locale = try requiredString("locale", in: entry, of: label)
            result.append(LocalizedText(
                locale: locale,
                displayName: try string("displayName", in: entry, of: label) ?? "",
                description: try string("description", in: entry, of: label) ?? ""))
        }
        return result
    }
}
