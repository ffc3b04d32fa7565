import MockStore
import Paywall

/// D15 on the plans: a trial a plan's card advertises is that plan's configured free trial, of
/// the same length, for a customer who can get it.
public struct PlanTrialMatchesOffer: ScreenRule {
    public let rule = "D15"
    public init() {}

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        paywall.products.filter { $0.subscription != nil }.compactMap { product in
            let views = paywall.planViews(product.id)
            guard let (view, shown) = views.lazy.compactMap({ view in TrialLength.freeTrials(in: view.text).first.map { (view, $0) } }).first
            else { return nil }
            let match = ScreenText.locate(shown.text, on: view.canvas, scroll: view.scroll, within: view.rect)
                ?? AuditMatch(text: shown.text, scroll: view.scroll, row: view.rect.y, column: view.rect.x)
            guard let configured = paywall.eligibleFreeTrial(product) else {
                return paywall.finding(rule, .fail, "\(product.id) advertises \"\(shown.text)\" free, but \(paywall.noTrialReason(product))",
                                       matched: [match], missing: ["a free trial this customer can get"],
                                       fix: "show a trial only when Product.SubscriptionInfo.isEligibleForIntroOffer is true and the offer is configured")
            }
            guard shown.length.sameLength(as: configured) else {
                return paywall.finding(rule, .fail, "\(product.id) advertises a \(shown.length.adjective) trial, but its configured trial is \(configured)",
                                       matched: [match], missing: ["a \(configured.adjective) trial"],
                                       fix: "build the trial's length from the plan's configured introductory offer")
            }
            return paywall.finding(rule, .pass, "\(product.id) advertises its configured \(configured.adjective) trial", matched: [match])
        }
    }
}
