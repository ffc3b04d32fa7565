import Foundation

/// An injected failure on one API: which error, how often, with what added latency.
public struct FaultRule: Sendable, Hashable, Codable {
    public var api: FailableAPI
    public var error: InjectedError
    public var mode: Mode
    /// Added latency before the call answers (with or without error), in milliseconds.
    public var latencyMilliseconds: Int

    /// How often a fault fires.
    public enum Mode: Sendable, Hashable, Codable, CustomStringConvertible {
        /// Every call fails.
        case always
        /// The next `remaining` calls fail, then the rule is spent (`once` is `times(1)`).
        case times(remaining: Int)
        /// Each call fails with probability `p`, drawn from a seeded generator so runs repeat.
        case probability(Double, seed: UInt64)
        /// No call fails; each only waits `latencyMilliseconds` (a slow store: a purchase still
        /// in flight when the app quits, S12).
        case latencyOnly

        public var description: String {
            switch self {
            case .always: "always"
            case .times(let n): n == 1 ? "once" : "next \(n)"
            case .probability(let p, let seed): "p=\(p) seed=\(seed)"
            case .latencyOnly: "latency only"
            }
        }
    }

    public init(api: FailableAPI, error: InjectedError, mode: Mode = .always, latencyMilliseconds: Int = 0) {
        self.api = api
        self.error = error
        self.mode = mode
        self.latencyMilliseconds = latencyMilliseconds
    }

    /// `purchase → purchase.purchaseNotAllowed (once)`, as the status line and CLI show it.
    public var summary: String {
        var text = "\(api) → \(error) (\(mode))"
        if latencyMilliseconds > 0 { text += " +\(latencyMilliseconds)ms" }
        return text
    }
}

/// The store's non-error behaviour switches (Xcode's configuration settings and a few of ours).
public struct StoreSwitches: Sendable, Hashable, Codable {
    /// Purchases return `.pending` until approved (Ask to Buy, B10).
    public var askToBuy = false
    /// Purchases are interrupted until resolved (S8, S9).
    public var interruptedPurchases = false
    /// Every renewal fails into billing retry.
    public var billingRetryOnRenewal = false
    /// A failed renewal first enters a grace period (needs `billingRetryOnRenewal`).
    public var billingGracePeriod = false
    /// The customer dismisses the confirmation sheet.
    public var userCancels = false
    /// Every new transaction is handed out `.unverified(_, .invalidSignature)`.
    public var unverifiedTransactions = false
    /// `canMakePayments` is false; purchases throw `purchaseNotAllowed` (B11, S7).
    public var paymentsDisabled = false
    /// Purchases skip the confirmation sheet, as Xcode's "Enable Dialogs" off.
    public var dialogsDisabled = false

    public init() {}

    /// The switches that are on, by name, for the status line.
    public var activeNames: [String] {
        var names: [String] = []
        if askToBuy { names.append("askToBuy") }
        if interruptedPurchases { names.append("interruptedPurchases") }
        if billingRetryOnRenewal { names.append("billingRetry") }
        if billingGracePeriod { names.append("gracePeriod") }
        if userCancels { names.append("userCancels") }
        if unverifiedTransactions { names.append("unverified") }
        if paymentsDisabled { names.append("paymentsDisabled") }
        return names
    }
}
