/// A CLDR plural category, as String Catalogs name plural variations.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable {
    case zero, one, two, few, many, other

    /// The category of a whole number in a language, after CLDR's cardinal rules for the
    /// languages Tollbooth speaks (unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html).
    /// Japanese, Korean and Chinese have no plural forms: everything is `other`.
    public init(_ n: Int, language: Language) {
        let i = abs(n)
        let millions = i != 0 && i % 1_000_000 == 0
        switch language {
        case .en, .de: self = i == 1 ? .one : .other
        case .it, .es: self = i == 1 ? .one : millions ? .many : .other
        case .fr, .ptBR: self = i == 0 || i == 1 ? .one : millions ? .many : .other
        case .ja, .ko, .zhHans, .zhHant: self = .other
        }
    }
}
