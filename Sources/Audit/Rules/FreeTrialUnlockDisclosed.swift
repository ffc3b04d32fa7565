import Foundation
import MockStore
import Paywall

/// D18: a free time-limited trial of a non-subscription app (a non-consumable at price 0 named
/// like "14-day Trial", as `TimeLimitedTrial` recognises it) says on its plan, before it starts:
/// its length, what stops working when it ends, and the price of the full unlock (a paid
/// non-consumable on the paywall).
public struct FreeTrialUnlockDisclosed: ScreenRule {
    public let rule = "D18"
    public init() {}

    /// What a reviewer reads as "this stops working", when the manifest has no `trialEnds`.
    static let stops = AuditPhrases.trialStops

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        let unlocks = paywall.products.filter { $0.type == .nonConsumable && $0.price > 0 }
        return paywall.products.compactMap { product in
            guard let trial = TimeLimitedTrial(product) else { return nil }
            let length = TrialLength(value: trial.length.value, unit: trial.length.unit)
            let ends = paywall.state.copy?.trialEnds.map(ScreenText.collapse)
            let facts: [(what: String, find: (String) -> String?)] = [
                ("its length, \(length)", { text in TrialLength.all(in: text).first { $0.length.sameLength(as: length) }?.text }),
                (ends.map { "what stops working, \"\($0)\"" } ?? "what stops working when it ends", { text in
                    if let ends { return text.contains(ends) ? ends : nil }
                    return text.range(of: Self.stops[paywall.language]!, options: [.regularExpression, .caseInsensitive]).map { String(text[$0]) }
                }),
                (unlocks.isEmpty ? "the full unlock's price (the paywall sells no paid non-consumable)"
                                 : "the full unlock's price (\(unlocks.map(\.displayPrice).joined(separator: " or ")))", { text in
                    unlocks.map(\.displayPrice).first { text.contains($0) }
                }),
            ]
            var matched: [AuditMatch] = []
            var missing: [String] = []
            let views = paywall.planViews(product.id)
            for fact in facts {
                if let (view, text) = views.lazy.compactMap({ view in fact.find(view.text).map { (view, $0) } }).first {
                    matched.append(ScreenText.locate(text, on: view.canvas, scroll: view.scroll, within: view.rect)
                                   ?? AuditMatch(text: text, scroll: view.scroll, row: view.rect.y, column: view.rect.x))
                } else {
                    missing.append(fact.what)
                }
            }
            if missing.isEmpty {
                return paywall.finding(rule, .pass, "\(product.id)'s free \(length) trial names its length, what stops working and the full unlock's price",
                                       matched: matched)
            }
            return paywall.finding(rule, .fail, "\(product.id) is a free trial of \(length), but its plan does not show " + missing.joined(separator: "; "),
                                   matched: matched, missing: missing,
                                   fix: unlocks.isEmpty ? "add the paid full unlock (a non-consumable) to the catalog and the paywall, so the trial can name its price"
                                                        : "show the trial's length, what stops working (the manifest's trialEnds) and the full unlock's price on its plan")
        }
    }
}
