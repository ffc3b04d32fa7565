import Foundation

/// The shapes `tollbooth audit --format` writes a report in. Each renders the same report, in
/// report order, to the same bytes on every run.
public enum AuditReportFormat: String, Sendable, CaseIterable {
    /// Each finding that is not a pass once, grouped across variants (a line per variant with
    /// `verbose`), then the summary: for a person at a terminal.
    case text
    /// `{"findings": […], "summary": {…}}`, keys sorted: for scripts.
    case json
    /// JUnit XML: for CI test reports.
    case junit
    /// A summary table and a section per failing rule: for a pull-request comment.
    case markdown

    /// The report in this format, without a final newline. JSON here is the encoder's output;
    /// the CLI also escapes control characters in it for the terminal. `verbose` writes the
    /// text report a line per variant; the other formats always have one finding per variant.
    public func render(_ report: AuditReport, verbose: Bool = false) throws -> String {
        switch self {
        case .text: AuditTextReport.render(report, verbose: verbose)
        case .json: try AuditJSONReport.render(report)
        case .junit: AuditJUnitReport.render(report)
        case .markdown: AuditMarkdownReport.render(report)
        }
    }
}
