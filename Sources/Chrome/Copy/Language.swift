/// A language Tollbooth's own copy is written in (the catalog's product text is the store's).
///
/// The raw values are the localization keys Xcode writes in a String Catalog, so the enum and
/// `Localizable.xcstrings` name languages the same way.
public enum Language: String, Sendable, Hashable, CaseIterable {
    case en
    case ja
    case de
    case fr
    case es
    case it
    case ptBR = "pt-BR"
    case ko
    case zhHans = "zh-Hans"
    case zhHant = "zh-Hant"

    /// The language for a locale, falling back to English where Tollbooth has no translation
    /// (`LanguageChoice` says when that happens).
    public init(locale: String) {
        self = LanguageChoice(locale: locale).language
    }

    /// The language's own name for itself, as a language menu shows it ("Deutsch", "日本語").
    public var nativeName: String {
        switch self {
        case .en: "English"
        case .ja: "日本語"
        case .de: "Deutsch"
        case .fr: "Français"
        case .es: "Español"
        case .it: "Italiano"
        case .ptBR: "Português (Brasil)"
        case .ko: "한국어"
        case .zhHans: "简体中文"
        case .zhHant: "繁體中文"
        }
    }

    /// A locale to format dates and numbers with when the user named only the language.
    public var defaultLocale: String {
        switch self {
        case .en: "en_US"
        case .ja: "ja_JP"
        case .de: "de_DE"
        case .fr: "fr_FR"
        case .es: "es_ES"
        case .it: "it_IT"
        case .ptBR: "pt_BR"
        case .ko: "ko_KR"
        case .zhHans: "zh_CN"
        case .zhHant: "zh_TW"
        }
    }

    /// The locale dates and numbers are written in for a requested `locale`: the locale itself
    /// when the copy is in its language (`de_AT` keeps Austrian formats), else this language's
    /// usual one, so an English fallback screen does not mix in another language's month names.
    public func formattingLocale(for locale: String) -> String {
        let choice = LanguageChoice(locale: locale)
        guard choice.language == self, choice.missingLanguage == nil, !locale.isEmpty else { return defaultLocale }
        return locale.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? defaultLocale
    }

    /// Whether words are separated by spaces: Japanese and Chinese run sentences together.
    public var separatesWords: Bool {
        switch self {
        case .ja, .zhHans, .zhHant: false
        default: true
        }
    }

    /// The locale keys a manifest may use for this language, most specific first.
    package var manifestKeys: [String] {
        switch self {
        case .en: ["en", "en_US", "en-US"]
        case .ja: ["ja", "ja_JP", "ja-JP"]
        case .de: ["de", "de_DE", "de-DE"]
        case .fr: ["fr", "fr_FR", "fr-FR"]
        case .es: ["es", "es_ES", "es-ES"]
        case .it: ["it", "it_IT", "it-IT"]
        case .ptBR: ["pt_BR", "pt-BR", "pt"]
        case .ko: ["ko", "ko_KR", "ko-KR"]
        case .zhHans: ["zh-Hans", "zh_CN", "zh-CN", "zh"]
        case .zhHant: ["zh-Hant", "zh_TW", "zh-TW", "zh_HK", "zh-HK"]
        }
    }

    /// How `--locale` spells the language: its code, or the locale for the languages whose
    /// String Catalog key has a script or region (`pt_BR`, `zh_CN`, `zh_TW`), so help and
    /// errors name each language as the option is documented to take it.
    public var commandLineName: String {
        rawValue.contains("-") ? defaultLocale : rawValue
    }

    /// "en, ja, …, pt_BR, ko, zh_CN, zh_TW": what `--locale`'s help lists.
    public static var commandLineNames: String {
        allCases.map(\.commandLineName).joined(separator: ", ")
    }

    /// "en (English), ja (日本語), …": the languages on offer, for messages about a locale,
    /// spelt as `commandLineNames` spells them.
    public static var availableList: String {
        allCases.map { "\($0.commandLineName) (\($0.nativeName))" }.joined(separator: ", ")
    }
}
