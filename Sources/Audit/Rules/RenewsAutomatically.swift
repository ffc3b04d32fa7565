import MockStore
import Paywall

/// D8: the subscription renews automatically unless turned off at least 24 hours before the
/// period ends.
public struct RenewsAutomatically: ScreenRule {
    public let rule = "D8"
    public init() {}

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        RenewalSentenceCheck(rule: rule, facts: AuditPhrases.renewsAutomatically, fix: "say that the subscription renews automatically unless auto-renew is turned off at least 24 hours before the period ends")
            .check(paywall)
    }
}
