import MockStore
import Paywall
import TerminalUI

/// D1: each plan is titled with its display name (the product id when the name is empty), as a
/// terminal can show it: control characters and escape sequences a catalog may hold are never
/// drawn, so the name is compared without them.
public struct TitleShown: ScreenRule {
    public let rule = "D1"
    public init() {}

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        PlanFactCheck(rule: rule, what: "title",
                      fix: "draw the product's displayName whole in its card (wrap it, never cut it)",
                      expected: { product, _ in
                          ScreenText.collapse(SafeText(product.displayName.isEmpty ? product.id : product.displayName).string)
                      }).check(paywall)
    }
}
