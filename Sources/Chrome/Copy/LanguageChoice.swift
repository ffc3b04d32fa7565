import MockStore

/// How a locale such as `de_AT`, `pt_PT` or `zh-Hant-HK` maps onto the languages Tollbooth's
/// copy is written in, and whether that needed a fallback.
///
/// The chain is Apple's: the full tag, then language and script, then the language alone, then
/// English (`pt_PT` → `pt` → English; `zh_TW` → `zh-Hant`). Brazilian Portuguese is only chosen
/// for `pt_BR`: Portugal's Portuguese differs enough that Tollbooth says it fell back instead.
public struct LanguageChoice: Sendable, Hashable {
    /// The language the copy will be shown in.
    public let language: Language
    /// The requested language when it had no translation and English was used instead.
    public let missingLanguage: String?

    public init(locale: String) {
        let tag = LocaleTag(locale)
        if let language = Self.match(tag) {
            self.language = language
            self.missingLanguage = nil
        } else {
            self.language = .en
            self.missingLanguage = tag.language.isEmpty ? nil : tag.language
        }
    }

    /// Why `locale` cannot be used, in one sentence naming the languages Tollbooth speaks; nil
    /// when it can (maybe with English copy, which `missingLanguage` then reports).
    public static func problem(with locale: String) -> String? {
        LocaleName.problem(with: locale).map { "\($0). Tollbooth's languages: \(Language.availableList)." }
    }

    private static func match(_ tag: LocaleTag) -> Language? {
        switch tag.language {
        case "en": return .en
        case "ja": return .ja
        case "de": return .de
        case "fr": return .fr
        case "es": return .es
        case "it": return .it
        case "ko": return .ko
        case "pt": return tag.region == "br" || (tag.region == nil && tag.script == nil) ? .ptBR : nil
        case "zh": return tag.script == "hant" ? .zhHant : .zhHans
        default: return nil
        }
    }
}
