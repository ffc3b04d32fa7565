import TerminalUI

/// The disclosure audit (docs/domain.md §3) of the paywall as it is drawn now, as the audit
/// overlay lists it: one verdict per rule, with the cells each rule read.
///
/// Paywall defines the shape and the Audit module fills it in: Audit renders the paywall
/// through this module's `view`, so this module cannot import it (the CLI injects a
/// `PaywallAuditing` into the runtime).
public struct ScreenAudit: Sendable, Hashable {
    /// The size the paywall was audited at: the part of the window beside the list. Marks are
    /// cells of a paywall of this size.
    public var size: Size
    /// In rule order (D2 before D10).
    public var rules: [RuleVerdict]

    public init(size: Size, rules: [RuleVerdict]) {
        self.size = size
        self.rules = rules
    }

    /// The rules that failed, in rule order.
    public var failed: [RuleVerdict] { rules.filter { $0.verdict == .fail } }
}

/// One rule's verdict on the paywall of a `ScreenAudit`.
public struct RuleVerdict: Sendable, Hashable {
    /// How the rule judged the screen: failed, passed, warned, or needs a person.
    public enum Verdict: Sendable, Hashable {
        case pass, fail, warning, human
    }

    /// "D5".
    public var rule: String
    public var verdict: Verdict
    /// One line each, what was checked and what was seen; the finding that decided the verdict
    /// first.
    public var messages: [String]
    /// The cells the rule read its facts from.
    public var marks: [AuditMark]

    public init(rule: String, verdict: Verdict, messages: [String], marks: [AuditMark] = []) {
        self.rule = rule
        self.verdict = verdict
        self.messages = messages
        self.marks = marks
    }
}

/// Cells a rule matched: `rect` on the screen scrolled `scroll` rows down (the screens
/// `reachableScreens` draws, one per scroll offset).
public struct AuditMark: Sendable, Hashable {
    public var scroll: Int
    public var rect: Rect

    public init(scroll: Int, rect: Rect) {
        self.scroll = scroll
        self.rect = rect
    }
}

/// Audits the paywall of `state` (which has no audit overlay open) drawn at `size`. Called off
/// the event loop by the runtime, never by `update` or `view`.
public typealias PaywallAuditing = @Sendable (_ state: PaywallState, _ size: Size) -> ScreenAudit
