import MockStore
import Paywall

/// D5: the purchase flow links the Privacy Policy with a URL ("not configured" fails).
public struct PrivacyPolicyLinkShown: ScreenRule {
    public let rule = "D5"
    public init() {}

    /// The link's label, by language.
    static let label = AuditPhrases.privacyLabel

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        LegalLinkCheck(rule: rule, privacy: true, label: Self.label,
                       fix: "add a privacy-policy URL for this locale to the catalog's appPolicies or the manifest's privacyPolicyURL")
            .check(paywall)
    }
}
