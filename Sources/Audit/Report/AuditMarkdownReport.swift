import Chrome
/// The Markdown report, for a pull-request comment: a headline, the summary, a table of every
/// rule's counts, then a section per failing rule (each failing variant with what was seen, the
/// evidence and the fix), the warnings, and the questions left for a person.
public enum AuditMarkdownReport {
    public static func render(_ report: AuditReport) -> String {
        let s = report.summary
        var lines = [
            "## Paywall audit: " + (report.passes ? "every rule passes" : "\(s.failed) failed"),
            "",
            AuditTextReport.summaryLine(s) + ".",
            "",
            "| Rule | Passed | Failed | Warnings | Need a person |",
            "|---|---:|---:|---:|---:|",
        ]
        let rules = orderedRules(report.findings)
        for rule in rules {
            let findings = report.findings.filter { $0.rule == rule }
            let counts = AuditVerdict.allCases.map { verdict in String(findings.count { $0.verdict == verdict }) }
            lines.append(row([rule] + counts))
        }
        for rule in rules {
            let failures = report.findings.filter { $0.rule == rule && $0.verdict == .fail }
            guard !failures.isEmpty else { continue }
            lines += ["", "### \(rule) fails", "", "| Variant | What was seen | Evidence | Fix |", "|---|---|---|---|"]
            lines += failures.map { row([$0.variant.label, $0.message, $0.evidence.lines.joined(separator: "\n"), $0.fix]) }
        }
        let warnings = report.findings.filter { $0.verdict == .warning }
        if !warnings.isEmpty {
            lines += ["", "### Warnings", "", "| Rule | Variant | What was seen | Fix |", "|---|---|---|---|"]
            lines += warnings.map { row([$0.rule, $0.variant.label, $0.message, $0.fix]) }
        }
        let questions = report.findings.filter { $0.verdict == .human }
        if !questions.isEmpty {
            lines += ["", "### For a person", "", "| Rule | Variant | Question |", "|---|---|---|"]
            lines += questions.map { row([$0.rule, $0.variant.label, $0.message]) }
        }
        return lines.joined(separator: "\n")
    }

    /// The rules that spoke, in number order (the findings' own order).
    static func orderedRules(_ findings: [AuditFinding]) -> [String] {
        var seen: Set<String> = []
        return findings.map(\.rule).filter { seen.insert($0).inserted }
    }

    static func row(_ cells: [String]) -> String {
        "| " + cells.map(cell).joined(separator: " | ") + " |"
    }

    /// A table cell holds one line of plain text: a `|` would end the cell, a backtick open code,
    /// `<` or `&` start HTML, and a line break end the table; a backslash is escaped first so data
    /// cannot escape the escapes. Line breaks become `<br>`.
    static func cell(_ text: String) -> String {
        var out = ""
        var previousWasReturn = false
        for character in text.unicodeScalars {
            defer { previousWasReturn = character == "\r" }
            switch character {
            case "\\": out += "\\\\"
            case "|": out += "\\|"
            case "`": out += "\\`"
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "<br>"
            case "\n": if !previousWasReturn { out += "<br>" }
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
