/// Something on the paywall that can hold keyboard focus and be activated with Enter or a click.
public enum FocusTarget: Sendable, Hashable {
    /// A plan's buy control (its card, in the wide layout).
    case plan(String)
    case restore
    case privacyPolicy
    case termsOfUse
    /// "Retry" on the empty state after products failed to load.
    case retry
}
