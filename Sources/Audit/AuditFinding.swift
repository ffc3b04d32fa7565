import Foundation

/// How a rule judged one variant of the paywall.
public enum AuditVerdict: String, Codable, Sendable, CaseIterable {
    case pass, fail, warning, human

    /// The word the text report starts a line with.
    public var label: String {
        switch self {
        case .pass: "PASS"
        case .fail: "FAIL"
        case .warning: "WARN"
        case .human: "HUMAN"
        }
    }
}

/// Where a fact was read on the rendered paywall: the screen (how far it was scrolled), the row
/// and column of the cell it starts in, and the text matched.
public struct AuditMatch: Codable, Sendable, Hashable {
    public var text: String
    public var scroll: Int
    public var row: Int
    public var column: Int

    public init(text: String, scroll: Int, row: Int, column: Int) {
        self.text = text
        self.scroll = scroll
        self.row = row
        self.column = column
    }
}

/// What a finding rests on: the facts found on screen (with their cells) and the facts looked
/// for and not found.
public struct AuditEvidence: Codable, Sendable, Hashable {
    public var matched: [AuditMatch]
    public var missing: [String]

    public init(matched: [AuditMatch] = [], missing: [String] = []) {
        self.matched = matched
        self.missing = missing
    }
}

/// One rule's verdict on one variant, with its evidence and how to fix a failure.
public struct AuditFinding: Codable, Sendable, Hashable {
    /// The rule of docs/domain.md §3, e.g. "D5".
    public var rule: String
    public var verdict: AuditVerdict
    public var variant: AuditVariant
    /// One sentence: what was checked and what was seen.
    public var message: String
    public var evidence: AuditEvidence
    /// One line; empty when there is nothing to fix.
    public var fix: String

    public init(rule: String, verdict: AuditVerdict, variant: AuditVariant, message: String,
                evidence: AuditEvidence = AuditEvidence(), fix: String = "") {
        self.rule = rule
        self.verdict = verdict
        self.variant = variant
        self.message = message
        self.evidence = evidence
        self.fix = fix
    }

    /// Rules in number order (D2 before D10), then variant, then message: a stable report.
    public static func reportOrder(_ a: AuditFinding, _ b: AuditFinding) -> Bool {
        let ka = (ruleNumber(a.rule), a.rule, a.variant.sortKey, a.message)
        let kb = (ruleNumber(b.rule), b.rule, b.variant.sortKey, b.message)
        return ka < kb
    }

    static func ruleNumber(_ rule: String) -> Int { Int(rule.drop { !$0.isNumber }) ?? Int.max }
}

/// The counts the report ends with.
public struct AuditSummary: Codable, Sendable, Hashable {
    public var passed: Int
    public var failed: Int
    public var warnings: Int
    public var human: Int

    public init(_ findings: [AuditFinding]) {
        passed = findings.count { $0.verdict == .pass }
        failed = findings.count { $0.verdict == .fail }
        warnings = findings.count { $0.verdict == .warning }
        human = findings.count { $0.verdict == .human }
    }
}

/// Everything one audit found: what `tollbooth audit --format json` prints.
public struct AuditReport: Codable, Sendable, Hashable {
    public var findings: [AuditFinding]
    public var summary: AuditSummary

    public init(findings: [AuditFinding]) {
        self.findings = findings.sorted(by: AuditFinding.reportOrder)
        self.summary = AuditSummary(findings)
    }

    /// True when no rule failed.
    public var passes: Bool { summary.failed == 0 }
}
