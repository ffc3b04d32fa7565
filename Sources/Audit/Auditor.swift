import Chrome
import Foundation
import MockStore
import Paywall
import TerminalUI

/// Renders the real paywall for every variant asked for and runs the disclosure rules of
/// docs/domain.md §3 on its cells (P) and on the catalog (M).
public struct Auditor: Sendable {
    public var catalog: Catalog
    public var manifest: PaywallManifest
    public var theme: Theme
    /// App Store metadata (`--metadata`); nil when the reviewer has none.
    public var metadata: AppMetadata?

    public init(catalog: Catalog, manifest: PaywallManifest = .empty, theme: Theme? = nil, metadata: AppMetadata? = nil) {
        self.catalog = catalog
        self.manifest = manifest
        self.metadata = metadata
        self.theme = theme ?? ((try? ThemeLoader.bundled("default")) ?? .fallback)
    }

    /// The rules read on the rendered paywall.
    public static let screenRules: [any ScreenRule] = [
        TitleShown(), PeriodShown(), BilledPriceShown(), BilledPriceMostProminent(), PrivacyPolicyLinkShown(),
        TermsOfUseLinkShown(), FactsOnThePaywallBody(), RenewsAutomatically(), RenewalChargeStated(),
        ChargedAtConfirmation(), ManageInAccountSettings(), EligibleTrialDisclosed(), RestorePurchasesShown(),
        PlanTrialMatchesOffer(), HeadlineTrialMatchesFocusedPlan(), FreeTrialUnlockDisclosed(), CommitmentDisclosed(),
    ]

    /// The rules read on the catalog.
    public static let catalogRules: [any CatalogRule] = [PeriodAtLeastAWeek(), NeedsAPerson()]

    /// The rules read on the App Store metadata (D19 falls back to the catalog without it).
    public static let metadataRules: [any MetadataRule] = [PrivacyURLField(), EULAInMetadata()]

    public static let defaultSizes = [Size(width: 80, height: 24), Size(width: 40, height: 20)]

    /// Every language the catalog or the manifest localizes, as a locale (a bare `ja` becomes
    /// `ja_JP`), in the order first met; `en_US` when neither localizes anything.
    public static func defaultLocales(for catalog: Catalog, manifest: PaywallManifest = .empty) -> [String] {
        var locales: [String] = []
        for given in catalog.localizationLocales + manifest.localizations.keys.sorted() {
            let locale = Self.fullLocale(given)
            if !locales.contains(where: { $0.lowercased() == locale.lowercased() }) { locales.append(locale) }
        }
        return locales.isEmpty ? ["en_US"] : locales
    }

    /// `ja` → `ja_JP`, `de` → `de_DE`: a bare language with the region its App Store is best
    /// known by; a locale with a region or script stays as written (`en-GB` → `en_GB`).
    static func fullLocale(_ given: String) -> String {
        let locale = given.replacingOccurrences(of: "-", with: "_")
        guard !locale.contains("_") else { return locale }
        let regions = ["en": "US", "ja": "JP", "zh": "CN", "ko": "KR", "pt": "BR", "ar": "SA", "sv": "SE", "da": "DK",
                       "nb": "NO", "el": "GR", "he": "IL", "hi": "IN", "uk": "UA", "cs": "CZ", "vi": "VN", "ms": "MY"]
        return "\(locale.lowercased())_\(regions[locale.lowercased()] ?? locale.uppercased())"
    }

    /// The catalog's own storefront, the default one to audit.
    public var storefront: String { catalog.settings.storefront ?? "USA" }

    /// The paywall of one variant, drawn and ready for the screen rules.
    public func paywall(locale: String, storefront: String? = nil, size: Size,
                        customer: CustomerState) async throws -> RenderedPaywall {
        let storefront = storefront ?? self.storefront
        let state = try await CustomerAccount.paywallState(catalog: catalog, manifest: manifest, theme: theme, locale: locale,
                                                           storefront: storefront, customer: customer)
        return RenderedPaywall(variant: variant(locale, storefront, size, customer), state: state, catalog: catalog, size: size)
    }

    func variant(_ locale: String, _ storefront: String, _ size: Size, _ customer: CustomerState) -> AuditVariant {
        AuditVariant(locale: locale, storefront: storefront, size: size, state: customer, theme: theme.name)
    }

    /// Every rule on every variant: locales × storefronts × sizes × customers for the screen
    /// rules, locales for the catalog rules (which do not depend on the storefront).
    ///
    /// Variants are drawn and checked in parallel (each has its own in-memory store), and their
    /// findings joined in the order a sequential run gives, so the report is the same bytes.
    public func audit(locales: [String]? = nil, storefronts: [String]? = nil, sizes: [Size] = Auditor.defaultSizes,
                      customers: [CustomerState] = CustomerState.allCases) async throws -> AuditReport {
        var findings: [AuditFinding] = []
        let storefronts = storefronts ?? [storefront]
        let locales = locales ?? Self.defaultLocales(for: catalog, manifest: manifest)
        var screens: [(locale: String, storefront: String, customer: CustomerState)] = []
        for locale in locales {
            for storefront in storefronts {
                for customer in customers { screens.append((locale, storefront, customer)) }
            }
        }
        let screenFindings = try await withThrowingTaskGroup(of: (Int, [AuditFinding]).self) { group in
            for (index, screen) in screens.enumerated() {
                group.addTask { (index, try await self.screenFindings(screen.locale, screen.storefront, screen.customer, sizes: sizes)) }
            }
            var byIndex = [[AuditFinding]](repeating: [], count: screens.count)
            for try await (index, found) in group { byIndex[index] = found }
            return byIndex
        }
        for locale in locales {
            let variant = AuditVariant(locale: locale, storefront: storefronts.first ?? storefront)
            findings += FileRules.findings(catalog: catalog, metadata: metadata, variant: variant)
            for (index, screen) in screens.enumerated() where screen.locale == locale { findings += screenFindings[index] }
        }
        return AuditReport(findings: findings)
    }

    /// The screen rules on one customer's paywall in one language and storefront, at each size.
    private func screenFindings(_ locale: String, _ storefront: String, _ customer: CustomerState,
                                sizes: [Size]) async throws -> [AuditFinding] {
        let state = try await CustomerAccount.paywallState(catalog: catalog, manifest: manifest, theme: theme, locale: locale,
                                                           storefront: storefront, customer: customer)
        var findings: [AuditFinding] = []
        for size in sizes {
            let paywall = RenderedPaywall(variant: variant(locale, storefront, size, customer), state: state, catalog: catalog, size: size)
            for rule in Self.screenRules { findings += rule.check(paywall) }
        }
        return findings
    }
}
