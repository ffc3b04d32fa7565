/// The customer's current state for a product, and the store status line.
extension Strings {
    public func subscribedRenews(_ date: String) -> String { pick("Subscribed, renews on \(date)", "登録中・\(date)に自動更新") }
    public var subscribedBadge: String { pick("Subscribed", "登録中") }
    /// "Free trial until Nov 25, 2026 09:00, then $39.99/year".
    public func freeTrialUntil(_ date: String, then after: String) -> String {
        pick("Free trial until \(date), then \(after)", "\(date)まで無料トライアル、その後 \(after)")
    }
    /// An introductory price whose last discounted period ends on `date`.
    public func introPriceUntil(_ price: String, _ date: String, then after: String) -> String {
        pick("Introductory price \(price) until \(date), then \(after)", "\(date)まで初回価格 \(price)、その後 \(after)")
    }
    /// An introductory price with more discounted periods after this one.
    public func introPriceRenews(_ price: String, _ date: String) -> String {
        pick("Introductory price \(price), renews on \(date)", "初回価格 \(price)・\(date)に更新")
    }
    /// A non-renewing subscription's current period.
    public func activeUntil(_ date: String) -> String { pick("Active until \(date)", "\(date)まで有効") }
    /// A non-renewing subscription whose product states no length.
    public func boughtOn(_ date: String) -> String {
        pick("Bought on \(date); the app sets how long it lasts", "\(date)に購入・期間はアプリが決めます")
    }
    public func willExpire(_ date: String) -> String { pick("Auto-renew off, expires on \(date)", "自動更新オフ・\(date)に終了") }
    public var billingRetry: String { pick("Billing problem: in billing retry, access paused", "請求の問題・再試行期間中（利用停止中）") }
    public func gracePeriod(_ date: String) -> String { pick("Billing problem: grace period until \(date)", "請求の問題・猶予期間中（\(date)まで）") }
    public var gracePeriodNoDate: String { pick("Billing problem: in grace period", "請求の問題・猶予期間中") }
    public var revoked: String { pick("Refunded: access revoked", "払い戻し済み・利用できません") }
    public var owned: String { pick("Owned", "購入済み") }
    public var pendingApproval: String { pick("Pending approval (Ask to Buy)", "承認待ち（保護者の承認が必要）") }
    public var interrupted: String { pick("Purchase interrupted: action needed", "購入が中断されました・対応が必要です") }
    public func changesTo(_ name: String, _ date: String) -> String { pick("Changes to \(name) on \(date)", "\(date)に\(name)へ変更") }
    public func startsOn(_ date: String) -> String { pick("Starts on \(date) (next renewal)", "\(date)から開始（次回更新時）") }
    /// A scheduled change whose renewal waits on a billing problem.
    public var startsAtNextRenewal: String { pick("Starts at the next renewal", "次回更新時に開始") }
    public var unverified: String { pick("Unverified: flagged, not granted", "未検証・特典は付与されていません") }
    public func expiredOn(_ date: String) -> String { pick("Expired on \(date)", "\(date)に期限切れ") }
    public var priceIncreasePending: String { pick("Price increase awaiting your consent", "値上げへの同意待ち") }
    public var familyShared: String { pick("Shared by family", "ファミリー共有") }

    // MARK: Status line

    public var storeTimeLabel: String { pick("Store", "ストア時刻") }
    public var rateLabel: String { pick("rate", "速度") }
    public var paused: String { pick("paused", "停止中") }
    public var faultsLabel: String { pick("FAULTS", "障害") }
    public var switchesLabel: String { pick("switches", "スイッチ") }
    public var lastEventLabel: String { pick("last", "最新") }
}
