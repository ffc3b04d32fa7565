import Audit
import MockStore
import Paywall
import Testing
import TerminalUI

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
        #expect(Set(report.findings.filter { $0.verdict == .fail }.map(\.variant.locale)) == ["en_US", "ja_JP"])
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

    /// Monthly has a 1-week trial, yearly a 3-day one, no manifest: the headline advertises the
    /// first listed plan's trial whichever plan is focused, which D15 reports for yearly.
    @Test func aHeadlineThatIgnoresTheFocusedPlanFailsD15() async throws {
        let report = try await Auditor(catalog: try Self.fixture("trial-headline-mismatch")).audit()
        #expect(CraftedPaywall.failing(report) == ["D15"])
        let failures = report.findings.filter { $0.verdict == .fail }
        #expect(failures.allSatisfy { $0.message.contains("premium.yearly focused") && $0.variant.state == .new })
        #expect(Set(failures.compactMap(\.variant.size)) == ["80x24", "40x20"])
    }

    @Test func theReportIsTheSameEveryRun() async throws {
        let auditor = Auditor(catalog: try Self.fixture("trial-headline-mismatch"))
        let first = try await auditor.audit(locales: ["ja_JP"])
        let second = try await auditor.audit(locales: ["ja_JP"])
        #expect(first == second)
        #expect(first.findings == first.findings.sorted(by: AuditFinding.reportOrder))
    }
}
