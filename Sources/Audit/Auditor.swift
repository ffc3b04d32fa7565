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
        TitleShown(), PeriodShown(), BilledPriceShown(), PrivacyPolicyLinkShown(), TermsOfUseLinkShown(),
        RenewsAutomatically(), RenewalChargeStated(), ChargedAtConfirmation(), ManageInAccountSettings(),
        EligibleTrialDisclosed(), PlanTrialMatchesOffer(), HeadlineTrialMatchesFocusedPlan(), FreeTrialUnlockDisclosed(),
    ]

    /// The rules read on the catalog.
    public static let catalogRules: [any CatalogRule] = [PeriodAtLeastAWeek(), NeedsAPerson()]

    /// The rules read on the App Store metadata (D19 falls back to the catalog without it).
    public static let metadataRules: [any MetadataRule] = [PrivacyURLField(), EULAInMetadata()]

    public static let defaultSizes = [Size(width: 80, height: 24), Size(width: 40, height: 20)]

    /// en_US, plus Japanese when the catalog has Japanese text (the UI speaks those two).
    public static func defaultLocales(for catalog: Catalog) -> [String] {
        let japanese = catalog.localizationLocales.contains { Language(locale: $0) == .ja }
        return ["en_US"] + (japanese ? ["ja_JP"] : [])
    }

    public var storefront: String { catalog.settings.storefront ?? "USA" }

    /// The paywall of one variant, drawn and ready for the screen rules.
    public func paywall(locale: String, size: Size, customer: CustomerState) async throws -> RenderedPaywall {
        let state = try await CustomerAccount.paywallState(catalog: catalog, manifest: manifest, theme: theme,
                                                           locale: locale, customer: customer)
        return RenderedPaywall(variant: AuditVariant(locale: locale, storefront: storefront, size: size, state: customer),
                               state: state, catalog: catalog, size: size)
    }

    /// Every rule on every variant: locales × sizes × customers for the screen rules, locales for
    /// the catalog rules.
    public func audit(locales: [String]? = nil, sizes: [Size] = Auditor.defaultSizes,
                      customers: [CustomerState] = CustomerState.allCases) async throws -> AuditReport {
        var findings: [AuditFinding] = []
        for locale in locales ?? Self.defaultLocales(for: catalog) {
            for rule in Self.catalogRules {
                findings += rule.check(catalog, variant: AuditVariant(locale: locale, storefront: storefront))
            }
            for rule in Self.metadataRules {
                findings += rule.check(metadata, catalog: catalog, variant: AuditVariant(locale: locale, storefront: storefront))
            }
            for customer in customers {
                let state = try await CustomerAccount.paywallState(catalog: catalog, manifest: manifest, theme: theme,
                                                                   locale: locale, customer: customer)
                for size in sizes {
                    let paywall = RenderedPaywall(variant: AuditVariant(locale: locale, storefront: storefront, size: size, state: customer),
                                                  state: state, catalog: catalog, size: size)
                    for rule in Self.screenRules { findings += rule.check(paywall) }
                }
            }
        }
        return AuditReport(findings: findings)
    }
}
