import Foundation
import Synchronization

/// Tollbooth's UI copy, read from `Localizable.xcstrings`: the JSON String Catalog Xcode's
/// editor writes (`sourceLanguage`, `strings` → key → `localizations` → language →
/// `stringUnit` or `variations.plural`).
///
/// Only what the copy uses is read: plain string units and plural variations, which choose by
/// the first number argument. Keys are semantic (`subscribe`, `clockPlusPeriod`), mirrored by
/// the generated `StringKey`, so code that names a key the catalog lacks does not compile.
public struct StringCatalog: Sendable {
    /// One language's text for one key.
    public enum Entry: Sendable, Hashable {
        case text(String)
        /// Plural forms by CLDR category (`one`, `other`, …); `other` is always present.
        case plural([PluralCategory: String])
    }

    public let sourceLanguage: String
    /// key → language (a `Language.rawValue`, e.g. `pt-BR`) → entry, for the languages read.
    public let entries: [String: [String: Entry]]

    public init(sourceLanguage: String, entries: [String: [String: Entry]]) {
        self.sourceLanguage = sourceLanguage
        self.entries = entries
    }

    /// Reads catalog JSON, keeping only `languages` (every language when nil); `path` names
    /// the file in errors.
    public init(data: Data, path: String, languages: Set<String>? = nil) throws(StringCatalogError) {
        let wanted = languages.map(Array.init)
        let read = data.withUnsafeBytes { raw -> Result<(String, [String: [String: Entry]]), CatalogScanner.Failure> in
            var scanner = CatalogScanner(raw.bindMemory(to: UInt8.self))
            var sourceLanguage = "en"
            var entries: [String: [String: Entry]] = [:]
            do throws(CatalogScanner.Failure) {
                try scanner.forEachMember { scanner, name throws(CatalogScanner.Failure) in
                    if name.is("sourceLanguage") {
                        sourceLanguage = try scanner.readString()
                    } else if name.is("strings") {
                        try scanner.forEachMember { scanner, key throws(CatalogScanner.Failure) in
                            let key = key.text
                            entries[key] = try Self.readKey(&scanner, key: key, languages: wanted)
                        }
                    } else {
                        try scanner.skipValue()
                    }
                }
            } catch {
                return .failure(error)
            }
            return .success((sourceLanguage, entries))
        }
        switch read {
        case .success(let (sourceLanguage, entries)): self.init(sourceLanguage: sourceLanguage, entries: entries)
        case .failure(let error): throw .malformed(path: path, line: error.line, reason: error.reason)
        }
    }

    private static func readKey(_ scanner: inout CatalogScanner, key: String, languages: [String]?) throws(CatalogScanner.Failure) -> [String: Entry] {
        var byLanguage: [String: Entry] = [:]
        try scanner.forEachMember { scanner, name throws(CatalogScanner.Failure) in
            guard name.is("localizations") else { return try scanner.skipValue() }
            try scanner.forEachMember { scanner, language throws(CatalogScanner.Failure) in
                guard languages?.contains(where: { language.is($0) }) ?? true else { return try scanner.skipValue() }
                byLanguage[language.text] = try readLocalization(&scanner, key: key, language: language.text)
            }
        }
        return byLanguage
    }

    private static func readLocalization(_ scanner: inout CatalogScanner, key: String, language: String) throws(CatalogScanner.Failure) -> Entry? {
        var entry: Entry?
        try scanner.forEachMember { scanner, name throws(CatalogScanner.Failure) in
            if name.is("stringUnit") {
                entry = try readUnit(&scanner).map(Entry.text)
            } else if name.is("variations") {
                try scanner.forEachMember { scanner, kind throws(CatalogScanner.Failure) in
                    guard kind.is("plural") else { return try scanner.skipValue() }
                    var forms: [PluralCategory: String] = [:]
                    try scanner.forEachMember { scanner, category throws(CatalogScanner.Failure) in
                        guard let plural = PluralCategory(rawValue: category.text) else {
                            throw scanner.failure("key \"\(key)\", \(language): \"\(category.text)\" is not a plural category (zero, one, two, few, many, other)")
                        }
                        var value: String?
                        try scanner.forEachMember { scanner, name throws(CatalogScanner.Failure) in
                            if name.is("stringUnit") { value = try readUnit(&scanner) } else { try scanner.skipValue() }
                        }
                        forms[plural] = value
                    }
                    guard forms[.other] != nil else {
                        throw scanner.failure("key \"\(key)\", \(language): a plural needs an \"other\" form")
                    }
                    entry = .plural(forms)
                }
            } else {
                try scanner.skipValue()
            }
        }
        return entry
    }

    /// A `stringUnit`'s `value`.
    private static func readUnit(_ scanner: inout CatalogScanner) throws(CatalogScanner.Failure) -> String? {
        var value: String?
        try scanner.forEachMember { scanner, name throws(CatalogScanner.Failure) in
            if name.is("value") { value = try scanner.readString() } else { try scanner.skipValue() }
        }
        return value
    }

    /// The entry for `key` in `language`, else in the source language.
    public func entry(_ key: String, _ language: Language) -> Entry? {
        guard let byLanguage = entries[key] else { return nil }
        return byLanguage[language.rawValue] ?? byLanguage[sourceLanguage]
    }
}

/// A String Catalog that cannot be used, in one sentence.
public enum StringCatalogError: Error, CustomStringConvertible, Sendable, Equatable {
    case malformed(path: String, line: Int, reason: String)
    case unreadable(path: String)
    /// The resources folder itself is missing: its own sentence.
    case unavailable(reason: String)

    public var description: String {
        switch self {
        case .malformed(let path, let line, let reason):
            "\(path):\(line): \(reason); fix the catalog (Xcode's String Catalog editor writes it correctly) or reinstall Tollbooth."
        case .unreadable(let path):
            "Tollbooth's UI copy \(path) is missing or unreadable; reinstall Tollbooth."
        case .unavailable(let reason):
            reason
        }
    }
}
