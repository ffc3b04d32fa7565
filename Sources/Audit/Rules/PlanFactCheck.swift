import MockStore
import TerminalUI

/// The shape of D1–D3: for every plan, a fact must be drawn inside that plan's own card or row
/// on some reachable screen.
struct PlanFactCheck: Sendable {
    var rule: String
    /// What is checked, for the message ("title", "period", "billed price").
    var what: String
    var fix: String
    /// The fact's text for a plan, nil when the rule does not apply to it.
    var expected: @Sendable (Product, RenderedPaywall) -> String?
    /// Whether a plan's text shows the fact (default: contains it).
    var shows: @Sendable (String, String) -> Bool = { text, fact in text.contains(fact) }

    func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        paywall.products.compactMap { product in
            guard let fact = expected(product, paywall) else { return nil }
            let views = paywall.planViews(product.id)
            if let hit = views.first(where: { shows($0.text, fact) }) {
                let match = ScreenText.locate(fact, on: hit.canvas, scroll: hit.scroll, within: hit.rect)
                    ?? AuditMatch(text: fact, scroll: hit.scroll, row: hit.rect.y, column: hit.rect.x)
                return paywall.finding(rule, .pass, "\(product.id) shows its \(what) \"\(fact)\"", matched: [match])
            }
            let seen = views.isEmpty ? "the plan is not drawn on any screen" : "its card shows \"\(views[0].text)\""
            return paywall.finding(rule, .fail, "\(product.id) does not show its \(what) \"\(fact)\": \(seen)",
                                   missing: ["\(what) \"\(fact)\" in \(product.id)'s card"], fix: fix)
        }
    }
}
