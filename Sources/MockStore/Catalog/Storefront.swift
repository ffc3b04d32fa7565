/// An App Store storefront, as StoreKit 2's `Storefront`: the country and the currency prices
/// are charged in.
///
/// A `.storekit` file stores bare decimal prices and only the storefront's alpha-3 code
/// (`_storefront`), so the currency is looked up here (storekit-format.md §3, §7).
public struct Storefront: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// ISO 3166-1 alpha-3, as StoreKit reports it (`USA`, `JPN`).
    public let countryCode: String
    /// ISO 4217 currency of the storefront's prices (`USD`, `JPY`).
    public let currencyCode: String
    /// Apple's numeric storefront identifier (`143441` for the United States).
    public let id: String

    public init(countryCode: String, currencyCode: String, id: String) {
        self.countryCode = countryCode
        self.currencyCode = currencyCode
        self.id = id
    }

    /// The storefront with this alpha-3 code (any case), or nil when the table does not know it;
    /// callers then name the valid codes (`Storefront.knownCountryCodes`).
    public init?(alpha3: String) {
        let code = alpha3.uppercased()
        guard let hit = Self.all.first(where: { $0.countryCode == code }) else { return nil }
        self = hit
    }

    public var description: String { "\(countryCode) (\(currencyCode))" }

    /// Xcode's default when a configuration has no `_storefront`.
    public static let unitedStates = Storefront(countryCode: "USA", currencyCode: "USD", id: "143441")

    /// Every known alpha-3 code, sorted, for error messages and `--help`.
    public static var knownCountryCodes: [String] { all.map(\.countryCode).sorted() }

    /// The storefronts Apple uses most, with their App Store currency. Countries whose App Store
    /// currency is in doubt (App Store prices some in USD) are left out rather than guessed.
    public static let all: [Storefront] = [
        // Americas
        unitedStates,
        .init(countryCode: "CAN", currencyCode: "CAD", id: "143455"),
        .init(countryCode: "MEX", currencyCode: "MXN", id: "143468"),
        .init(countryCode: "BRA", currencyCode: "BRL", id: "143503"),
        .init(countryCode: "COL", currencyCode: "COP", id: "143501"),
        .init(countryCode: "CHL", currencyCode: "CLP", id: "143483"),
        .init(countryCode: "PER", currencyCode: "PEN", id: "143507"),
        // Europe
        .init(countryCode: "GBR", currencyCode: "GBP", id: "143444"),
        .init(countryCode: "IRL", currencyCode: "EUR", id: "143449"),
        .init(countryCode: "DEU", currencyCode: "EUR", id: "143443"),
        .init(countryCode: "FRA", currencyCode: "EUR", id: "143442"),
        .init(countryCode: "ESP", currencyCode: "EUR", id: "143454"),
        .init(countryCode: "ITA", currencyCode: "EUR", id: "143450"),
        .init(countryCode: "NLD", currencyCode: "EUR", id: "143452"),
        .init(countryCode: "BEL", currencyCode: "EUR", id: "143446"),
        .init(countryCode: "AUT", currencyCode: "EUR", id: "143445"),
        .init(countryCode: "FIN", currencyCode: "EUR", id: "143447"),
        .init(countryCode: "PRT", currencyCode: "EUR", id: "143453"),
        .init(countryCode: "GRC", currencyCode: "EUR", id: "143448"),
        .init(countryCode: "LUX", currencyCode: "EUR", id: "143451"),
        .init(countryCode: "CHE", currencyCode: "CHF", id: "143459"),
        .init(countryCode: "SWE", currencyCode: "SEK", id: "143456"),
        .init(countryCode: "NOR", currencyCode: "NOK", id: "143457"),
        .init(countryCode: "DNK", currencyCode: "DKK", id: "143458"),
        .init(countryCode: "POL", currencyCode: "PLN", id: "143478"),
        .init(countryCode: "CZE", currencyCode: "CZK", id: "143489"),
        .init(countryCode: "HUN", currencyCode: "HUF", id: "143482"),
        .init(countryCode: "ROU", currencyCode: "RON", id: "143487"),
        .init(countryCode: "TUR", currencyCode: "TRY", id: "143480"),
        .init(countryCode: "RUS", currencyCode: "RUB", id: "143469"),
        // Middle East and Africa
        .init(countryCode: "ISR", currencyCode: "ILS", id: "143491"),
        .init(countryCode: "SAU", currencyCode: "SAR", id: "143479"),
        .init(countryCode: "ARE", currencyCode: "AED", id: "143481"),
        .init(countryCode: "QAT", currencyCode: "QAR", id: "143498"),
        .init(countryCode: "EGY", currencyCode: "EGP", id: "143516"),
        .init(countryCode: "ZAF", currencyCode: "ZAR", id: "143472"),
        .init(countryCode: "NGA", currencyCode: "NGN", id: "143561"),
        // Asia and Pacific
        .init(countryCode: "JPN", currencyCode: "JPY", id: "143462"),
        .init(countryCode: "CHN", currencyCode: "CNY", id: "143465"),
        .init(countryCode: "KOR", currencyCode: "KRW", id: "143466"),
        .init(countryCode: "TWN", currencyCode: "TWD", id: "143470"),
        .init(countryCode: "HKG", currencyCode: "HKD", id: "143463"),
        .init(countryCode: "IND", currencyCode: "INR", id: "143467"),
        .init(countryCode: "PAK", currencyCode: "PKR", id: "143477"),
        .init(countryCode: "IDN", currencyCode: "IDR", id: "143476"),
        .init(countryCode: "THA", currencyCode: "THB", id: "143475"),
        .init(countryCode: "MYS", currencyCode: "MYR", id: "143473"),
        .init(countryCode: "PHL", currencyCode: "PHP", id: "143474"),
        .init(countryCode: "VNM", currencyCode: "VND", id: "143471"),
        .init(countryCode: "SGP", currencyCode: "SGD", id: "143464"),
        .init(countryCode: "KAZ", currencyCode: "KZT", id: "143517"),
        .init(countryCode: "AUS", currencyCode: "AUD", id: "143460"),
        .init(countryCode: "NZL", currencyCode: "NZD", id: "143461"),
    ]
}

extension CatalogSettings {
    /// The storefront `_storefront` names; `.unitedStates` when absent (Xcode's default), and
    /// nil when it names a storefront Tollbooth does not know (`CatalogCheck` reports that).
    public var resolvedStorefront: Storefront? {
        guard let storefront else { return .unitedStates }
        return Storefront(alpha3: storefront)
    }
}
