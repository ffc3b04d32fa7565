import Foundation
import MockStore
import Paywall

/// D20: the App Description links the EULA (Apple's standard one or the app's own terms), or a
/// custom EULA is set in App Store Connect. Only `--metadata` shows either; without it a person
/// has to look.
public struct EULAInMetadata: MetadataRule {
    public let rule = "D20"
    public init() {}

    /// A URL in a sentence that names the terms, or Apple's standard EULA anywhere.
    static let termsWords = #"terms of use|terms and conditions|terms of service|eula|license agreement|licence agreement|利用規約|使用許諾"#
    static let url = #"https?://[^\s)）]+"#

    public func check(_ metadata: AppMetadata?, catalog: Catalog, variant: AuditVariant) -> [AuditFinding] {
        guard let metadata else {
            return [AuditFinding(rule: rule, verdict: .human, variant: variant,
                                 message: "does the App Description link the EULA, or is a custom EULA set? pass --metadata FILE with the App Store metadata to check it")]
        }
        if let custom = metadata.customEULA {
            return [AuditFinding(rule: rule, verdict: .pass, variant: variant, message: "\(metadata.source) sets a custom EULA",
                                 evidence: AuditEvidence(matched: [metadata.evidence(String(custom.prefix(80)))]))]
        }
        if let link = Self.eulaLink(in: metadata.appDescription ?? "") {
            return [AuditFinding(rule: rule, verdict: .pass, variant: variant, message: "the App Description links the EULA: \"\(link)\"",
                                 evidence: AuditEvidence(matched: [metadata.evidence(link)]))]
        }
        let seen = metadata.appDescription == nil ? "has no App Description" : "has an App Description without an EULA link"
        return [AuditFinding(rule: rule, verdict: .fail, variant: variant,
                             message: "\(metadata.source) \(seen) and no custom EULA",
                             evidence: AuditEvidence(missing: ["a Terms of Use (EULA) link in the App Description, or customEULA"]),
                             fix: "add \"Terms of Use (EULA): \(AppPolicies.standardEULAURL)\" to the App Description, or set a custom EULA in App Store Connect")]
    }

    /// The sentence (or line) of `description` that links the EULA, if any.
    static func eulaLink(in description: String) -> String? {
        let pieces = description.split(whereSeparator: \.isNewline).flatMap { ScreenText.sentences(String($0)) }
        return pieces.first { piece in
            piece.contains("apple.com/legal/internet-services/itunes/dev/stdeula")
                || (piece.range(of: termsWords, options: [.regularExpression, .caseInsensitive]) != nil
                    && piece.range(of: url, options: .regularExpression) != nil)
        }
    }
}
