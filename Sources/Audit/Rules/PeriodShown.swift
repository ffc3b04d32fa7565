import MockStore

/// D2: each auto-renewable plan says how long one period is ("1 month", 「1か月」).
public struct PeriodShown: ScreenRule {
    public let rule = "D2"
    public init() {}

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        PlanFactCheck(rule: rule, what: "period",
                      fix: "write the subscription period in words in the plan's card, e.g. \"1 month\"",
                      expected: { product, _ in
                          guard product.type == .autoRenewable, let period = product.subscription?.subscriptionPeriod else { return nil }
                          return TrialLength(value: period.value, unit: period.unit).description
                      },
                      shows: { text, fact in
                          TrialLength.all(in: text).contains { $0.length.description == fact }
                      }).check(paywall)
    }
}
