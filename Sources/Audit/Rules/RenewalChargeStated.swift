import MockStore
import Paywall

/// D9: the account is charged for renewal within 24 hours before the period ends, at a stated
/// price: every subscription's renewal price stands in that sentence.
public struct RenewalChargeStated: ScreenRule {
    public let rule = "D9"
    public init() {}

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        RenewalSentenceCheck(rule: rule, facts: AuditPhrases.renewalCharge, planFacts: { paywall in
            paywall.products.filter { $0.type == .autoRenewable }.map(\.displayPrice)
        }, fix: "say that renewal is charged within 24 hours before the period ends, naming each plan's renewal price")
            .check(paywall)
    }
}
