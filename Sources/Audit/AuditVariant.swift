import Foundation
import MockStore
import TerminalUI

/// The customer a paywall variant is rendered for, each built in a real in-memory store.
public enum CustomerState: String, Codable, Sendable, CaseIterable, Comparable {
    /// Eligible for every introductory offer; owns nothing.
    case new
    /// Had the first subscription, which was expired at once (the Transaction Manager's
    /// "expire"): no longer eligible for its group's intro offers.
    case introUsed = "intro-used"
    /// Owns the first subscription.
    case subscribed
    /// Turned auto-renew off on the first subscription and let its period run out: it expired
    /// without renewing.
    case lapsed
    /// The first subscription's renewal payment failed: it is in the billing retry period, with
    /// no service.
    case billingRetry = "billing-retry"

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One way the paywall is looked at: in a language and storefront, with a theme, at a window
/// size, for a customer. Catalog rules (M) have no size, customer or theme.
public struct AuditVariant: Codable, Sendable, Hashable {
    public var locale: String
    public var storefront: String
    /// "80x24"; nil for a catalog rule.
    public var size: String?
    public var state: CustomerState?
    /// The theme's name ("default", or a theme file's `name:`); nil for a catalog rule.
    public var theme: String?

    public init(locale: String, storefront: String, size: Size? = nil, state: CustomerState? = nil, theme: String? = nil) {
        self.locale = locale
        self.storefront = storefront
        self.size = size.map { "\($0.width)x\($0.height)" }
        self.state = state
        self.theme = theme
    }

    /// "en_US USA 80x24 new default", or "en_US catalog" for a catalog rule.
    public var label: String {
        guard let size, let state else { return "\(locale) catalog" }
        // A theme file's `name:` is the file's to choose, and may be a megabyte long.
        return "\(locale) \(storefront) \(size) \(state.rawValue) \(SourceText.excerpt(theme ?? "default"))"
    }

    var sortKey: String {
        // Sizes sort by width then height, numerically; states in their declared order.
        let dims = (size ?? "0x0").split(separator: "x").map { String(format: "%05d", Int($0) ?? 0) }.joined(separator: "x")
        return "\(locale) \(storefront) \(theme ?? "") \(dims) \(state.map { String(CustomerState.allCases.firstIndex(of: $0)!) } ?? "-")"
    }
}
