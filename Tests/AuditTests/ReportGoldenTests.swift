import Audit
import Chrome
import Foundation
import MockStore
import Paywall
import TerminalUI
import TestSupport
import Testing

/// The four reports of one failing variant (no-privacy-url.storekit: D5 and D19 fail), as
/// reviewed goldens. Each golden is what `tollbooth audit … --format F` prints, final newline
/// included; the end-to-end suite holds the binary's output to these same files.
@Suite struct ReportGoldenTests {
    static let directory = goldenDirectory()
    static let name = "no-privacy-url-en_US-80x24-new"
    static let extensions: [AuditReportFormat: String] = [.text: "txt", .json: "json", .junit: "xml", .markdown: "md"]

    static func report() async throws -> AuditReport {
        let catalog = try CatalogRuleTests.fixture("no-privacy-url")
        return try await Auditor(catalog: catalog).audit(locales: ["en_US"], sizes: [Size(width: 80, height: 24)], customers: [.new])
    }

    @Test(arguments: AuditReportFormat.allCases)
    func theReportMatchesItsGolden(format: AuditReportFormat) async throws {
        let rendered = try format.render(try await Self.report())
        assertGolden(text: rendered + "\n", named: "\(Self.name).\(Self.extensions[format]!)", in: Self.directory)
    }

    /// The bundled example with its App Store metadata in every default variant (10 languages,
    /// 2 sizes, 5 customers): what `tollbooth audit Examples/Example.storekit --metadata
    /// Examples/app-metadata.yaml` prints. Each finding is said once, with the variants it spans:
    /// a handful of lines, where a line per variant made 115.
    @Test func theBundledExamplesTextReportIsShort() async throws {
        let catalog = try CatalogLoader.load(path: try BundledExample.storeKitURL().path)
        let manifest = try ManifestLoader.load(path: try BundledExample.manifestURL().path)
        let metadata = try AppMetadataLoader.load(path: try PaywallResources.examplesDirectory().appendingPathComponent("app-metadata.yaml").path)
        let report = try await Auditor(catalog: catalog, manifest: manifest, metadata: metadata).audit()
        let text = AuditTextReport.render(report)
        assertGolden(text: text + "\n", named: "example-with-metadata.txt", in: Self.directory)
        #expect(text.split(separator: "\n").count < 10)
        #expect(AuditTextReport.render(report, verbose: true).split(separator: "\n").count > 100)
    }

    /// Two audits of the same input, each rendered: the same bytes, in every format.
    @Test(arguments: AuditReportFormat.allCases)
    func theReportIsByteIdenticalRunToRun(format: AuditReportFormat) async throws {
        let first = try format.render(try await Self.report())
        let second = try format.render(try await Self.report())
        #expect(Data(first.utf8) == Data(second.utf8))
    }
}
