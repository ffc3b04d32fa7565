import Chrome
import Paywall
/// The audit overlay (`a`): the rules' verdicts beside the paywall, and its status row.
extension Strings {
    public var auditTitle: String { text(.auditTitle) }
    public var auditKeys: String { text(.auditKeys) }
    public var auditRunning: String { text(.auditRunning) }
    /// "Audit: D5 fails — the Privacy Policy link shows …", naming the first failing rule.
    public func auditFails(_ rule: String, _ message: String, more: Int) -> String {
        let others = more > 0 ? text(.auditFailsMore, more) : ""
        return text(.auditFails, rule, others, message)
    }
    /// "Audit: no rule fails", with what warns and what a person still has to look at.
    public func auditPasses(_ passed: Int, warnings: Int, human: Int) -> String {
        var line = warnings > 0 ? text(.auditPassesWithWarnings) : text(.auditPasses, passed)
        if warnings > 0 { line += text(.auditWarningCount, warnings) }
        if human > 0 { line += text(.auditNeedsPerson, human) }
        return line
    }

    /// A rule of docs/domain.md §3 in a few words, for the audit's list; nil for a rule this
    /// version does not know (the list then shows the finding itself).
    public func auditRuleTitle(_ rule: String) -> String? {
        StringKey(rawValue: "auditRuleTitle.\(rule)").map { text($0) }
    }
}
