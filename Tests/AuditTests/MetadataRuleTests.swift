import Audit
import Foundation
import MockStore
import Paywall
import Testing

/// D19 and D20 with the App Store metadata a reviewer has (`--metadata`), and without it.
@Suite struct MetadataRuleTests {
    static func bundled(_ name: String) throws -> AppMetadata {
        try AppMetadataLoader.load(path: try BundledExample.storeKitURL().deletingLastPathComponent().appendingPathComponent(name).path)
    }

    static func audit(_ metadata: AppMetadata?, catalog: Catalog? = nil) async throws -> AuditReport {
        try await Auditor(catalog: try catalog ?? CraftedPaywall.exampleCatalog(), manifest: try CraftedPaywall.exampleManifest(),
                          metadata: metadata).audit(sizes: [.init(width: 80, height: 24)], customers: [.new])
    }

    static func verdicts(_ report: AuditReport, _ rule: String) -> Set<AuditVerdict> {
        Set(report.findings.filter { $0.rule == rule }.map(\.verdict))
    }

    @Test func theExampleMetadataPassesD19AndD20() async throws {
        let report = try await Self.audit(try Self.bundled("app-metadata.yaml"))
        #expect(CraftedPaywall.failing(report).isEmpty)
        #expect(Self.verdicts(report, "D19") == [.pass] && Self.verdicts(report, "D20") == [.pass])
        #expect(report.findings.first { $0.rule == "D20" }?.message.contains("stdeula") == true)
    }

    @Test func aDescriptionWithoutTheEULAFailsD20Only() async throws {
        let report = try await Self.audit(try Self.bundled("audit/metadata-without-eula.yaml"))
        #expect(CraftedPaywall.failing(report) == ["D20"])
        let failure = try #require(report.findings.first { $0.verdict == .fail })
        #expect(!failure.evidence.missing.isEmpty && failure.fix.contains("stdeula"))
    }

    @Test func aCustomEULAIsEnoughForD20() async throws {
        let report = try await Self.audit(AppMetadata(appDescription: "No links here.", privacyPolicyURL: "https://e.example/p",
                                                      customEULA: "https://e.example/terms"))
        #expect(Self.verdicts(report, "D20") == [.pass])
    }

    /// The metadata's field is what App Review reads: the catalog's URL does not stand in for it.
    @Test func anEmptyPrivacyPolicyFieldFailsD19EvenWithACatalogURL() async throws {
        let report = try await Self.audit(AppMetadata(customEULA: "Our terms."))
        #expect(CraftedPaywall.failing(report) == ["D19"])
    }

    @Test func withoutMetadataD20NeedsAPersonAndD19ReadsTheCatalog() async throws {
        let report = try await Self.audit(nil)
        #expect(Self.verdicts(report, "D20") == [.human])
        #expect(report.findings.first { $0.rule == "D20" }?.message.contains("--metadata") == true)
        #expect(report.findings.first { $0.rule == "D19" }?.message.contains("appPolicies") == true)
    }
}
