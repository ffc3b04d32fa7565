import Chrome
import Foundation
import Paywall

/// The shape of D8–D11: facts of the auto-renewal disclosure, each group of them standing in one
/// sentence on some reachable screen. The facts are written here as a reviewer reads them, per
/// language, never taken from the app's own strings, so a sentence that loses its "24 hours"
/// fails however the copy changes.
struct RenewalSentenceCheck: Sendable {
    var rule: String
    /// Per language: sentences, each a list of patterns (regular expressions, case-insensitive)
    /// that must all match within that one sentence.
    var facts: [Language: [[String]]]
    /// Whether the rule applies only when a subscription is offered.
    var subscriptionsOnly = true
    /// Literal facts that join the first sentence, from the plans (D9: each renewal price).
    var planFacts: @Sendable (RenderedPaywall) -> [String] = { _ in [] }
    var fix: String

    func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        guard !paywall.products.isEmpty else { return [] }
        if subscriptionsOnly && !paywall.products.contains(where: { $0.type == .autoRenewable }) { return [] }
        var groups = facts[paywall.language]!.map { $0.map { Fact.pattern($0) } }
        groups[0] += planFacts(paywall).map { Fact.literal($0) }
        let said = paywall.sentences
        var matched: [AuditMatch] = []
        var missing: [String] = []
        for group in groups {
            if let (scroll, canvas, sentence) = said.first(where: { _, _, sentence in group.allSatisfy { $0.found(in: sentence) } }) {
                matched.append(ScreenText.locate(sentence, on: canvas, scroll: scroll)
                               ?? AuditMatch(text: sentence, scroll: scroll, row: -1, column: -1))
                matched[matched.count - 1].text = sentence
            } else {
                // Name the facts no single sentence holds together.
                let best = said.max { a, b in group.count { $0.found(in: a.2) } < group.count { $0.found(in: b.2) } }
                let absent = group.filter { fact in !(best.map { fact.found(in: $0.2) } ?? false) }
                missing.append("one sentence with " + absent.map(\.description).joined(separator: " and "))
            }
        }
        if missing.isEmpty {
            return [paywall.finding(rule, .pass, "the disclosure says it: " + matched.map { "\"\($0.text)\"" }.joined(separator: " "),
                                    matched: matched)]
        }
        return [paywall.finding(rule, .fail, "no sentence on the paywall says it: missing " + missing.joined(separator: "; "),
                                matched: matched, missing: missing, fix: fix)]
    }

    enum Fact: Sendable, CustomStringConvertible {
        case pattern(String)
        case literal(String)

        func found(in sentence: String) -> Bool {
            switch self {
            case .pattern(let p): sentence.range(of: p, options: [.regularExpression, .caseInsensitive]) != nil
            case .literal(let l): sentence.contains(l)
            }
        }

        var description: String {
            switch self {
            case .pattern(let p): "/\(p)/"
            case .literal(let l): "\"\(l)\""
            }
        }
    }
}
