/// The language the paywall speaks: Japanese for `ja` locales, English for everything else.
///
/// The catalog's own text (display names, descriptions) comes already localized from the store;
/// this only picks Tollbooth's UI copy, so two languages are enough and a closed enum keeps the
/// string table exhaustive.
public enum Language: String, Sendable, Hashable, CaseIterable {
    case en
    case ja

    /// `ja`, `ja_JP`, `ja-JP`, `JA_jp.UTF-8` → Japanese; anything else → English.
    public init(locale: String) {
        let language = locale.lowercased()
            .split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "." || $0 == "@" })
            .first.map(String.init) ?? ""
        self = language == "ja" ? .ja : .en
    }

    /// The locale keys a manifest may use for this language, most specific first.
    var manifestKeys: [String] {
        switch self {
        case .en: ["en", "en_US", "en-US"]
        case .ja: ["ja", "ja_JP", "ja-JP"]
        }
    }
}
