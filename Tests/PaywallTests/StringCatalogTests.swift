@testable import Chrome
@testable import ControlRoom
import Foundation
@testable import Paywall
import Testing
@testable import TollboothApp

/// The String Catalog itself: complete in every language, placeholders that agree, plural
/// forms each language needs, and `StringKey` in step with the file.
@Suite struct StringCatalogTests {
    static let url = try! PaywallResources.root().appendingPathComponent("Localizable.xcstrings")
    static let catalog = try! StringCatalog(data: try! Data(contentsOf: url), path: url.path)

    /// An entry's text by plural category (a plain string is `other`).
    static func forms(_ entry: StringCatalog.Entry) -> [PluralCategory: String] {
        switch entry {
        case .text(let text): [.other: text]
        case .plural(let forms): forms
        }
    }

    @Test func everyKeyHasEveryLanguage() {
        for (key, byLanguage) in Self.catalog.entries {
            let missing = Language.allCases.map(\.rawValue).filter { byLanguage[$0] == nil }
            #expect(missing.isEmpty, "\(key) lacks \(missing)")
        }
    }

    @Test func stringKeyMatchesTheCatalog() {
        #expect(Set(StringKey.allCases.map(\.rawValue)) == Set(Self.catalog.entries.keys),
                "StringKey.swift is out of date: run scripts/string-keys")
    }

    /// A translation takes the same arguments as English, of the same kinds; a plural's "one"
    /// form may leave its number out ("once").
    @Test func placeholdersAgreeAcrossLanguages() {
        for (key, byLanguage) in Self.catalog.entries {
            guard let english = byLanguage["en"] else { continue }
            let expected = CatalogFormat.placeholders(Self.forms(english)[.other] ?? "")
            for (language, entry) in byLanguage {
                for (category, text) in Self.forms(entry) {
                    let found = CatalogFormat.placeholders(text)
                    let dropsTheCount = category == .one && found.allSatisfy { expected[$0.key] == $0.value }
                    #expect(found == expected || dropsTheCount, "\(key) \(language) \(category): \(found) vs English \(expected)")
                }
            }
        }
    }

    /// Where English has plural forms, each language has the CLDR categories it needs.
    @Test func pluralsHaveTheFormsEachLanguageNeeds() {
        let needs: [Language: Set<PluralCategory>] = [
            .en: [.one, .other], .de: [.one, .other], .fr: [.one, .many, .other], .es: [.one, .many, .other],
            .it: [.one, .many, .other], .ptBR: [.one, .many, .other], .ja: [.other], .ko: [.other], .zhHans: [.other], .zhHant: [.other],
        ]
        for (key, byLanguage) in Self.catalog.entries {
            guard case .plural = byLanguage["en"] else { continue }
            for language in Language.allCases {
                let forms = Set((byLanguage[language.rawValue].map(Self.forms) ?? [:]).keys)
                #expect(needs[language]!.isSubset(of: forms) || (forms == [.other] && needs[language] == [.other]),
                        "\(key) \(language) has \(forms.sorted { $0.rawValue < $1.rawValue })")
            }
        }
    }

    /// A number followed by an English plural noun ("%lld transactions") reads wrong for one
    /// ("1 transactions"): such copy must be a plural variation.
    @Test func countedNounsArePlural() throws {
        let countedNoun = try Regex(#"%(\d\$)?lld [a-z]{2,}s\b"#)
        for (key, byLanguage) in Self.catalog.entries {
            guard case .text(let english) = byLanguage["en"] else { continue }
            #expect(english.firstMatch(of: countedNoun) == nil, "\(key): \"\(english)\" needs plural forms")
        }
    }

    @Test(arguments: Language.allCases)
    func oneOfSomethingIsSingular(language: Language) {
        let s = Strings(language)
        let one = s.txnCount(shown: 1, total: 1), two = s.txnCount(shown: 2, total: 2)
        if PluralCategory(1, language: language) != PluralCategory(2, language: language) {
            #expect(one.replacingOccurrences(of: "1", with: "2") != two, "\(language): \(one) / \(two)")
        }
        #expect(Strings(.en).txnCount(shown: 1, total: 1) == "1 transaction")
        #expect(Strings(.en).txnCount(shown: 0, total: 1) == "0 of 1 transaction")
        #expect(Strings(.en).txnCount(shown: 3, total: 12) == "3 of 12 transactions")
        #expect(Strings(.ja).txnCount(shown: 3, total: 12) == "全12件中 3件")
    }

    @Test func pluralRulesFollowCLDR() {
        #expect(Strings(.en).period(.init(value: 1, unit: .month)) == "1 month")
        #expect(Strings(.en).period(.init(value: 2, unit: .month)) == "2 months")
        #expect(PluralCategory(0, language: .fr) == .one && PluralCategory(0, language: .en) == .other)
        #expect(PluralCategory(1_000_000, language: .es) == .many && PluralCategory(1_000_000, language: .de) == .other)
        #expect(PluralCategory(1, language: .ja) == .other)
        #expect(Strings(.de).period(.init(value: 3, unit: .month)).hasPrefix("3 "))
        #expect(Strings(.de).period(.init(value: 1, unit: .month)) != Strings(.de).period(.init(value: 2, unit: .month)).replacingOccurrences(of: "2", with: "1"))
    }

    @Test func placeholdersFillInOrderOrByPosition() {
        #expect(CatalogFormat.format("%@ or %@", ["a" as String, "b" as String]) == "a or b")
        #expect(CatalogFormat.format("%2$@ で %1$@", ["x" as String, "y" as String]) == "y で x")
        #expect(CatalogFormat.format("%lld%% off, %d left", [30 as Int, 2 as Int]) == "30% off, 2 left")
        // A missing argument prints nothing rather than trapping like String(format:).
        #expect(CatalogFormat.format("%@ and %@", ["only" as String]) == "only and ")
        #expect(CatalogFormat.format("100% sure", []) == "100% sure")
    }

    /// The fast reader agrees with Foundation's JSON parser on every value of every language.
    @Test func theScannerReadsWhatJSONSerializationReads() throws {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.url)) as! [String: Any]
        let strings = object["strings"] as! [String: [String: Any]]
        #expect(strings.count == Self.catalog.entries.count)
        for (key, value) in strings {
            let localizations = value["localizations"] as! [String: [String: Any]]
            for (language, localization) in localizations {
                if let unit = localization["stringUnit"] as? [String: Any] {
                    #expect(Self.catalog.entries[key]?[language] == .text(unit["value"] as! String), "\(key) \(language)")
                }
            }
        }
    }

    @Test func oneLanguageIsReadWithoutTheOthers() throws {
        let german = try StringCatalog(data: Data(contentsOf: Self.url), path: "x", languages: ["de", "en"])
        #expect(Set(german.entries["subscribe"]?.keys.map { $0 } ?? []) == ["de", "en"])
        #expect(german.entry("subscribe", .de) == .text("Abonnieren"))
        // A language the reader skipped falls back to English.
        #expect(german.entry("subscribe", .fr) == .text("Subscribe"))
    }

    @Test(arguments: [
        (#"{"strings": {"a": {"localizations": {"en": {"stringUnit": {"value": "x"}}}}"#, 1, "expected ',' or '}'"),
        ("{\n\"strings\": {\n\"a\": {\"localizations\": {\"en\": {\"stringUnit\": {\"value\": \"x\\q\"}}}}}}", 3, "unknown escape"),
        (#"{"strings": {"a": {"localizations": {"en": {"variations": {"plural": {"few": {"stringUnit": {"value": "x"}}}}}}}}}"#, 1, "needs an \"other\" form"),
        (#"{"strings": {"a": {"localizations": {"en": {"variations": {"plural": {"lots": {}}}}}}}}"#, 1, "not a plural category"),
    ])
    func aBrokenCatalogNamesItsLine(json: String, line: Int, reason: String) {
        #expect {
            _ = try StringCatalog(data: Data(json.utf8), path: "Localizable.xcstrings")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("Localizable.xcstrings:\(line): ") && text.contains(reason)
        }
    }
}
