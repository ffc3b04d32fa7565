import TollboothStoreKit

/// A failure a test can make a StoreKit API throw, as StoreKitTest's `SKTestFailure`.
public protocol SKTestFailure: Equatable, Sendable {}

/// The failures of each failable API, as StoreKitTest's `SKTestFailures`. Set one with
/// `SKTestSession.setSimulatedError(_:forAPI:)`; the API then throws exactly the error given.
public enum SKTestFailures {
    public enum LoadProducts: SKTestFailure {
        case generic(StoreKitError)
    }

    public enum Purchase: SKTestFailure {
        case generic(StoreKitError)
        case purchase(Product.PurchaseError)
    }

    public enum Verification: SKTestFailure {
        case verification(VerificationResult<Any>.VerificationError)
    }

    public enum AppStoreSync: SKTestFailure {
        case generic(StoreKitError)
    }

    public enum SubscriptionStatus: SKTestFailure {
        case generic(StoreKitError)
    }

    public enum AppTransaction: SKTestFailure {
        case generic(StoreKitError)
    }

    public enum ManageSubscriptions: SKTestFailure {
        case generic(StoreKitError)
    }

    public enum RefundRequest: SKTestFailure {
        case generic(StoreKitError)
        case refundRequest(Transaction.RefundRequestError)
    }

    public enum OfferCodeRedeem: SKTestFailure {
        case generic(StoreKitError)
    }
}

/// `StoreKitError` holds errors that are not `Equatable`; two failures are the same when they
/// name the same case (`networkError` whatever its `URLError`), as the test environment keeps
/// only the case.
func sameCase(_ a: StoreKitError, _ b: StoreKitError) -> Bool {
    String(describing: a).prefix { $0 != "(" } == String(describing: b).prefix { $0 != "(" }
}

extension SKTestFailures.LoadProducts {
    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) { case (.generic(let x), .generic(let y)): sameCase(x, y) }
    }
}

extension SKTestFailures.Purchase {
    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.generic(let x), .generic(let y)): sameCase(x, y)
        case (.purchase(let x), .purchase(let y)): x == y
        default: false
        }
    }
}

extension SKTestFailures.AppStoreSync {
    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) { case (.generic(let x), .generic(let y)): sameCase(x, y) }
    }
}

extension SKTestFailures.SubscriptionStatus {
    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) { case (.generic(let x), .generic(let y)): sameCase(x, y) }
    }
}

extension SKTestFailures.AppTransaction {
    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) { case (.generic(let x), .generic(let y)): sameCase(x, y) }
    }
}

extension SKTestFailures.ManageSubscriptions {
    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) { case (.generic(let x), .generic(let y)): sameCase(x, y) }
    }
}

extension SKTestFailures.RefundRequest {
    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.generic(let x), .generic(let y)): sameCase(x, y)
        case (.refundRequest(let x), .refundRequest(let y)): x == y
        default: false
        }
    }
}

extension SKTestFailures.OfferCodeRedeem {
    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) { case (.generic(let x), .generic(let y)): sameCase(x, y) }
    }
}
