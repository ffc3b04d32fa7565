import Foundation
import MockStore
import Paywall

/// D22: a plan that can also be paid monthly over a 12-month commitment (a v5 catalog's
/// `MONTHLY` billing plan) states, in one sentence on the paywall body, the monthly amount, the
/// number of payments, their total, and that the commitment renews. The amounts are the
/// catalog's, formatted as the plan's price is; the words are a reviewer's, per language
/// (`AuditPhrases.commitment`), never the app's own strings.
public struct CommitmentDisclosed: ScreenRule {
    public let rule = "D22"
    public init() {}

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        paywall.products.compactMap { product -> AuditFinding? in
            guard let listed = paywall.catalog.product(id: product.id), let terms = CommitmentTerms(listed) else { return nil }
            let monthly = terms.monthly(for: product), total = terms.total(for: product)
            let words = AuditPhrases.commitment[paywall.language] ?? AuditPhrases.commitment[.en]!
            let facts: [(RenewalSentenceCheck.Fact, String)] = [
                (.literal(monthly), "the monthly amount \"\(monthly)\""),
                (.pattern(words.payments.replacingOccurrences(of: "{n}", with: "\(terms.payments)")), "the number of payments (\(terms.payments))"),
                (.literal(total), "the total \"\(total)\""),
                (.pattern(words.commitment), "that it is a commitment"),
                (.pattern(words.renews), "that the commitment renews"),
            ]
            func holds(_ sentence: String) -> Int { facts.count { $0.0.found(in: sentence) } }
            if let (scroll, canvas, sentence) = paywall.sentences.first(where: { holds($0.text) == facts.count }) {
                var match = ScreenText.locate(sentence, on: canvas, scroll: scroll)
                    ?? AuditMatch(text: sentence, scroll: scroll, row: -1, column: -1)
                match.text = sentence
                return paywall.finding(rule, .pass, "\(product.id)'s commitment is disclosed: \"\(sentence)\"", matched: [match])
            }
            // Name what the closest sentence lacks.
            let best = paywall.sentences.max { holds($0.text) < holds($1.text) }
            let missing = facts.filter { fact, _ in !(best.map { fact.found(in: $0.text) } ?? false) }.map(\.1)
            return paywall.finding(rule, .fail,
                                   "\(product.id) can be paid monthly over a commitment, but no sentence on the paywall states "
                                       + missing.joined(separator: ", "),
                                   missing: missing.map { "one sentence with \($0)" },
                                   fix: "state in one sentence the monthly amount, the \(terms.payments) payments, their total, and that the commitment renews unless auto-renew is turned off")
        }
    }
}
