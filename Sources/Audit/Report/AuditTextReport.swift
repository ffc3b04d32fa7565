import Chrome
/// The text report: one line per finding that is not a pass, then the summary.
public enum AuditTextReport {
    public static func render(_ report: AuditReport) -> String {
        var lines: [String] = []
        for finding in report.findings where finding.verdict != .pass {
            var line = "\(finding.verdict.label) \(finding.rule) \(finding.variant.label): \(finding.message)"
            if !finding.fix.isEmpty { line += "  fix: \(finding.fix)" }
            lines.append(line)
        }
        lines.append(summaryLine(report.summary))
        return lines.joined(separator: "\n")
    }

    /// "19 passed, 3 failed, 0 warnings, 2 need a person".
    public static func summaryLine(_ s: AuditSummary) -> String {
        "\(s.passed) passed, \(s.failed) failed, \(s.warnings) warnings, \(s.human) need a person"
    }
}
