import MockStore
import Paywall

/// D11: subscriptions can be managed, and auto-renew turned off, in account settings after
/// purchase.
public struct ManageInAccountSettings: ScreenRule {
    public let rule = "D11"
    public init() {}

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        RenewalSentenceCheck(rule: rule, facts: AuditPhrases.manageInSettings, fix: "say that the subscription can be managed and auto-renew turned off in Account Settings after purchase")
            .check(paywall)
    }
}
