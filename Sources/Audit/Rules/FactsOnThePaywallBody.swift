import Chrome
import MockStore
import Paywall

/// D7: every required fact (D1–D3, D5, D6, D8–D12, as they apply) is on the paywall body, where
/// the customer reads it before pressing buy; the confirmation sheet that opens after does not
/// count (forum thread 74227). Each fact is found by its own rule, on the body and on the sheets:
///
/// - fail: a fact the body lacks is in a confirmation sheet (only after the buy action);
/// - warning: a fact is on the body but below the first screen: it needs scrolling;
/// - pass: every fact is on the first screen.
///
/// A fact that is nowhere at all is its own rule's failure, not reported twice here.
public struct FactsOnThePaywallBody: ScreenRule {
    public let rule = "D7"
    public init() {}

    /// The rules whose facts must be on the body.
    static let factRules: [any ScreenRule] = [
        TitleShown(), PeriodShown(), BilledPriceShown(), PrivacyPolicyLinkShown(), TermsOfUseLinkShown(),
        RenewsAutomatically(), RenewalChargeStated(), ChargedAtConfirmation(), ManageInAccountSettings(),
        EligibleTrialDisclosed(),
    ]

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        let onBody = Self.factRules.flatMap { $0.check(paywall) }
        guard !onBody.isEmpty else { return [] }
        let inSheets = Set(Self.factRules.flatMap { $0.check(paywall.sheetsOnly) }.filter { $0.verdict == .pass }
            .map { Self.fact($0, paywall) })
        let onlyInSheets = onBody.filter { $0.verdict == .fail && inSheets.contains(Self.fact($0, paywall)) }
        let shown = onBody.filter { $0.verdict == .pass }
        if !onlyInSheets.isEmpty {
            let names = onlyInSheets.map { Self.name(Self.fact($0, paywall)) }
            return [paywall.finding(rule, .fail, "only the confirmation sheet, after the buy action, shows " + names.joined(separator: ", "),
                                    matched: shown.flatMap(\.evidence.matched),
                                    missing: onlyInSheets.map { Self.name(Self.fact($0, paywall)) + " on the paywall body" },
                                    fix: "show these on the paywall itself, before the buy button is pressed; the confirmation sheet does not count")]
        }
        // How far the body must scroll before the whole fact has been on screen.
        let below = shown.map { ($0, $0.evidence.matched.map(\.scroll).max() ?? 0) }.filter { $0.1 > 0 }
        if !below.isEmpty {
            let deepest = below.map(\.1).max()!
            let names = below.map { finding, rows in
                "\(Self.name(Self.fact(finding, paywall))) (\(rows) row\(rows == 1 ? "" : "s") down)"
            }
            return [paywall.finding(rule, .warning,
                                    "\(below.count) fact\(below.count == 1 ? " is" : "s are") below the fold, up to \(EnglishCount.of(deepest, "row")) down: "
                                        + names.joined(separator: ", "),
                                    matched: below.flatMap(\.0.evidence.matched),
                                    fix: "make the first screen show them, or accept that a customer at this size must scroll")]
        }
        return [paywall.finding(rule, .pass, "all \(shown.count) required facts are on the first screen of the paywall body",
                                matched: shown.flatMap(\.evidence.matched))]
    }

    /// A fact as "rule and what it is about": the product a finding names first, else the whole paywall.
    struct Fact: Hashable {
        var rule: String
        var subject: String
    }

    static func fact(_ finding: AuditFinding, _ paywall: RenderedPaywall) -> Fact {
        let product = paywall.products.map(\.id).filter { finding.message.hasPrefix($0) }.max { $0.count < $1.count }
        return Fact(rule: finding.rule, subject: product ?? "the paywall")
    }

    /// What each rule's fact is, for messages.
    static let what = [
        "D1": "title", "D2": "period", "D3": "billed price", "D5": "Privacy Policy link", "D6": "Terms of Use link",
        "D8": "auto-renewal sentence", "D9": "renewal-charge sentence", "D10": "charged-at-confirmation sentence",
        "D11": "manage-in-settings sentence", "D12": "free-trial terms",
    ]

    /// "D8 auto-renewal sentence", "D1 title of dev.example.monthly".
    static func name(_ fact: Fact) -> String {
        let what = Self.what[fact.rule] ?? "fact"
        return "\(fact.rule) \(what)" + (fact.subject == "the paywall" ? "" : " of \(fact.subject)")
    }
}
