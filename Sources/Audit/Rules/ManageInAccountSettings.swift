import MockStore
import Paywall

/// D11: subscriptions can be managed, and auto-renew turned off, in account settings after
/// purchase.
public struct ManageInAccountSettings: ScreenRule {
    public let rule = "D11"
    public init() {}

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        RenewalSentenceCheck(rule: rule, facts: [
            .en: [[#"manage"#, #"turn(ed)? off auto-?renew"#, #"account settings"#]],
            .ja: [["アカウント設定", "管理", "自動更新"]],
        ], fix: "say that the subscription can be managed and auto-renew turned off in Account Settings after purchase")
            .check(paywall)
    }
}
