import MockStore
import Paywall

/// D19: App Store Connect's Privacy Policy URL field is filled. With `--metadata`, read that
/// field; without it, the catalog's App Policies stand in for it (`PrivacyURLInCatalog`).
public struct PrivacyURLField: MetadataRule {
    public let rule = "D19"
    public init() {}

    public func check(_ metadata: AppMetadata?, catalog: Catalog, variant: AuditVariant) -> [AuditFinding] {
        guard let metadata else { return PrivacyURLInCatalog().check(catalog, variant: variant) }
        if let url = metadata.privacyPolicyURL {
            return [AuditFinding(rule: rule, verdict: .pass, variant: variant,
                                 message: "\(SourceText.path(metadata.source)) fills the Privacy Policy URL field with \(SourceText.excerpt(url, limit: 80))",
                                 evidence: AuditEvidence(matched: [metadata.evidence(url)]))]
        }
        return [AuditFinding(rule: rule, verdict: .fail, variant: variant,
                             message: "\(SourceText.path(metadata.source)) leaves App Store Connect's Privacy Policy URL field empty",
                             evidence: AuditEvidence(missing: ["privacyPolicyURL in \(metadata.source)"]),
                             fix: "fill in the Privacy Policy URL in App Store Connect (App Information) and in the metadata file")]
    }
}
