import Foundation

/// Checks a locale name given on the command line (`--locale`) before anything uses it: a
/// typo must not silently become English text with odd prices (`xx_YY` formats `$ 39.99`).
public enum LocaleName {
    /// Why `locale` is not a usable locale name, in one sentence; nil when it is.
    public static func problem(with locale: String) -> String? {
        let core = locale.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        guard core.range(of: #"^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$"#, options: .regularExpression) != nil else {
            return "'\(locale)' is not a locale name; use a language and region such as de_DE, pt_BR or zh_TW"
        }
        let tag = LocaleTag(locale)
        guard knownLanguageCodes.contains(tag.language) else {
            return "'\(locale)' names no known language ('\(tag.language)' is not an ISO 639 code); use one such as de_DE"
        }
        if let region = tag.region, !knownRegionCodes.contains(region) {
            return "'\(locale)' names no known region ('\(region.uppercased())' is not an ISO 3166 code); use one such as de_DE"
        }
        return nil
    }

    private static let knownLanguageCodes = Set(Locale.LanguageCode.isoLanguageCodes.map { $0.identifier.lowercased() })
    private static let knownRegionCodes = Set(Locale.Region.isoRegions.map { $0.identifier.lowercased() })
}
