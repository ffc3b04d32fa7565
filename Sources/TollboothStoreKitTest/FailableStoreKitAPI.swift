/// A StoreKit API a test can make fail, as StoreKitTest's `FailableStoreKitAPI`: pass one of
/// its static members (`.loadProducts`, `.purchase`, …) to `SKTestSession.setSimulatedError`.
public protocol FailableStoreKitAPI<Failure>: Sendable {
    associatedtype Failure: SKTestFailure
}

/// `Product.products(for:)`.
public struct StoreKitLoadProductsAPI: FailableStoreKitAPI {
    public typealias Failure = SKTestFailures.LoadProducts
    public init() {}
}

/// `Product.purchase(options:)`.
public struct StoreKitPurchaseAPI: FailableStoreKitAPI {
    public typealias Failure = SKTestFailures.Purchase
    public init() {}
}

/// The verification of every new transaction.
public struct StoreKitVerificationAPI: FailableStoreKitAPI {
    public typealias Failure = SKTestFailures.Verification
    public init() {}
}

/// `AppStore.sync()`.
public struct StoreKitAppStoreSyncAPI: FailableStoreKitAPI {
    public typealias Failure = SKTestFailures.AppStoreSync
    public init() {}
}

/// `Product.SubscriptionInfo.status(for:)`.
public struct StoreKitSubscriptionStatusAPI: FailableStoreKitAPI {
    public typealias Failure = SKTestFailures.SubscriptionStatus
    public init() {}
}

/// `AppTransaction.shared`.
public struct StoreKitAppTransactionAPI: FailableStoreKitAPI {
    public typealias Failure = SKTestFailures.AppTransaction
    public init() {}
}

/// `AppStore.showManageSubscriptions(in:)`.
public struct StoreKitManageSubscriptionsAPI: FailableStoreKitAPI {
    public typealias Failure = SKTestFailures.ManageSubscriptions
    public init() {}
}

/// `Transaction.beginRefundRequest(in:)`.
public struct StoreKitRefundRequestAPI: FailableStoreKitAPI {
    public typealias Failure = SKTestFailures.RefundRequest
    public init() {}
}

/// `AppStore.presentOfferCodeRedeemSheet(in:)`.
public struct StoreKitOfferCodeRedeemAPI: FailableStoreKitAPI {
    public typealias Failure = SKTestFailures.OfferCodeRedeem
    public init() {}
}

extension FailableStoreKitAPI where Self == StoreKitLoadProductsAPI {
    public static var loadProducts: StoreKitLoadProductsAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitPurchaseAPI {
    public static var purchase: StoreKitPurchaseAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitVerificationAPI {
    public static var verification: StoreKitVerificationAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitAppStoreSyncAPI {
    public static var appStoreSync: StoreKitAppStoreSyncAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitSubscriptionStatusAPI {
    public static var subscriptionStatus: StoreKitSubscriptionStatusAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitAppTransactionAPI {
    public static var appTransaction: StoreKitAppTransactionAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitManageSubscriptionsAPI {
    public static var manageSubscriptions: StoreKitManageSubscriptionsAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitRefundRequestAPI {
    public static var refundRequest: StoreKitRefundRequestAPI { .init() }
}

extension FailableStoreKitAPI where Self == StoreKitOfferCodeRedeemAPI {
    public static var offerCodeRedeem: StoreKitOfferCodeRedeemAPI { .init() }
}
