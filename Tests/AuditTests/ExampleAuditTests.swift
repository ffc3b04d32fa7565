import Audit
import MockStore
import Paywall
import Testing
import TerminalUI

/// The bundled example is the paywall every rule was written against: it passes all of them, in
/// every default variant, English and Japanese, at both default sizes, for every customer.
@Suite struct ExampleAuditTests {
    @Test(arguments: [false, true])
    func theBundledExamplePassesEveryRuleInEveryVariant(japan: Bool) async throws {
        let catalog = try CatalogLoader.load(path: try BundledExample.storeKitURL(japan: japan).path)
        let manifest = try ManifestLoader.load(path: try BundledExample.manifestURL(japan: japan).path)
        let report = try await Auditor(catalog: catalog, manifest: manifest).audit()
        let failures = report.findings.filter { $0.verdict == .fail }
        #expect(failures.isEmpty, "\(failures.map { "\($0.rule) \($0.variant.label): \($0.message)" })")
        // Every rule of the slice spoke for some variant, in every language.
        let rules = Set(report.findings.filter { $0.verdict == .pass }.map(\.rule))
        #expect(rules == ["D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "D10", "D11", "D12", "D14", "D15", "D16", "D19"])
        #expect(Set(report.findings.map(\.variant.locale)) == Set(["en_US", "ja_JP", "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "ko_KR", "zh_Hans", "zh_Hant"]))
        #expect(Set(report.findings.compactMap(\.variant.size)) == ["80x24", "40x20"])
    }

    @Test func theBundledExampleAsStoreKitAloneStillPasses() async throws {
        let catalog = try CatalogLoader.load(path: try BundledExample.storeKitURL().path)
        let report = try await Auditor(catalog: catalog).audit()
        #expect(report.findings.filter { $0.verdict == .fail }.map { "\($0.rule) \($0.variant.label): \($0.message)" } == [])
    }

    /// Between the default sizes the terms URL wraps over two rows under its label; the link is
    /// still read whole (its label once failed D6 at 50 columns).
    @Test(arguments: [50, 46, 44, 60])
    func aLinkWhoseURLWrapsIsStillReadWhole(width: Int) async throws {
        let catalog = try CatalogLoader.load(path: try BundledExample.storeKitURL().path)
        let manifest = try ManifestLoader.load(path: try BundledExample.manifestURL().path)
        let report = try await Auditor(catalog: catalog, manifest: manifest).audit(locales: ["en_US"], sizes: [Size(width: width, height: 23)],
                                                               customers: [.new])
        #expect(report.findings.filter { $0.verdict == .fail }.map { "\($0.rule) \($0.variant.label): \($0.message)" } == [])
    }
}

/// D1 reads a name as the screen can show it.
@Suite struct HostileNameTests {
    /// A display name holding an escape sequence and controls is drawn cleaned; the title is
    /// still shown, so D1 passes (it once failed, comparing the raw name with the screen).
    @Test func aNameWithControlsIsTitledCleaned() async throws {
        var catalog = try CatalogLoader.load(path: try BundledExample.storeKitURL().path)
        let index = try #require(catalog.products.firstIndex { $0.id.hasSuffix("monthly") })
        catalog.products[index].localizations[0].displayName = "Premium \u{01}\u{1B}[2JMonthly\u{85}"
        let report = try await Auditor(catalog: catalog).audit(locales: ["en_US"], sizes: [Size(width: 80, height: 24)],
                                                               customers: [.new])
        let d1 = report.findings.filter { $0.rule == "D1" && $0.message.contains("monthly") }
        #expect(d1.map(\.verdict) == [.pass], "\(d1.map(\.message))")
    }
}
