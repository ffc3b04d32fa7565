import Audit
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

    /// Two audits of the same input, each rendered: the same bytes, in every format.
    @Test(arguments: AuditReportFormat.allCases)
    func theReportIsByteIdenticalRunToRun(format: AuditReportFormat) async throws {
        let first = try format.render(try await Self.report())
        let second = try format.render(try await Self.report())
        #expect(Data(first.utf8) == Data(second.utf8))
    }
}
