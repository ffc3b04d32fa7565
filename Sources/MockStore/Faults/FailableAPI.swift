/// The nine StoreKit APIs Xcode lets a developer make fail, in the order Xcode writes them in
/// `_storeKitErrors` (docs/domain.md §2.4).
public enum FailableAPI: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case loadProducts
    case purchase
    case verification
    case appStoreSync
    case subscriptionStatus
    case appTransaction
    case manageSubscriptions
    case refundRequest
    case offerCodeRedeem

    /// The `name` Xcode writes in `_storeKitErrors`.
    public var xcodeName: String {
        switch self {
        case .loadProducts: "Load Products"
        case .purchase: "Purchase"
        case .verification: "Verification"
        case .appStoreSync: "App Store Sync"
        case .subscriptionStatus: "Subscription Status"
        case .appTransaction: "App Transaction"
        case .manageSubscriptions: "Manage Subscriptions Sheet"
        case .refundRequest: "Refund Request Sheet"
        case .offerCodeRedeem: "Offer Code Redeem Sheet"
        }
    }

    public var description: String { rawValue }

    /// Accepts the CLI name (`loadProducts`, `load-products`) or Xcode's (`Load Products`).
    public init?(name: String) {
        let folded = name.lowercased().filter { $0.isLetter }
        guard let hit = Self.allCases.first(where: {
            $0.rawValue.lowercased() == folded || $0.xcodeName.lowercased().filter(\.isLetter) == folded
        }) else { return nil }
        self = hit
    }

    /// Which errors this API can be made to throw (the `SKTestFailures` cases).
    public var allowedErrors: [InjectedError] {
        let generic = StoreKitError.allCases.map(InjectedError.storeKit)
        switch self {
        case .purchase: return PurchaseError.allCases.map(InjectedError.purchase) + generic
        case .verification: return VerificationError.allCases.map(InjectedError.verification)
        case .refundRequest: return RefundRequestError.allCases.map(InjectedError.refundRequest) + generic
        default: return generic
        }
    }
}

/// One error a fault can inject: any `StoreKitError`, `Product.PurchaseError`,
/// `VerificationError` or `Transaction.RefundRequestError` case.
public enum InjectedError: Hashable, Sendable, Codable, CustomStringConvertible {
    case storeKit(StoreKitError)
    case purchase(PurchaseError)
    case verification(VerificationError)
    case refundRequest(RefundRequestError)

    /// `storeKit.networkError`, `purchase.purchaseNotAllowed`, … — the name the CLI takes and prints.
    public var description: String {
        switch self {
        case .storeKit(let e): "storeKit.\(e)"
        case .purchase(let e): "purchase.\(e)"
        case .verification(let e): "verification.\(e)"
        case .refundRequest(let e): "refundRequest.\(e)"
        }
    }

    /// Every error case there is, for help text and validation messages.
    public static var all: [InjectedError] {
        StoreKitError.allCases.map(Self.storeKit) + PurchaseError.allCases.map(Self.purchase)
            + VerificationError.allCases.map(Self.verification)
            + RefundRequestError.allCases.map(Self.refundRequest)
    }

    /// Parses `storeKit.networkError`, or a bare case name (`networkError`) when it is unambiguous.
    public init?(name: String) {
        if let hit = Self.all.first(where: { $0.description.lowercased() == name.lowercased() }) {
            self = hit
            return
        }
        let bare = Self.all.filter { $0.description.split(separator: ".").last?.lowercased() == name.lowercased() }
        guard bare.count == 1 else { return nil }
        self = bare[0]
    }

    /// Maps Xcode's `_storeKitErrors[].current` (`{index, type}`) to a case; nil when out of range.
    public init?(xcodeType: String, index: Int) {
        func pick<E: CaseIterable>(_: E.Type) -> E? where E.AllCases: RandomAccessCollection, E.AllCases.Index == Int {
            E.allCases.indices.contains(index) ? E.allCases[index] : nil
        }
        switch xcodeType {
        case "generic": guard let e = pick(StoreKitError.self) else { return nil }; self = .storeKit(e)
        case "purchase": guard let e = pick(PurchaseError.self) else { return nil }; self = .purchase(e)
        case "verification": guard let e = pick(VerificationError.self) else { return nil }; self = .verification(e)
        case "refundRequest": guard let e = pick(RefundRequestError.self) else { return nil }; self = .refundRequest(e)
        default: return nil
        }
    }

    /// The error value to throw.
    public var error: any Error {
        switch self {
        case .storeKit(let e): e
        case .purchase(let e): e
        case .verification(let e): e
        case .refundRequest(let e): e
        }
    }
}
