import Foundation
import MockStore
import TollboothStoreKit

extension SKTestSession {
    // MARK: - Transactions

    /// Every transaction and every purchase still waiting (Ask to Buy, interrupted).
    public func allTransactions() -> [SKTestTransaction] {
        read([]) { try TestTransactionList.all($0) }
    }

    /// Deletes every transaction and waiting purchase.
    public func clearTransactions() {
        perform("clearTransactions()") { try $0.clear() }
    }

    /// Deletes one transaction or waiting purchase, as if it had never happened.
    public func deleteTransaction(identifier: Int) throws {
        try onTransaction(identifier) { try $0.delete($1) }
    }

    /// Puts the `.storekit` file's settings back: switches, storefront, locale, time rate and
    /// simulated errors. Transactions stay.
    public func resetToDefaultState() {
        perform("resetToDefaultState()") { try $0.restoreCatalogSettings() }
        rememberedFailures.withLock { $0 = [:] }
        storedFailureError.withLock { $0 = .unknown }
        for api in FailableAPI.allCases { connection.rememberSimulatedError(nil, for: api) }
    }

    /// Refunds a transaction: it reaches every `Transaction.updates` listener's sequence before
    /// this returns, and leaves the current entitlements.
    public func refundTransaction(identifier: Int) throws {
        try onTransaction(identifier) { try $0.refund($1) }
    }

    /// Renews the product's subscription now: a new transaction on `Transaction.updates`.
    public func forceRenewalOfSubscription(productIdentifier: String) throws {
        try onSubscription(productIdentifier) { try $0.renew(productID: productIdentifier) }
    }

    /// Turns auto-renew off and ends the product's subscription now (a status change only).
    public func expireSubscription(productIdentifier: String) throws {
        try onSubscription(productIdentifier) { try $0.expire(productID: productIdentifier) }
    }

    public func disableAutoRenewForTransaction(identifier: Int) throws {
        try onTransaction(identifier) { try $0.cancel($1) }
    }

    public func enableAutoRenewForTransaction(identifier: Int) throws {
        try onTransaction(identifier) { try $0.resume($1) }
    }

    /// Approves an Ask to Buy request: the purchase arrives on `Transaction.updates`.
    public func approveAskToBuyTransaction(identifier: Int) throws {
        try onTransaction(identifier) { try $0.approve($1) }
    }

    /// Declines an Ask to Buy request: nothing is delivered.
    public func declineAskToBuyTransaction(identifier: Int) throws {
        try onTransaction(identifier) { try $0.decline($1) }
    }

    /// Completes an interrupted purchase, or ends a subscription's billing problem.
    public func resolveIssueForTransaction(identifier: Int) throws {
        try onTransaction(identifier) { try $0.resolve($1) }
    }

    public func requestPriceIncreaseConsentForTransaction(identifier: Int) throws {
        try onTransaction(identifier) { try $0.requestPriceIncreaseConsent($1) }
    }

    public func consentToPriceIncreaseForTransaction(identifier: Int) throws {
        try onTransaction(identifier) { try $0.consentToPriceIncrease($1) }
    }

    /// The customer declines the increase: the subscription expires at the period's end with
    /// `.didNotConsentToPriceIncrease`.
    public func declinePriceIncreaseForTransaction(identifier: Int) throws {
        try onTransaction(identifier) { try $0.declinePriceIncrease($1) }
    }

    // MARK: - Buying from outside the app

    /// Buys a product as if outside the app (another device, the App Store): the transaction
    /// arrives on `Transaction.updates`, and this returns once every listener has processed it.
    /// Takes `quantity`, `appAccountToken` and the test-only `purchaseDate(_:renewalBehavior:)`,
    /// `promotionalOffer(id:)` and `codeOffer(referenceName:)`. An offer that does not exist or
    /// suit the customer throws its `Product.PurchaseError`.
    @discardableResult
    public func buyProduct(identifier: TollboothStoreKit.Product.ID,
                           options: Set<TollboothStoreKit.Product.PurchaseOption> = []) async throws -> TollboothStoreKit.Transaction {
        try requireProduct(identifier)
        let (storeOptions, backdating) = Self.storeForm(of: options)
        let record: MockStore.Transaction
        do {
            record = try run { try $0.buy(identifier, options: storeOptions, backdating: backdating) }
        } catch let error as MockStore.PurchaseError {
            throw ErrorBridge.purchase(error)
        }
        await connection.waitForListeners()
        return TollboothStoreKit.Transaction(record)
    }

    @available(*, deprecated, message: "Use the Swift API: SKTestSession.buyProduct(identifier:, options:)")
    public func buyProduct(productIdentifier: String) throws {
        try requireProduct(productIdentifier)
        do {
            _ = try run { try $0.buy(productIdentifier) }
        } catch let error as MockStore.PurchaseError {
            throw ErrorBridge.purchase(error)
        }
    }

    /// The store's options for a purchase from outside the app; options only an app's own
    /// purchase uses (Ask to Buy, storefront changes) are left out; a promotional offer keeps its
    /// signature, which is checked when given.
    static func storeForm(of options: Set<TollboothStoreKit.Product.PurchaseOption>) -> (Set<MockStore.PurchaseOption>, Backdating?) {
        var result: Set<MockStore.PurchaseOption> = []
        var backdating: Backdating?
        for option in options {
            switch option.kind {
            case .appAccountToken(let token): result.insert(.appAccountToken(token))
            case .quantity(let quantity): result.insert(.quantity(quantity))
            case .promotionalOffer, .signedPromotionalOffer, .promotionalOfferID:
                if let storeOption = option.storeOption { result.insert(storeOption) }
            case .winBackOffer(let offerID): result.insert(.winBackOffer(offerID))
            case .codeOffer(let name): result.insert(.codeOffer(referenceName: name))
            case .billingPlanType:
                if let storeOption = option.storeOption { result.insert(storeOption) }
            case .purchaseDate(let date, let renewUntilNow):
                backdating = Backdating(purchaseDate: date, renewal: renewUntilNow ? .renewUntilNow : .cancelImmediately)
            case .simulatesAskToBuyInSandbox, .custom, .introductoryOfferEligibility, .onStorefrontChange:
                break
            }
        }
        return (result, backdating)
    }

    // MARK: - Checks that name what is missing

    private func onTransaction(_ identifier: Int, _ body: (inout AdminSession, UInt64) throws -> String) throws {
        _ = try run { session in
            guard identifier > 0, try TestTransactionList.exists(identifier, in: session) else {
                throw SKTestError(.noTransactionFound, "No transaction \(identifier) in the test session; allTransactions() lists the identifiers.")
            }
            return try body(&session, UInt64(identifier))
        }
    }

    private func onSubscription(_ productID: String, _ body: (inout AdminSession) throws -> String) throws {
        try requireProduct(productID)
        guard catalog.product(id: productID)?.type == .autoRenewable else {
            throw SKTestError(.invalidProductType, "\(productID) is not an auto-renewable subscription.")
        }
        _ = try run { session in
            let live = try session.statuses().contains {
                $0.renewalInfo.currentProductID == productID && $0.state != .expired && $0.state != .revoked
            }
            guard live else {
                throw SKTestError(.noSubscriptionFound, "No active subscription to \(productID) in the test session.")
            }
            return try body(&session)
        }
    }

    private func requireProduct(_ productID: String) throws {
        guard catalog.product(id: productID) != nil else {
            throw SKTestError(.invalidProductIdentifier, "\(productID) is not a product of \(catalog.source).")
        }
    }
}
