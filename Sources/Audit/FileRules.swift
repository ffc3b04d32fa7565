import MockStore
import Paywall

/// The rules read on files rather than on screens (M in docs/domain.md §3): the catalog rules
/// (D16, and the questions for a person) and the App Store metadata rules (D19, D20; without
/// metadata D19 reads the catalog's App Policies). `tollbooth audit` runs them in each language it
/// audits, and `tollbooth check` runs these same rules on the files it is given, so check never
/// passes a file that audit fails.
public enum FileRules {
    /// Every file rule in one language; `variant` has no size, customer or theme.
    public static func findings(catalog: Catalog, metadata: AppMetadata?, variant: AuditVariant) -> [AuditFinding] {
        Auditor.catalogRules.flatMap { $0.check(catalog, variant: variant) }
            + Auditor.metadataRules.flatMap { $0.check(metadata, catalog: catalog, variant: variant) }
    }

    /// What `check` reads from a catalog: every file rule, without metadata, in each language
    /// `audit` would audit it in with `manifest` (the one beside it), in report order.
    public static func findings(catalog: Catalog, manifest: PaywallManifest = .empty) -> [AuditFinding] {
        let storefront = catalog.settings.storefront ?? "USA"
        let locales = Auditor.defaultLocales(for: catalog, manifest: manifest)
        return AuditReport(findings: locales.flatMap { locale in
            findings(catalog: catalog, metadata: nil, variant: AuditVariant(locale: locale, storefront: storefront))
        }).findings
    }

    /// What `check` reads from App Store metadata alone: the metadata rules. One file describes
    /// one language, and with metadata these rules do not read the catalog.
    public static func findings(metadata: AppMetadata) -> [AuditFinding] {
        let variant = AuditVariant(locale: LocaleMatch.xcodeDefaultLocale, storefront: "USA")
        return Auditor.metadataRules.flatMap { $0.check(metadata, catalog: Catalog(), variant: variant) }
    }
}
