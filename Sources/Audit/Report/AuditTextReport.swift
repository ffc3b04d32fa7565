import Chrome
/// The text report, for a person at a terminal: each finding that is not a pass once, grouped
/// across the variants it recurs in (`AuditFindingGroup`), then the summary. A group of one
/// variant is one line naming it, as `--verbose` writes every finding:
///
///     FAIL D5 en_US USA 80x24 new default: the Privacy Policy link shows …  fix: …
///
/// A larger group names the span of variants instead, and the variant its message was read in
/// when the messages differ (they are in each variant's language, or count its rows):
///
///     FAIL D19 in 10 languages: the catalog (format 4.0) has no privacy-policy URL for de_DE, …  fix: …
///     WARN D7 in 75 variants across 10 languages × 2 sizes × 5 states, e.g. en_US USA 40x20 new default: …
public enum AuditTextReport {
    public static func render(_ report: AuditReport, verbose: Bool = false) -> String {
        let findings = report.findings.filter { $0.verdict != .pass }
        var lines: [String] = []
        if verbose {
            lines = findings.map { line($0.verdict, $0.rule, $0.variant.label, $0.message, $0.fix) }
        } else {
            let groups = AuditFindingGroup.groups(findings)
            let dimensions = Dimension.all.map { ($0, $0.values(report.findings)) }
            lines = groups.map { group in
                let first = group.findings[0]
                guard group.findings.count > 1 else { return line(group.verdict, group.rule, first.variant.label, first.message, first.fix) }
                var place = "in " + span(group, dimensions)
                if !group.sameMessage { place += ", e.g. " + group.representative.variant.label }
                return line(group.verdict, group.rule, place, group.message, group.fix)
            }
            if groups.count < findings.count {
                lines.append("(--verbose lists these \(findings.count) findings one variant per line)")
            }
        }
        lines.append(summaryLine(report.summary))
        return lines.joined(separator: "\n")
    }

    static func line(_ verdict: AuditVerdict, _ rule: String, _ place: String, _ message: String, _ fix: String) -> String {
        "\(verdict.label) \(rule) \(place): \(message)" + (fix.isEmpty ? "" : "  fix: \(fix)")
    }

    /// "10 languages × 5 states": for each way variants differ, the group's values (all of the
    /// report's counted, some named, one named unless the whole report has only it), and the
    /// number of variants first when the group is not every combination of them.
    static func span(_ group: AuditFindingGroup, _ dimensions: [(Dimension, [String])]) -> String {
        var parts: [String] = []
        var combinations = 1
        for (dimension, all) in dimensions {
            let values = dimension.values(group.findings)
            guard !values.isEmpty else { continue }
            combinations *= values.count
            if values.count == 1 {
                if all.count > 1 { parts.append(values[0]) }
            } else if values.count == all.count {
                parts.append("\(values.count) \(dimension.plural)")
            } else {
                parts.append("\(values.count) \(dimension.plural) (\(values.joined(separator: ", ")))")
            }
        }
        let product = parts.isEmpty ? "\(group.findings.count) findings" : parts.joined(separator: " × ")
        return combinations == group.findings.count ? product : "\(group.findings.count) variants across \(product)"
    }

    /// A way variants differ, with its name in the plural.
    struct Dimension: Sendable {
        var plural: String
        var value: @Sendable (AuditVariant) -> String?

        static let all = [
            Dimension(plural: "languages") { $0.locale },
            Dimension(plural: "storefronts") { $0.storefront },
            Dimension(plural: "sizes") { $0.size },
            Dimension(plural: "states") { $0.state?.rawValue },
            Dimension(plural: "themes") { $0.theme },
        ]

        /// The distinct values `findings` have, in report order.
        func values(_ findings: [AuditFinding]) -> [String] {
            var seen: Set<String> = []
            return findings.compactMap { value($0.variant) }.filter { seen.insert($0).inserted }
        }
    }

    /// "19 passed, 3 failed, 0 warnings, 2 need a person".
    public static func summaryLine(_ s: AuditSummary) -> String {
        "\(s.passed) passed, \(s.failed) failed, \(EnglishCount.of(s.warnings, "warning")), \(s.human) \(s.human == 1 ? "needs" : "need") a person"
    }
}
