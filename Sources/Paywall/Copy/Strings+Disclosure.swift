/// The auto-renewal disclosure App Review expects in the purchase flow (docs/domain.md §3, D8–D12).
///
/// One sentence per rule, so the audit and the tests can point at the rule a missing sentence
/// breaks, and so a narrow window wraps them one by one.
extension Strings {
    /// D10.
    public var chargedAtConfirmation: String {
        pick("Payment is charged to your Apple Account at confirmation of purchase.",
             "お支払いは購入の確定時に Apple Account に請求されます。")
    }

    /// D8 (the seed's own sentence leads the Japanese).
    public var renewsUnlessTurnedOff: String {
        pick("Subscriptions renew automatically unless auto-renew is turned off at least 24 hours before the end of the period.",
             "サブスクリプションは、キャンセルしない限り自動的に更新されます。現在の期間が終了する24時間前までに自動更新をオフにしてください。")
    }

    /// D9: `prices` states the regular renewal price of every plan ("$39.99/year or $4.99/month").
    public func renewalCharge(_ prices: String) -> String {
        pick("Your account is charged for renewal within 24 hours before the period ends, at the regular price (\(prices)).",
             "更新料金は期間終了前の24時間以内に、通常価格（\(prices)）で請求されます。")
    }

    /// "$39.99/year or $4.99/month" / 「¥4,800/年または¥480/月」.
    public func priceList(_ prices: [String]) -> String {
        guard prices.count > 1 else { return prices.first ?? "" }
        return pick(prices.dropLast().joined(separator: ", ") + " or " + prices.last!,
                    prices.dropLast().joined(separator: "、") + "または" + prices.last!)
    }

    /// D11.
    public var manageInSettings: String {
        pick("Manage your subscription and turn off auto-renew in Account Settings after purchase.",
             "購入後は、アカウント設定でサブスクリプションの管理や自動更新のオフができます。")
    }

    /// D12, shown when an eligible free trial is on screen.
    public var trialForfeited: String {
        pick("Any unused free-trial time is forfeited when you purchase a subscription.",
             "無料トライアル期間の未使用分は、サブスクリプションを購入した時点で失効します。")
    }
}
