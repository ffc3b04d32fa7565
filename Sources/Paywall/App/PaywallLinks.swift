import MockStore

/// The Privacy Policy and Terms of Use of the purchase flow (D5, D6), resolved once from the
/// manifest and the catalog's `appPolicies`.
public struct PaywallLinks: Sendable, Hashable {
    /// nil when neither the manifest nor `appPolicies` has one: the paywall then says so in
    /// error colours instead of hiding the gap (App Review rejects it, D5/D19).
    public var privacyPolicyURL: String?
    public var terms: Terms

    /// Terms of Use: a URL (Apple's standard EULA by default) or a custom EULA's text.
    public enum Terms: Sendable, Hashable {
        case url(String)
        case customText(String)
    }

    public init(privacyPolicyURL: String?, terms: Terms) {
        self.privacyPolicyURL = privacyPolicyURL
        self.terms = terms
    }

    /// Manifest (per-locale, then global) first, then `appPolicies` (this locale, this
    /// language, `en_US`, any), then Apple's standard EULA for the terms.
    public init(manifest: PaywallManifest, policies: AppPolicies, locale: String) {
        let copy = manifest.copy(for: locale)
        let withURL = policies.policies.filter { !$0.url.isEmpty }
        let policy = withURL.first { $0.locale == locale }
            ?? withURL.first { LocaleTag($0.locale).language == LocaleTag(locale).language }
            ?? withURL.first { $0.locale == "en_US" }
            ?? withURL.first
        privacyPolicyURL = copy?.privacyPolicyURL ?? manifest.privacyPolicyURL ?? policy?.url
        if let url = copy?.termsOfUseURL ?? manifest.termsOfUseURL {
            terms = .url(url)
        } else if !policies.eula.isEmpty {
            terms = .customText(policies.eula)
        } else {
            terms = .url(AppPolicies.standardEULAURL)
        }
    }

    /// The URL to show for the terms; nil for a custom EULA shown as text.
    public var termsURL: String? {
        if case .url(let url) = terms { return url }
        return nil
    }
}
