import Paywall
import TerminalUI

/// The audit overlay: the paywall beside a list of the disclosure rules with their verdicts,
/// the selected rule's cells marked. Open while `AppState.audit` is set (`a` toggles it).
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

    // MARK: The feature

    /// What a key did to the overlay.
    enum KeyResult: Equatable {
        /// The overlay took it (a rule selected).
        case taken
        /// `a` or Esc: the app closes the overlay and gives the paywall its whole window back.
        case close
        /// Not the overlay's: the paywall's.
        case passed
    }

    /// The overlay's `update` for a key, while it is open over the paywall (no sheet, no panel).
    mutating func key(_ key: Key) -> KeyResult {
        switch key {
        case .character("a"), .escape:
            return .close
        case .up, .down:
            guard let index = selectedIndex, let rules = result?.rules else { return .taken }
            let next = max(0, min(rules.count - 1, index + (key == .up ? -1 : 1)))
            selected = rules[next].rule
            return .taken
        default:
            return .passed
        }
    }
}
