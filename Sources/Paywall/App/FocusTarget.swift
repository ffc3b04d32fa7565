/// Something on the paywall that can hold keyboard focus and be activated with Enter or a click.
public enum FocusTarget: Sendable, Hashable {
    /// A plan's buy control (its card, in the wide layout).
    case plan(String)
    case restore
    case privacyPolicy
    case termsOfUse
    /// "Retry" on the empty state after products failed to load.
    case retry

    /// The hit-region id the view gives this target; `update` maps clicks back through it.
    public var regionID: String {
        switch self {
        case .plan(let id): "plan:\(id)"
        case .restore: "restore"
        case .privacyPolicy: "link:privacy"
        case .termsOfUse: "link:terms"
        case .retry: "retry"
        }
    }

    /// The target a region id names (a plan's buy button `buy:<id>` activates the plan).
    public init?(regionID: String) {
        switch regionID {
        case "restore": self = .restore
        case "link:privacy": self = .privacyPolicy
        case "link:terms": self = .termsOfUse
        case "retry": self = .retry
        default:
            if regionID.hasPrefix("plan:") { self = .plan(String(regionID.dropFirst(5))) }
            else if regionID.hasPrefix("buy:") { self = .plan(String(regionID.dropFirst(4))) }
            else { return nil }
        }
    }
}
