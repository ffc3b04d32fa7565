// Provisional helpers until the catalog work (Storefront, LocaleMatch) lands.
enum StorefrontCurrency {
    static func code(forStorefront alpha3: String) -> String {
        let table = ["USA": "USD", "JPN": "JPY", "GBR": "GBP", "DEU": "EUR", "FRA": "EUR", "ESP": "EUR",
                     "CHN": "CNY", "MEX": "MXN", "COL": "COP", "CAN": "CAD", "AUS": "AUD"]
        return table[alpha3.uppercased()] ?? "USD"
    }
}

enum LocalizedLookup {
    static func best(_ entries: [LocalizedText], for locale: String, fileDefault: String?) -> LocalizedText? {
        func norm(_ s: String) -> String { s.replacingOccurrences(of: "-", with: "_").lowercased() }
        func lang(_ s: String) -> String { String(norm(s).split(separator: "_").first ?? "") }
        return entries.first { norm($0.locale) == norm(locale) }
            ?? entries.first { lang($0.locale) == lang(locale) }
            ?? entries.first { norm($0.locale) == norm(fileDefault ?? "en_US") }
            ?? entries.first
    }
}
