extension Storefront {
    /// The currency of a storefront code kept in the ledger; US dollars for a code no table knows
    /// (the CLI refuses unknown codes before they reach a ledger).
    public static func currencyCode(forAlpha3 code: String) -> String {
        Storefront(alpha3: code)?.currencyCode ?? Storefront.unitedStates.currencyCode
    }
}
