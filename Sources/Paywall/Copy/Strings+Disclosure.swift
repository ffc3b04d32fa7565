import Chrome
/// The auto-renewal disclosure App Review expects in the purchase flow (docs/domain.md §3, D8–D12).
///
/// One sentence per rule, so the audit and the tests can point at the rule a missing sentence
/// breaks, and so a narrow window wraps them one by one.
extension Strings {
    /// D10.
    public var chargedAtConfirmation: String {
        text(.chargedAtConfirmation)
    }

    /// D8 (the seed's own sentence leads the Japanese).
    public var renewsUnlessTurnedOff: String {
        text(.renewsUnlessTurnedOff)
    }

    /// D9: `prices` states the regular renewal price of every plan ("$39.99/year or $4.99/month").
    public func renewalCharge(_ prices: String) -> String {
        text(.renewalCharge, prices)
    }

    /// "$39.99/year or $4.99/month" / 「¥4,800/年または¥480/月」.
    public func priceList(_ prices: [String]) -> String {
        guard prices.count > 1 else { return prices.first ?? "" }
        return text(.priceList, prices.dropLast().joined(separator: text(.listSeparator)), prices[prices.count - 1])
    }

    /// D11.
    public var manageInSettings: String {
        text(.manageInSettings)
    }

    /// D12, shown when an eligible free trial is on screen.
    public var trialForfeited: String {
        text(.trialForfeited)
    }
}
