import Foundation
import MockStore
import Paywall

extension Auditor {
    /// The rules plain text can settle, each the same check a drawn paywall gets, plus D14 read
    /// from the text.
    static let textRules: [any ScreenRule] = [
        TitleShown(), PeriodShown(), BilledPriceShown(), PrivacyPolicyLinkShown(), TermsOfUseLinkShown(),
        RenewsAutomatically(), RenewalChargeStated(), ChargedAtConfirmation(), ManageInAccountSettings(),
        EligibleTrialDisclosed(), PlanTrialMatchesOffer(), RestoreNamedInText(),
    ]

    /// The rules text cannot settle, and why: reported as needing a person.
    static let beyondText: [(rule: String, why: String)] = [
        ("D4", "plain text has no styles: is the billed price the most prominent price on the real screen?"),
        ("D7", "plain text does not say where it was shown: is it the app's own paywall, visible without opening anything (not the store's sheet or an alert)?"),
    ]

    /// Audits the plain text of a paywall (`text`, one element per line) against the catalog,
    /// for `customer` in `locale`: the text rules on it, the catalog rules on the catalog. Its
    /// findings' variant has the size "text".
    public func audit(text: String, locale: String, customer: CustomerState = .new) async throws -> AuditReport {
        let state = try await CustomerAccount.paywallState(catalog: catalog, manifest: manifest, theme: theme,
                                                           locale: locale, storefront: storefront, customer: customer)
        var variant = AuditVariant(locale: locale, storefront: storefront, state: customer, theme: theme.name)
        variant.size = "text"
        let paywall = RenderedPaywall(text: text, variant: variant, state: state, catalog: catalog)
        let catalogVariant = AuditVariant(locale: locale, storefront: storefront)
        var findings = Self.catalogRules.flatMap { $0.check(catalog, variant: catalogVariant) }
        findings += Self.metadataRules.flatMap { $0.check(metadata, catalog: catalog, variant: catalogVariant) }
        findings += Self.textRules.flatMap { $0.check(paywall) }
        findings += Self.beyondText.map { AuditFinding(rule: $0.rule, verdict: .human, variant: variant, message: $0.why) }
        return AuditReport(findings: findings)
    }

    /// ja_JP when the text is written in Japanese (it holds kana), else en_US.
    public static func locale(ofText text: String) -> String {
        text.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } ? "ja_JP" : "en_US"
    }
}
