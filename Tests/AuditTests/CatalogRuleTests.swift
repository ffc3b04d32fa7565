import Audit
import Chrome
import MockStore
import Paywall
import TerminalUI
import Testing

/// The rules read on the catalog, and the fixtures under Examples/audit, through the whole
/// audit: each breaks its rule and nothing else.
@Suite struct CatalogRuleTests {
    static let monthly = "dev.tollbooth.example.premium.monthly"

    @Test func aPeriodShorterThanAWeekFailsD16Only() async throws {
        var catalog = try CraftedPaywall.exampleCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == Self.monthly })
        catalog.products[index].subscription?.period = SubscriptionPeriod(value: 3, unit: .day)
        let report = try await Auditor(catalog: catalog, manifest: try CraftedPaywall.exampleManifest())
            .audit(locales: ["en_US"], sizes: [Size(width: 80, height: 24)])
        #expect(CraftedPaywall.failing(report) == ["D16"])
        let failure = try #require(report.findings.first { $0.verdict == .fail })
        #expect(failure.message == "\(Self.monthly) renews every 3 days, shorter than a week")
        #expect(failure.variant.label == "en_US catalog")
    }

    /// D19 reads the catalog, not the screen: a manifest URL keeps the paywall's link (D5) but
    /// App Store Connect would still lack one.
    @Test func aCatalogWithoutAPrivacyURLFailsD19EvenWhenTheManifestLinksOne() async throws {
        var catalog = try CraftedPaywall.exampleCatalog()
        catalog.policies = AppPolicies()
        var manifest = try CraftedPaywall.exampleManifest()
        manifest.privacyPolicyURL = "https://tollbooth.example/privacy"
        let report = try await Auditor(catalog: catalog, manifest: manifest).audit(sizes: [Size(width: 80, height: 24)])
        #expect(CraftedPaywall.failing(report) == ["D19"])
        #expect(Set(report.findings.filter { $0.verdict == .fail }.map(\.variant.locale)) == Set(["en_US", "ja_JP", "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "ko_KR", "zh_Hans", "zh_Hant"]))
    }

    /// Every app needs a privacy policy whatever the catalog's format (before 4.0 a file has no
    /// App Policies to hold one, so the fix says to save it as 4.0); a blank URL is none.
    @Test(arguments: [1, 3, 4])
    func d19FailsWithoutAPrivacyURLInEveryFormatVersion(major: Int) {
        let variant = AuditVariant(locale: "en_US", storefront: "USA")
        var catalog = Catalog(version: CatalogVersion(major: major, minor: 0))
        let findings = PrivacyURLInCatalog().check(catalog, variant: variant)
        #expect(findings.map(\.verdict) == [.fail])
        #expect(findings.first?.fix.contains("which saves the file as format 4.0") == (major < 4), "\(findings)")
        catalog.policies = AppPolicies(policies: [PrivacyPolicy(locale: "en_US", url: "  ")])
        #expect(PrivacyURLInCatalog().check(catalog, variant: variant).map(\.verdict) == [.fail])
    }

    /// What `check` runs on a catalog: the audit's file rules in every language the audit reads,
    /// so a URL blanked in one language fails there, as the audit fails it.
    @Test func theFileRulesReadEveryLanguageOfTheCatalog() throws {
        var catalog = try CraftedPaywall.exampleCatalog()
        let german = try #require(catalog.policies.policies.firstIndex { $0.locale == "de_DE" })
        catalog.policies.policies[german].url = ""
        let failures = FileRules.findings(catalog: catalog).filter { $0.verdict == .fail }
        #expect(failures.map(\.rule) == ["D19"])
        #expect(failures.map(\.variant.locale) == ["de_DE"])
    }

    static func fixture(_ name: String) throws -> Catalog {
        try CatalogLoader.load(path: try PaywallResources.examplesDirectory().appendingPathComponent("audit/\(name).storekit").path)
    }

    @Test func noPrivacyURLFailsD5AndD19Only() async throws {
        let report = try await Auditor(catalog: try Self.fixture("no-privacy-url")).audit()
        #expect(CraftedPaywall.failing(report) == ["D5", "D19"])
        let d5 = try #require(report.findings.first { $0.rule == "D5" && $0.verdict == .fail })
        #expect(d5.evidence.matched.first?.text == "not configured")
    }

    /// Monthly has a 1-week trial, yearly a 3-day one, no manifest. The headline used to
    /// advertise the first listed plan's trial whichever plan was focused (1 week beside the
    /// 3-day yearly plan); it now names the focused plan's own trial, so every rule passes.
    @Test func theHeadlineFollowsTheFocusedPlansTrial() async throws {
        let report = try await Auditor(catalog: try Self.fixture("trial-headline-mismatch")).audit()
        #expect(CraftedPaywall.failing(report) == [])
        let headlines = report.findings.filter { $0.rule == "D15" && $0.message.contains("headline") }
        #expect(headlines.contains { $0.message.contains("premium.yearly focused, the headline advertises a 3-day trial") })
        #expect(headlines.contains { $0.message.contains("premium.monthly focused, the headline advertises a 1-week trial") })
    }

    /// The manifest's trial subtitle promises 14 days; the catalog's trial is 3 days.
    @Test func aManifestTrialThatContradictsTheCatalogFailsD15Only() async throws {
        let examples = try PaywallResources.examplesDirectory().appendingPathComponent("audit")
        let manifest = try ManifestLoader.load(path: examples.appendingPathComponent("trial-subtitle-14-days.paywall.yaml").path)
        let report = try await Auditor(catalog: try Self.fixture("trial-subtitle-14-days"), manifest: manifest).audit()
        #expect(CraftedPaywall.failing(report) == ["D15"])
        let failures = report.findings.filter { $0.verdict == .fail }
        #expect(failures.allSatisfy { $0.message.contains("14") && $0.variant.state == .new })
    }

    @Test func theReportIsTheSameEveryRun() async throws {
        let auditor = Auditor(catalog: try Self.fixture("trial-headline-mismatch"))
        let first = try await auditor.audit(locales: ["ja_JP"])
        let second = try await auditor.audit(locales: ["ja_JP"])
        #expect(first == second)
        #expect(first.findings == first.findings.sorted(by: AuditFinding.reportOrder))
    }
}

/// Which languages an audit covers when none is named.
@Suite struct DefaultLocaleTests {
    @Test func everyLanguageOfTheCatalogAndManifestIsAudited() throws {
        var catalog = try CatalogLoader.load(path: try BundledExample.storeKitURL().path)
        #expect(Auditor.defaultLocales(for: catalog) == ["en_US", "ja_JP", "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "ko_KR", "zh_Hans", "zh_Hant"])
        // Down to English and Japanese, then one more language from each file.
        let kept: Set<String> = ["en_US", "ja"]
        for index in catalog.products.indices { catalog.products[index].localizations.removeAll { !kept.contains($0.locale) } }
        catalog.groups = catalog.groups.map { group in
            var group = group
            group.localizations.removeAll { !kept.contains($0.locale) }
            return group
        }
        #expect(Auditor.defaultLocales(for: catalog) == ["en_US", "ja_JP"])
        catalog.products[0].localizations.append(LocalizedText(locale: "de", displayName: "Lebenslang", description: "Für immer."))
        let manifest = PaywallManifest(localizations: ["fr": ManifestCopy(), "en": ManifestCopy()])
        #expect(Auditor.defaultLocales(for: catalog, manifest: manifest) == ["en_US", "ja_JP", "de_DE", "fr_FR"])
    }

    @Test func aCatalogWithoutLocalizationsIsAuditedInEnglish() throws {
        var catalog = try CatalogLoader.load(path: try BundledExample.storeKitURL().path)
        for index in catalog.products.indices { catalog.products[index].localizations = [] }
        catalog.groups = catalog.groups.map { var g = $0; g.localizations = []; return g }
        #expect(Auditor.defaultLocales(for: catalog) == ["en_US"])
    }
}
