/// One of the store's behaviour switches, by name: the CLI (`tollbooth fault switch NAME on`)
/// and the control room's Faults and Settings panels flip them through this one table.
public enum StoreSwitch: String, CaseIterable, Hashable, Sendable, Codable {
    case askToBuy
    case interruptedPurchases
    case billingRetry
    case gracePeriod
    case userCancels
    case unverified
    case paymentsDisabled
    case dialogsDisabled

    /// The field of `StoreSwitches` this switch sets.
    public var keyPath: WritableKeyPath<StoreSwitches, Bool> & Sendable {
        switch self {
        case .askToBuy: \.askToBuy
        case .interruptedPurchases: \.interruptedPurchases
        case .billingRetry: \.billingRetryOnRenewal
        case .gracePeriod: \.billingGracePeriod
        case .userCancels: \.userCancels
        case .unverified: \.unverifiedTransactions
        case .paymentsDisabled: \.paymentsDisabled
        case .dialogsDisabled: \.dialogsDisabled
        }
    }

    /// The switches that make the store misbehave (the Faults panel); `dialogsDisabled` is a
    /// presentation setting and lives with the Settings.
    public static var behaviour: [StoreSwitch] { allCases.filter { $0 != .dialogsDisabled } }
}

extension StoreSwitches {
    /// Reads or sets a switch by name.
    public subscript(name: StoreSwitch) -> Bool {
        get { self[keyPath: name.keyPath] }
        set { self[keyPath: name.keyPath] = newValue }
    }
}
