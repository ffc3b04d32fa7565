/// Tollbooth's UI copy in English and Japanese.
///
/// Each string is written as an `en`/`ja` pair on one line (`pick`), so a reviewer sees both
/// languages together and a missing translation is a compile error rather than a blank on
/// screen. Japanese follows the glossary in docs/domain.md §5 and the seed paywall (seed 000).
/// The extensions in this folder group the copy by topic.
public struct Strings: Sendable, Hashable {
    public let language: Language

    public init(_ language: Language) {
        self.language = language
    }

    /// The string for this language.
    func pick(_ en: String, _ ja: String) -> String {
        language == .ja ? ja : en
    }

    // MARK: Paywall chrome

    public var defaultTitle: String { pick("Unlock all features", "全ての機能を解放する") }
    /// Used as the subtitle when no eligible free trial is on offer.
    public var defaultSubtitle: String { pick("Choose the plan that suits you", "ご希望のプランをお選びください") }
    /// Used as the subtitle when a free trial is on offer; the length is the configured one (D15).
    public func trialSubtitle(_ length: String) -> String {
        pick("Try every feature free for \(length)", "\(length)無料で全機能をお試し")
    }
    public var oneTimePurchase: String { pick("One-time purchase", "買い切り") }
    public var buyOnceUseForever: String { pick("Buy once, use forever", "一度購入すれば永久に利用できます") }
    public var consumable: String { pick("Consumable", "消耗型") }
    public var nonRenewing: String { pick("Non-renewing subscription", "非更新サブスクリプション") }
    public var restorePurchases: String { pick("Restore Purchases", "購入を復元") }
    public var privacyPolicy: String { pick("Privacy Policy", "プライバシーポリシー") }
    public var termsOfUse: String { pick("Terms of Use (EULA)", "利用規約 (EULA)") }
    /// The link labels on the paywall, short enough that "Terms of Use: <Apple's EULA URL>"
    /// fits one 80-column row.
    public var privacyPolicyLink: String { pick("Privacy Policy", "プライバシーポリシー") }
    public var termsOfUseLink: String { pick("Terms of Use", "利用規約") }
    public var customEULALink: String { pick("custom EULA, press Enter to read", "カスタム EULA（Enter で表示）") }
    public var notConfigured: String { pick("not configured", "未設定") }
    public var privacyMissing: String {
        pick("No Privacy Policy URL is configured. Add privacyPolicyURL to the paywall manifest, or a policy URL to appPolicies in the .storekit file; App Review rejects paywalls without one.",
             "プライバシーポリシーの URL が設定されていません。マニフェストの privacyPolicyURL か、.storekit の appPolicies に URL を追加してください（審査で却下されます）。")
    }
    public var retry: String { pick("Retry", "再試行") }
    public var loadingProducts: String { pick("Loading products...", "商品を読み込んでいます...") }
    public var noProducts: String { pick("No products to show.", "表示できる商品がありません。") }
    public var loadFailedTitle: String { pick("Couldn't load products", "商品を読み込めませんでした") }
    public var pressRToRetry: String { pick("Press R to retry.", "R キーで再試行します。") }
    public var purchasing: String { pick("Purchasing...", "購入処理中...") }
    public var restoring: String { pick("Restoring purchases...", "購入を復元しています...") }
    public var windowTooSmall: String { pick("Window too small", "ウインドウが小さすぎます") }
    public func resizeTo(width: Int, height: Int) -> String {
        pick("resize to at least \(width)×\(height)", "\(width)×\(height) 以上に広げてください")
    }
    public var bestValue: String { pick("Best value", "おすすめ") }

    // MARK: Buttons

    public var subscribe: String { pick("Subscribe", "登録する") }
    public var startFreeTrial: String { pick("Start free trial", "無料トライアルを開始") }
    public var buy: String { pick("Buy", "購入する") }
    public var upgrade: String { pick("Upgrade", "アップグレード") }
    public var downgrade: String { pick("Downgrade", "ダウングレード") }
    public var switchPlan: String { pick("Switch plan", "プランを変更") }
    /// A subscription with auto-renew off, bought again before it expires (S6).
    public var resubscribe: String { pick("Resubscribe", "再登録") }
    public var subscribedButton: String { pick("Subscribed", "登録済み") }
    public var ownedButton: String { pick("Owned", "購入済み") }
    public var awaitingApprovalButton: String { pick("Awaiting approval", "承認待ち") }
    public var scheduledButton: String { pick("Scheduled", "変更予約済み") }
    /// The current plan while a change is scheduled: choosing it cancels the change.
    public var keepPlan: String { pick("Keep this plan", "このプランを継続") }
    /// A non-renewing subscription, bought again for one more period.
    public var buyAgain: String { pick("Buy again", "もう一度購入") }
    /// In grace or billing retry: what the customer has to do.
    public var updatePaymentButton: String { pick("Update payment method", "お支払い方法を更新") }
    public var billingIssueReason: String {
        // What to do first: a narrow window shows only the start of the sentence.
        pick("Update your payment method in your Apple Account settings: the App Store could not charge it. The subscription continues once the payment goes through.",
             "Appleアカウントの設定でお支払い方法を更新してください。App Storeで請求できませんでした。支払いが完了するとサブスクリプションが継続します。")
    }
    public var paymentsDisabledButton: String { pick("Purchases disabled", "購入できません") }
    /// Shown instead of a dead buy button when `canMakePayments` is false (S7, B11).
    public var paymentsDisabledReason: String {
        pick("Payments are disabled on this device (Screen Time or a device policy). Ask the device owner to allow in-app purchases.",
             "OSの支払い機能が無効化されています（スクリーンタイムや端末の制限）。App内課金を許可してください。")
    }
    public var busyButton: String { pick("Please wait...", "お待ちください...") }
}
