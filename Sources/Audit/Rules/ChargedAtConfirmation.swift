import MockStore
import Paywall

/// D10: payment is charged to the Apple account at confirmation of purchase (shown whenever
/// products are on offer, subscriptions or not).
public struct ChargedAtConfirmation: ScreenRule {
    public let rule = "D10"
    public init() {}

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        RenewalSentenceCheck(rule: rule, facts: AuditPhrases.chargedAtConfirmation, subscriptionsOnly: false,
           fix: "say that payment is charged to the Apple Account at confirmation of purchase")
            .check(paywall)
    }
}
