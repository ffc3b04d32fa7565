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
        // Every rule of the slice spoke for some variant, in both languages.
        let rules = Set(report.findings.filter { $0.verdict == .pass }.map(\.rule))
        #expect(rules == ["D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "D10", "D11", "D12", "D14", "D15", "D16", "D19"])
        #expect(Set(report.findings.map(\.variant.locale)) == ["en_US", "ja_JP"])
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
