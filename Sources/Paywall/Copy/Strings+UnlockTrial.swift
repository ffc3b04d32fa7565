import Chrome
import MockStore

/// The words of a free time-limited trial of a non-subscription app (D18): its length, what
/// stops working when it ends, and the price of the full unlock.
extension Strings {
    /// "Free trial for 14 days" / 「14日間の無料体験」.
    public func unlockTrialLength(_ length: WrittenLength) -> String {
        let words = period(SubscriptionPeriod(value: length.value, unit: length.unit))
        return text(.unlockTrialLength, words)
    }

    /// What stops working, when the manifest has no `trialEnds`.
    public var unlockTrialEndsDefault: String {
        text(.unlockTrialEndsDefault)
    }

    /// "Full unlock: $9.99 (Lifetime Unlock)" / 「完全版: ¥1,200（永久ライセンス）」.
    public func fullUnlockPrice(_ price: String, name: String) -> String {
        text(.fullUnlockPrice, price, name)
    }

    /// When the paywall has no paid unlock to name: said plainly, in error colours.
    public var fullUnlockPriceMissing: String {
        text(.fullUnlockPriceMissing)
    }
}
