import TerminalUI

/// D15 in the headline: a trial the paywall's header advertises is the focused plan's configured
/// free trial (or, when the focused plan has none, one another plan on screen really offers this
/// customer), and none is advertised to a customer who can get none. A free time-limited trial of
/// a non-subscription app (D18) is a trial the customer can start, of the length its name states.
public struct HeadlineTrialMatchesFocusedPlan: ScreenRule {
    public let rule = "D15"
    public init() {}

    /// Words that make a length in the header a trial's.
    static let trialWords = #"free|trial|無料|トライアル|お試し"#

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        let eligible = paywall.products.compactMap { product in paywall.startableTrial(product).map { (product, $0) } }
        return paywall.products.compactMap { focused in
            guard let screen = paywall.focused[focused.id] else { return nil }
            let header = Self.header(of: screen)
            let advertised = ScreenText.sentences(header)
                .filter { $0.range(of: Self.trialWords, options: [.regularExpression, .caseInsensitive]) != nil }
                .flatMap { TrialLength.all(in: $0) }
            guard let first = advertised.first else { return nil }
            let match = ScreenText.locate(first.text, on: screen, scroll: 0)
                ?? AuditMatch(text: first.text, scroll: 0, row: 0, column: 0)
            let fix = "build the headline's trial from the focused plan's configured introductory offer"
            let context = "with \(focused.id) focused, the headline advertises a \(first.length.adjective) trial"
            if let own = paywall.startableTrial(focused) {
                if let wrong = advertised.first(where: { !$0.length.sameLength(as: own) }) {
                    return paywall.finding(rule, .fail, "with \(focused.id) focused, the headline advertises a \(wrong.length.adjective) trial, but that plan's trial is \(own)",
                                           matched: [match], missing: ["a \(own.adjective) trial in the headline"], fix: fix)
                }
                return paywall.finding(rule, .pass, "\(context), the focused plan's own", matched: [match])
            }
            if eligible.isEmpty {
                return paywall.finding(rule, .fail, "\(context), but this customer can get no trial on any plan",
                                       matched: [match], missing: ["a trial this customer can get"],
                                       fix: "advertise a trial only when the customer is eligible for a configured one")
            }
            if let wrong = advertised.first(where: { ad in !eligible.contains { $0.1.sameLength(as: ad.length) } }) {
                return paywall.finding(rule, .fail, "with \(focused.id) focused, the headline advertises a \(wrong.length.adjective) trial that no plan on screen offers",
                                       matched: [match], missing: eligible.map { "a \($0.1.adjective) trial (\($0.0.id))" }, fix: fix)
            }
            return paywall.finding(rule, .pass, "\(context), which \(eligible.filter { $0.1.sameLength(as: first.length) }.map(\.0.id).joined(separator: ", ")) offers",
                                   matched: [match])
        }
    }

    /// The rows of the first screen above the first plan: title, headline, benefits.
    static func header(of screen: Canvas) -> String {
        let planTop = screen.planRects.map(\.y).min() ?? screen.height
        return ScreenText.collapse((0..<planTop).map(screen.line).joined(separator: "\n"))
    }
}
