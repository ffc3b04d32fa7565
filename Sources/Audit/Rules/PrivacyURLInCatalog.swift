import Foundation
import MockStore

/// D19 (as far as a file shows it): the catalog's App Policies hold a privacy-policy URL for the
/// locale, whatever the file's format version (a file without `appPolicies` has none).
public struct PrivacyURLInCatalog: CatalogRule {
    public let rule = "D19"
    public init() {}

    public func check(_ catalog: Catalog, variant: AuditVariant) -> [AuditFinding] {
        let policy = catalog.policies.privacyPolicy(for: variant.locale, fileDefault: catalog.settings.locale)
        if let url = policy?.url, !url.trimmingCharacters(in: .whitespaces).isEmpty {
            return [AuditFinding(rule: rule, verdict: .pass, variant: variant, message: "appPolicies has \(SourceText.excerpt(url, limit: 80)) for \(variant.locale)",
                                 evidence: AuditEvidence(matched: [AuditMatch(text: url, scroll: -1, row: -1, column: -1)]))]
        }
        return [AuditFinding(rule: rule, verdict: .fail, variant: variant,
                             message: "the catalog (format \(catalog.version)) has no privacy-policy URL for \(variant.locale)",
                             evidence: AuditEvidence(missing: ["appPolicies.policies[].policyURL for \(variant.locale)"]),
                             fix: "add a privacy-policy URL for \(variant.locale) in Xcode's App Policies"
                                + (catalog.version.major >= 4 ? "" : ", which saves the file as format 4.0") + " (and in App Store Connect)")]
    }
}
