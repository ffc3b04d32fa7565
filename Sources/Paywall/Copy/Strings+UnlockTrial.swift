import MockStore

/// The words of a free time-limited trial of a non-subscription app (D18): its length, what
/// stops working when it ends, and the price of the full unlock.
extension Strings {
    /// "Free trial for 14 days" / 「14日間の無料体験」.
    public func unlockTrialLength(_ length: WrittenLength) -> String {
        let words = period(SubscriptionPeriod(value: length.value, unit: length.unit))
        return pick("Free trial for \(words)", "\(words)の無料体験")
    }

    /// What stops working, when the manifest has no `trialEnds`.
    public var unlockTrialEndsDefault: String {
        pick("When the trial ends, the app's full features stop working until you buy the full unlock.",
             "体験期間が終わると、完全版を購入するまでアプリの全機能が使えなくなります。")
    }

    /// "Full unlock: $9.99 (Lifetime Unlock)" / 「完全版: ¥1,200（永久ライセンス）」.
    public func fullUnlockPrice(_ price: String, name: String) -> String {
        pick("Full unlock: \(price) (\(name))", "完全版: \(price)（\(name)）")
    }

    /// When the paywall has no paid unlock to name: said plainly, in error colours.
    public var fullUnlockPriceMissing: String {
        pick("Full unlock price: not configured", "完全版の価格: 未設定")
    }
}
