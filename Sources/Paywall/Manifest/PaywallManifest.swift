import Chrome
import MockStore

/// The paywall's own copy and layout choices, from a small YAML file a developer edits by hand:
/// per-locale title, subtitle and feature bullets, which products to show in which order, the
/// Privacy Policy and Terms of Use URLs, and an optional auto-renewal wording override.
///
/// Everything is optional: a `.storekit` with no manifest still gives a complete paywall
/// (default copy, every product, links from `appPolicies`, Apple's standard EULA).
public struct PaywallManifest: Sendable, Hashable {
    /// Product identifiers in display order; empty means every product of the catalog.
    public var productIDs: [String]
    /// A product to mark "Best value" / 「おすすめ」.
    public var highlightProductID: String?
    /// Links for every language unless a localization overrides them.
    public var privacyPolicyURL: String?
    public var termsOfUseURL: String?
    /// Copy keyed by the locale written in the file (`en`, `ja`, `ja_JP`…).
    public var localizations: [String: ManifestCopy]
    /// Where it was read from, for messages.
    public var source: String

    public init(productIDs: [String] = [], highlightProductID: String? = nil, privacyPolicyURL: String? = nil,
                termsOfUseURL: String? = nil, localizations: [String: ManifestCopy] = [:], source: String = "<none>") {
        self.productIDs = productIDs
        self.highlightProductID = highlightProductID
        self.privacyPolicyURL = privacyPolicyURL
        self.termsOfUseURL = termsOfUseURL
        self.localizations = localizations
        self.source = source
    }

    /// No manifest: defaults everywhere.
    public static let empty = PaywallManifest()

    /// The copy for a language: an exact locale key first (`ja_JP`), then any key of the same
    /// language (`ja`), then English, the development language an app's own text falls back to
    /// as on a device; nil when the file has none of these, so the caller uses built-in copy.
    public func copy(for locale: String) -> ManifestCopy? {
        if let exact = localizations[locale] { return exact }
        let tag = LocaleTag(locale)
        let choice = LanguageChoice(locale: locale)
        let translated = choice.missingLanguage == nil ? choice.language.manifestKeys : []
        let sameLanguage = localizations.keys.sorted().filter { LocaleTag($0).language == tag.language }
        for key in translated + sameLanguage + Language.en.manifestKeys {
            if let copy = localizations[key] { return copy }
        }
        return nil
    }
}

/// One language's paywall copy. Every field is optional; missing ones use Tollbooth's defaults.
public struct ManifestCopy: Sendable, Hashable {
    public var title: String?
    /// Shown when no free trial is on offer to this customer.
    public var subtitle: String?
    /// Shown instead of `subtitle` while the customer is eligible for a free trial, so a
    /// returning subscriber is never promised a trial they can't get (D15).
    public var trialSubtitle: String?
    /// What stops working when a free time-limited trial of a non-subscription app ends (a
    /// non-consumable at price 0 named like "14-day Trial", D18), shown on that trial's plan;
    /// without it the plan says so in general words.
    public var trialEnds: String?
    /// Benefit bullets: what the customer gets (D13).
    public var features: [String]
    /// Replaces the generated auto-renewal disclosure. `{prices}` is replaced by the regular
    /// renewal prices so the wording can still name them (D9).
    public var autoRenewText: String?
    public var privacyPolicyURL: String?
    public var termsOfUseURL: String?

    public init(title: String? = nil, subtitle: String? = nil, trialSubtitle: String? = nil, trialEnds: String? = nil,
                features: [String] = [], autoRenewText: String? = nil, privacyPolicyURL: String? = nil,
                termsOfUseURL: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.trialSubtitle = trialSubtitle
        self.trialEnds = trialEnds
        self.features = features
        self.autoRenewText = autoRenewText
        self.privacyPolicyURL = privacyPolicyURL
        self.termsOfUseURL = termsOfUseURL
    }
}
