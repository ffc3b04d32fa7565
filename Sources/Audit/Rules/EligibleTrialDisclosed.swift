import Paywall

/// D12: a free trial the customer can get is disclosed before the tap: its length and the price
/// after it on the plan, and that unused trial time is forfeited on purchase.
public struct EligibleTrialDisclosed: ScreenRule {
    public let rule = "D12"
    public init() {}

    static let forfeit = AuditPhrases.trialForfeit

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        let sentences = paywall.sentences
        let forfeit = sentences.first { $0.2.range(of: Self.forfeit[paywall.language]!, options: [.regularExpression, .caseInsensitive]) != nil }
        return paywall.products.compactMap { product in
            guard let trial = paywall.eligibleFreeTrial(product) else { return nil }
            var matched: [AuditMatch] = []
            var missing: [String] = []
            let views = paywall.planViews(product.id)
            // The trial's length, then (later in the same card) the price it turns into.
            let shown = views.lazy.compactMap { view -> (AuditMatch)? in
                guard let found = TrialLength.freeTrials(in: view.text).first(where: { $0.length.sameLength(as: trial) }),
                      let at = view.text.range(of: found.text),
                      view.text[at.upperBound...].contains(product.displayPrice) else { return nil }
                return ScreenText.locate(found.text, on: view.canvas, scroll: view.scroll, within: view.rect)
                    ?? AuditMatch(text: found.text, scroll: view.scroll, row: view.rect.y, column: view.rect.x)
            }.first
            if let shown { matched.append(shown) } else { missing.append("\"\(trial) free, then \(product.displayPrice)\" in \(product.id)'s card") }
            if let (scroll, canvas, sentence) = forfeit {
                matched.append(AuditMatch(text: sentence, scroll: scroll,
                                          row: ScreenText.locate(sentence, on: canvas, scroll: scroll)?.row ?? -1,
                                          column: ScreenText.locate(sentence, on: canvas, scroll: scroll)?.column ?? -1))
            } else {
                missing.append("a sentence saying unused free-trial time is forfeited on purchase")
            }
            if missing.isEmpty {
                return paywall.finding(rule, .pass, "\(product.id)'s \(trial) free trial is disclosed with the price after it", matched: matched)
            }
            return paywall.finding(rule, .fail, "\(product.id)'s \(trial) free trial is on offer but not disclosed: missing " + missing.joined(separator: "; "),
                                   matched: matched, missing: missing,
                                   fix: "show the trial's length and the price after it on the plan, and the forfeit sentence")
        }
    }
}
