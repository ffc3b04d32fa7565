import MockStore
import Paywall

/// D8: the subscription renews automatically unless turned off at least 24 hours before the
/// period ends.
public struct RenewsAutomatically: ScreenRule {
    public let rule = "D8"
    public init() {}

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        RenewalSentenceCheck(rule: rule, facts: [
            .en: [[#"renews? automatically|automatically renews?"#, #"24 hours"#, #"before the (end|period ends)"#]],
            // Japanese says it in two sentences: it renews, and when to turn it off.
            .ja: [["自動(的に|で)?更新され"], ["24時間前", "オフ|解約|キャンセル"]],
        ], fix: "say that the subscription renews automatically unless auto-renew is turned off at least 24 hours before the period ends")
            .check(paywall)
    }
}
