/// Evidence as a reviewer reads it in a report: what was found and where, then what was not.
extension AuditEvidence {
    /// `found "Privacy Policy: not configured" (screen 0, row 20, column 2)`, one line per
    /// match (a fact read from the catalog has no place), then `missing: …` per missing fact.
    public var lines: [String] {
        matched.map { match in
            let place = match.row >= 0 ? " (screen \(match.scroll), row \(match.row), column \(match.column))" : ""
            return "found \"\(match.text)\"" + place
        } + missing.map { "missing: \($0)" }
    }
}
