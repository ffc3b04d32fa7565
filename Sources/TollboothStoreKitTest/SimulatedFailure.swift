import Foundation
import MockStore
import TollboothStoreKit
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Translates between StoreKitTest's failures and the store's fault rules: the ledger keeps the
/// API and the error's case, the connection keeps the exact error value for the app to catch.
enum SimulatedFailure {
    /// The store's API for one of StoreKitTest's.
    static func api(_ api: some FailableStoreKitAPI) -> FailableAPI {
        switch api {
        case is StoreKitLoadProductsAPI: .loadProducts
        case is StoreKitPurchaseAPI: .purchase
        case is StoreKitVerificationAPI: .verification
        case is StoreKitAppStoreSyncAPI: .appStoreSync
        case is StoreKitSubscriptionStatusAPI: .subscriptionStatus
        case is StoreKitAppTransactionAPI: .appTransaction
        case is StoreKitManageSubscriptionsAPI: .manageSubscriptions
        case is StoreKitRefundRequestAPI: .refundRequest
        default: .offerCodeRedeem
        }
    }

    /// The store's form of a failure, and the exact error the app is to receive.
    static func injected(_ failure: any SKTestFailure) -> (InjectedError, any Error & Sendable) {
        switch failure {
        case let f as SKTestFailures.LoadProducts: switch f { case .generic(let e): generic(e) }
        case let f as SKTestFailures.Purchase:
            switch f {
            case .generic(let e): generic(e)
            case .purchase(let e): (.purchase(ErrorBridge.store(e)), e)
            }
        case let f as SKTestFailures.Verification:
            switch f { case .verification(let e): (.verification(ErrorBridge.store(e)), e) }
        case let f as SKTestFailures.AppStoreSync: switch f { case .generic(let e): generic(e) }
        case let f as SKTestFailures.SubscriptionStatus: switch f { case .generic(let e): generic(e) }
        case let f as SKTestFailures.AppTransaction: switch f { case .generic(let e): generic(e) }
        case let f as SKTestFailures.ManageSubscriptions: switch f { case .generic(let e): generic(e) }
        case let f as SKTestFailures.RefundRequest:
            switch f {
            case .generic(let e): generic(e)
            case .refundRequest(let e): (.refundRequest(e == .duplicateRequest ? .duplicateRequest : .failed), e)
            }
        case let f as SKTestFailures.OfferCodeRedeem: switch f { case .generic(let e): generic(e) }
        default: (.storeKit(.unknown), TollboothStoreKit.StoreKitError.unknown)
        }
    }

    /// A failure of API type `Failure` for a rule the ledger holds (set from the `.storekit` file
    /// or by an earlier session call): `remembered` when it is that case, else a representative.
    static func failure<Failure: SKTestFailure>(_ error: InjectedError, as _: Failure.Type, remembered: (any SKTestFailure)?) -> Failure? {
        if let remembered = remembered as? Failure, injected(remembered).0 == error { return remembered }
        let candidates: [any SKTestFailure] = switch error {
        case .storeKit(let e): genericFailures(ErrorBridge.storeKit(e))
        case .purchase(let e): [SKTestFailures.Purchase.purchase(ErrorBridge.purchase(e))]
        case .verification(let e): [SKTestFailures.Verification.verification(ErrorBridge.verification(e))]
        case .refundRequest(let e): [SKTestFailures.RefundRequest.refundRequest(ErrorBridge.refundRequest(e))]
        }
        return candidates.lazy.compactMap { $0 as? Failure }.first
    }

    /// The `generic` failure of every API, for a StoreKit error.
    private static func genericFailures(_ e: TollboothStoreKit.StoreKitError) -> [any SKTestFailure] {
        [SKTestFailures.LoadProducts.generic(e), SKTestFailures.Purchase.generic(e), SKTestFailures.AppStoreSync.generic(e),
         SKTestFailures.SubscriptionStatus.generic(e), SKTestFailures.AppTransaction.generic(e),
         SKTestFailures.ManageSubscriptions.generic(e), SKTestFailures.RefundRequest.generic(e), SKTestFailures.OfferCodeRedeem.generic(e)]
    }

    private static func generic(_ error: TollboothStoreKit.StoreKitError) -> (InjectedError, any Error & Sendable) {
        (.storeKit(ErrorBridge.store(error)), error)
    }
}
