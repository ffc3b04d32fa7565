import MockStore
import Paywall

/// D3: each plan shows the amount it bills (`displayPrice`).
public struct BilledPriceShown: ScreenRule {
    public let rule = "D3"
    public init() {}

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        PlanFactCheck(rule: rule, what: "billed price",
                      fix: "show the product's displayPrice in its card",
                      expected: { product, _ in product.displayPrice }).check(paywall)
    }
}
