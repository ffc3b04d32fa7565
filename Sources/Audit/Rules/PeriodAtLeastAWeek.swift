import MockStore

/// D16 (the part a file can show): an auto-renewable period lasts at least 7 days.
public struct PeriodAtLeastAWeek: CatalogRule {
    public let rule = "D16"
    public init() {}

    public func check(_ catalog: Catalog, variant: AuditVariant) -> [AuditFinding] {
        catalog.products.filter { $0.type == .autoRenewable }.sorted { $0.id < $1.id }.compactMap { product in
            guard let period = product.subscription?.period else { return nil }
            let length = TrialLength(value: period.value, unit: period.unit)
            let evidence = AuditEvidence(matched: [AuditMatch(text: "\(product.id): \(length)", scroll: -1, row: -1, column: -1)])
            if length.days < 7 {
                return AuditFinding(rule: rule, verdict: .fail, variant: variant,
                                    message: "\(product.id) renews every \(length), shorter than a week",
                                    evidence: evidence, fix: "give \(product.id) a period of at least 1 week")
            }
            return AuditFinding(rule: rule, verdict: .pass, variant: variant, message: "\(product.id) renews every \(length)", evidence: evidence)
        }
    }
}
