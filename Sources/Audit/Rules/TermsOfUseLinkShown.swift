import MockStore
import Paywall

/// D6: the purchase flow links the Terms of Use (Apple's standard EULA or a custom one).
public struct TermsOfUseLinkShown: ScreenRule {
    public let rule = "D6"
    public init() {}

    /// The link's label, by language.
    static let label = AuditPhrases.termsLabel

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        LegalLinkCheck(rule: rule, privacy: false, label: Self.label,
                       fix: "set the manifest's termsOfUseURL, or leave it out to link Apple's standard EULA",
                       acceptsWithoutURL: { text, paywall in
                           // A custom EULA from the catalog is read in the app itself.
                           !paywall.catalog.policies.eula.isEmpty && text.contains("EULA")
                       })
            .check(paywall)
    }
}
