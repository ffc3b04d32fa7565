import MockStore

/// Rules that a file and a screen cannot settle: reported once per locale with verdict `human`,
/// so the summary says what a person still has to look at.
public struct NeedsAPerson: CatalogRule {
    public let rule = "D13"
    public init() {}

    static let questions: [(rule: String, question: String)] = [
        ("D13", "do the benefits shown say what the customer gets for the price?"),
        ("D17", "is anything extra (rating, sharing) asked before the customer gets what was paid for?"),
        ("D21", "are the in-app purchases submitted for review with the app version that uses them (App Store Connect)?"),
    ]

    public func check(_ catalog: Catalog, variant: AuditVariant) -> [AuditFinding] {
        Self.questions.map { AuditFinding(rule: $0.rule, verdict: .human, variant: variant, message: $0.question) }
    }
}
