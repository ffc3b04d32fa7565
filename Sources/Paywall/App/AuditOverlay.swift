import TerminalUI

/// The audit overlay: the paywall beside a list of the disclosure rules with their verdicts,
/// the selected rule's cells marked. Open while `PaywallState.audit` is set (`a` toggles it).
///
/// The paywall stays live under it: keys it does not take go to the paywall, and the runtime
/// audits again whenever what the paywall shows changes.
public struct AuditOverlay: Sendable, Hashable {
    /// The selected rule's id; nil: the first failing rule, else the first.
    public var selected: String?
    /// The latest audit; nil until the first one arrives.
    public var result: ScreenAudit?

    public init(selected: String? = nil, result: ScreenAudit? = nil) {
        self.selected = selected
        self.result = result
    }

    /// The selected rule's index in the result.
    public var selectedIndex: Int? {
        guard let rules = result?.rules, !rules.isEmpty else { return nil }
        if let selected, let index = rules.firstIndex(where: { $0.rule == selected }) { return index }
        return rules.firstIndex { $0.verdict == .fail } ?? 0
    }

    /// The selected rule's verdict.
    public var selectedRule: RuleVerdict? { selectedIndex.map { result!.rules[$0] } }

    // MARK: Input

    /// `a` on the paywall: open the overlay, or close it.
    static func toggle(_ state: inout PaywallState) {
        state.audit = state.audit == nil ? AuditOverlay() : nil
        Focus.reveal(&state)  // the paywall's part of the window just changed size
    }

    /// A key while the overlay is open over the paywall (no sheet, no panel): true when the
    /// overlay took it; any other key goes to the paywall.
    static func key(_ state: inout PaywallState, _ key: Key) -> Bool {
        guard var audit = state.audit else { return false }
        switch key {
        case .character("a"), .escape:
            toggle(&state)
        case .up, .down:
            guard let index = audit.selectedIndex, let rules = audit.result?.rules else { return true }
            let next = max(0, min(rules.count - 1, index + (key == .up ? -1 : 1)))
            audit.selected = rules[next].rule
            state.audit = audit
        default:
            return false
        }
        return true
    }

    /// An audit came back from the runtime; dropped when the overlay was closed meanwhile.
    static func finished(_ state: inout PaywallState, _ result: ScreenAudit) {
        state.audit?.result = result
    }
}
