import Chrome
import Foundation
import MockStore

/// One thing the control room asks the store's admin side to do. Each is one database
/// transaction (`Store.admin`), logged in the event log, and reaches every device through
/// `Transaction.updates` / `Status.updates` as the same action from `tollbooth txn` would.
public enum AdminAction: Sendable, Hashable {
    // Transactions (ids are transaction ids; pending purchases share the id space)
    case refund(UInt64, RevocationReason)
    case expire(UInt64)
    case renew(UInt64)
    case setAutoRenew(UInt64, on: Bool)
    case approve(UInt64)
    case decline(UInt64)
    case resolve(UInt64)
    case delete(UInt64)
    /// A purchase made on another device signed into the account (or outside the app): it
    /// arrives on every running device's `updates`.
    case buyElsewhere(productID: String, device: String)
    case clearAll
    // Clock
    case advance(ClockAdvance)
    case advanceToNextRenewal
    case setRate(TimeRate)
    case setPaused(Bool)
    // Faults and switches
    case setFault(FaultRule)
    case clearFaults(FailableAPI?)
    case setSwitch(StoreSwitch, Bool)
    // Settings
    case setStorefront(String)

    /// Whether a slip of the finger would cost something: these ask "are you sure?" first.
    public var needsConfirmation: Bool {
        switch self {
        case .refund, .expire, .renew, .setAutoRenew, .approve, .decline, .resolve, .delete, .buyElsewhere, .clearAll: true
        default: false
        }
    }

    /// The store's answer changes which products or prices the paywall shows.
    var changesProducts: Bool {
        if case .setStorefront = self { return true }
        return false
    }

    /// Runs the action in an admin session; returns the engine's own summary for the log.
    public func perform(in session: inout AdminSession) throws -> String {
        switch self {
        case .refund(let id, let reason): return try session.refund(id, reason: reason)
        case .expire(let id): return try session.expire(id)
        case .renew(let id): return try session.renew(id)
        case .setAutoRenew(let id, let on): return try on ? session.resume(id) : session.cancel(id)
        case .approve(let id): return try session.approve(id)
        case .decline(let id): return try session.decline(id)
        case .resolve(let id): return try session.resolve(id)
        case .delete(let id): return try session.delete(id)
        case .buyElsewhere(let productID, let device):
            let tx = try session.buy(productID, device: device)
            return "bought \(productID) on \(device) (transaction \(tx.id))"
        case .clearAll: return try session.clear()
        case .advance(let by): return try session.advanceClock(by)
        case .advanceToNextRenewal: return try session.advanceToNextRenewal()
        case .setRate(let rate): return try session.setRate(rate)
        case .setPaused(let paused): return try session.setPaused(paused)
        case .setFault(let rule):
            try session.setFault(rule)
            return "fault set: \(rule.summary)"
        case .clearFaults(let api):
            try session.clearFaults(api)
            return api.map { "faults cleared on \($0)" } ?? "all faults cleared"
        case .setSwitch(let name, let on):
            return try session.updateSettings { $0.switches[name] = on }
        case .setStorefront(let code):
            return try session.updateSettings { $0.storefront = code }
        }
    }
}

/// How an admin action ended.
public enum AdminOutcome: Sendable, Hashable {
    /// Done; the engine's summary (English, for the event log and the trace).
    case done(String)
    /// Refused or failed: the store's one-sentence reason.
    case failed(String)
}
