import Foundation
import TerminalUI

/// The customer a paywall variant is rendered for, each built in a real in-memory store.
public enum CustomerState: String, Codable, Sendable, CaseIterable, Comparable {
    /// Eligible for every introductory offer; owns nothing.
    case new
    /// Had the first subscription, which lapsed: no longer eligible for its group's intro offers.
    case introUsed = "intro-used"
    /// Owns the first subscription.
    case subscribed

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One way the paywall is looked at: in a language and storefront, at a window size, for a
/// customer. Catalog rules (M) have no size and no customer.
public struct AuditVariant: Codable, Sendable, Hashable {
    public var locale: String
    public var storefront: String
    /// "80x24"; nil for a catalog rule.
    public var size: String?
    public var state: CustomerState?

    public init(locale: String, storefront: String, size: Size? = nil, state: CustomerState? = nil) {
        self.locale = locale
        self.storefront = storefront
        self.size = size.map { "\($0.width)x\($0.height)" }
        self.state = state
    }

    /// "en_US 80x24 new", or "en_US catalog" for a catalog rule.
    public var label: String {
        guard let size, let state else { return "\(locale) catalog" }
        return "\(locale) \(size) \(state.rawValue)"
    }

    var sortKey: String {
        // Sizes sort by width then height, numerically; states in their declared order.
        let dims = (size ?? "0x0").split(separator: "x").map { String(format: "%05d", Int($0) ?? 0) }.joined(separator: "x")
        return "\(locale) \(storefront) \(dims) \(state.map { String(CustomerState.allCases.firstIndex(of: $0)!) } ?? "-")"
    }
}
