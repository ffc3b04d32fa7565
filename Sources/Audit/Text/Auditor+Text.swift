import Chrome
import Foundation
import MockStore
import Paywall

extension Auditor {
    /// The rules plain text can settle, each the same check a drawn paywall gets, plus D14 read
    /// from the text.
    static let textRules: [any ScreenRule] = [
        TitleShown(), PeriodShown(), BilledPriceShown(), PrivacyPolicyLinkShown(), TermsOfUseLinkShown(),
        RenewsAutomatically(), RenewalChargeStated(), ChargedAtConfirmation(), ManageInAccountSettings(),
        EligibleTrialDisclosed(), PlanTrialMatchesOffer(), RestoreNamedInText(), CommitmentDisclosed(),
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
        var findings = FileRules.findings(catalog: catalog, metadata: metadata, variant: catalogVariant)
        findings += Self.textRules.flatMap { $0.check(paywall) }
        findings += Self.beyondText.map { AuditFinding(rule: $0.rule, verdict: .human, variant: variant, message: $0.why) }
        return AuditReport(findings: findings)
    }

    /// The locale a paywall's text is written in: by its script for Japanese (kana), Korean
    /// (Hangul) and Chinese (simplified or traditional by its characters), else the language
    /// whose labels and disclosure words it uses most; English when nothing tells.
    public static func locale(ofText text: String) -> String {
        let scalars = text.unicodeScalars
        if scalars.contains(where: { (0x3040...0x30FF).contains($0.value) }) { return Language.ja.defaultLocale }
        if scalars.contains(where: { (0xAC00...0xD7AF).contains($0.value) }) { return Language.ko.defaultLocale }
        if scalars.contains(where: { (0x4E00...0x9FFF).contains($0.value) }) {
            let simplified = text.filter { "们订购买费续条隐设账关恢复价选择试这".contains($0) }.count
            let traditional = text.filter { "們訂購買費續條隱設帳關恢復價選擇試這".contains($0) }.count
            return (traditional > simplified ? Language.zhHant : .zhHans).defaultLocale
        }
        let scored = Language.allCases.map { language -> (Language, Int) in
            let labels = [AuditPhrases.restoreLabel, AuditPhrases.privacyLabel, AuditPhrases.termsLabel].compactMap { $0[language] }
            let phrases = (AuditPhrases.renewsAutomatically[language] ?? []).flatMap { $0 }
            let score = labels.filter { text.range(of: $0, options: .caseInsensitive) != nil }.count
                + phrases.filter { text.range(of: $0, options: [.regularExpression, .caseInsensitive]) != nil }.count
            return (language, score)
        }
        let best = scored.max { $0.1 < $1.1 }
        return (best.map { $0.1 > 0 ? $0.0 : .en } ?? .en).defaultLocale
    }
}
