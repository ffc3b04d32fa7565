import Foundation
import GRDB

/// What the ledger decided about a purchase request. Refusals are *returned*, not thrown, so
/// that their log entries commit with the rest of the operation.
enum PurchaseDecision: Sendable {
    case success(Transaction)
    case userCancelled
    case pending
    case failed(InjectedError)
}

/// The rules of buying (docs/domain.md §1.4, §1.10 B1–B11, scenarios S1, S6–S10, S15–S17).
enum PurchaseRules {
    /// An in-app purchase by `device` (`Product.purchase(options:)`) that the Purchase fault let
    /// through; the caller draws that fault first, as for every failable API.
    static func purchase(_ product: CatalogProduct, device: String?, options: Set<PurchaseOption>,
                         in context: inout LedgerContext) throws -> PurchaseDecision {
        let productID = product.id
        if context.settings.switches.paymentsDisabled {
            try context.log(.faultFired, product: productID, device: device,
                            detail: "payments disabled → purchase.purchaseNotAllowed")
            return .failed(.purchase(.purchaseNotAllowed))
        }
        let quantity = options.quantity
        if quantity < 1 || quantity > 10 || (product.type != .consumable && quantity != 1) {
            return .failed(.purchase(.invalidQuantity))
        }
        if let error = try offerError(for: product, options: options, in: context) { return .failed(error) }
        if let error = BillingPlanRules.error(for: product, options: options) { return .failed(error) }
        if let (error, reason) = PromotionalOfferSigning.check(options.promotionalOffer?.signature, options: options,
                                                               product: product, in: context) {
            try context.log(.faultFired, product: productID, device: device, detail: "\(reason) → purchase.\(error)")
            return .failed(.purchase(error))
        }
        if context.settings.switches.userCancels {
            try context.log(.faultFired, product: productID, device: device, detail: "userCancels switch → userCancelled")
            return .userCancelled
        }
        let askToBuy = options.askToBuy ?? context.settings.switches.askToBuy
        if askToBuy {
            // B10: repeated requests merge; only one purchase completes.
            let waiting = try Int.fetchOne(
                cached: context.db, sql: "SELECT count(*) FROM pending WHERE productID = ? AND kind = 'askToBuy'",
                arguments: [productID]) ?? 0
            if waiting == 0 {
                let id = try context.nextID()
                try insertPending(id: id, product: productID, device: device, kind: .askToBuy, options: options, in: context)
                try context.log(.askToBuyRequest, transaction: id, product: productID, device: device,
                                detail: "waiting for approval (pending id \(id))")
            }
            return .pending
        }
        if context.settings.switches.interruptedPurchases {
            let id = try context.nextID()
            try insertPending(id: id, product: productID, device: device, kind: .interrupted, options: options, in: context)
            try context.log(.interrupted, transaction: id, product: productID, device: device,
                            detail: "interrupted: the account needs attention (pending id \(id)); resolve it to complete")
            return .userCancelled
        }
        let transaction = try complete(product, device: device, options: options, eventKind: .purchase,
                                       eventDevice: device, in: &context)
        return .success(transaction)
    }

    /// `transaction.finish()` by the app on `device`. Finishing twice, or an id the ledger does not
    /// have, changes and logs nothing (B3).
    static func finish(_ id: UInt64, by device: String, in context: LedgerContext) throws {
        guard try Transaction.markFinished(id, by: device, in: context.db) else { return }
        try context.log(.finish, transaction: id, device: device, detail: "finished by \(device)")
    }

    /// Completes a purchase and logs it. `eventDevice` is the device that already has the result
    /// (B1: not re-sent on its `updates`); nil delivers to every device. `outsideApp`: the event
    /// names `device` as where the purchase was made outside the app, and delivers there too.
    static func complete(_ product: CatalogProduct, device: String?, options: Set<PurchaseOption>,
                         eventKind: StoreEvent.Kind, eventDevice: String?, outsideApp: Bool = false,
                         in context: inout LedgerContext) throws -> Transaction {
        switch product.type {
        case .nonConsumable:
            if let owned = try Transaction.fetchAll(
                context.db,
                sql: "SELECT * FROM transactions WHERE productID = ? AND revocationDate IS NULL ORDER BY id DESC LIMIT 1",
                arguments: [product.id]).first {
                // Buying again does not charge again (docs/domain.md §1.1).
                try context.log(.purchase, transaction: owned.id, product: product.id, device: device,
                                detail: "already purchased; no charge, existing transaction returned")
                return owned
            }
            fallthrough
        case .consumable, .nonRenewable:
            let transaction = try newTransaction(product, device: device, options: options, in: &context)
            try transaction.insert(context.db)
            try context.log(eventKind, transaction: transaction.id, product: product.id, device: outsideApp ? device : eventDevice,
                            delivers: true, outsideApp: outsideApp, detail: "\(product.type) \(product.id) × \(transaction.purchasedQuantity)")
            try context.notify(.oneTimeCharge, transaction: transaction)
            return transaction
        case .autoRenewable:
            return try SubscriptionRules.subscribe(product, device: device, options: options, eventKind: eventKind,
                                                   eventDevice: eventDevice, outsideApp: outsideApp, in: &context)
        default:
            throw StoreOperationError("product '\(product.id)' has type \(product.type.rawValue), which Tollbooth cannot sell")
        }
    }

    /// A fresh transaction for `product` at the context's time, with verification applied.
    static func newTransaction(_ product: CatalogProduct, device: String?, options: Set<PurchaseOption>,
                               in context: inout LedgerContext) throws -> Transaction {
        let id = try context.nextID()
        let verificationError = try verification(in: &context, device: device)
        return Transaction(
            id: id, originalID: id, productID: product.id, productType: product.type,
            purchaseDate: context.now, originalPurchaseDate: context.now,
            purchasedQuantity: options.quantity, price: context.charged(product.price) * Decimal(options.quantity),
            currencyCode: context.currencyCode, storefrontCountryCode: context.settings.storefront,
            appAccountToken: options.appAccountToken, signedDate: context.now, device: device,
            verificationError: verificationError)
    }

    /// Whether a new transaction is handed out unverified (Verification fault or switch). The
    /// fault's latency is added to the context's `verificationLatencyMilliseconds`.
    static func verification(in context: inout LedgerContext, device: String?) throws -> VerificationError? {
        let fault = try FaultBook.draw(.verification, in: context, device: device)
        context.verificationLatencyMilliseconds += fault.latencyMilliseconds
        if case .verification(let error)? = fault.error {
            return error
        }
        return context.settings.switches.unverifiedTransactions ? .invalidSignature : nil
    }

    static func insertPending(id: UInt64, product: String, device: String?, kind: PendingPurchase.Kind,
                              options: Set<PurchaseOption>, in context: LedgerContext) throws {
        try context.db.run(
            sql: """
                INSERT INTO pending (id, productID, device, requestedAt, kind, quantity, appAccountToken, billingPlanType)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [Int64(id), product, device, context.now.timeIntervalSince1970, kind.rawValue, options.quantity,
                        options.appAccountToken?.uuidString, BillingPlanRules.requested(options)?.rawValue])
    }

    /// Promotional, win-back and code offers must exist and suit the customer.
    static func offerError(for product: CatalogProduct, options: Set<PurchaseOption>, in context: LedgerContext) throws -> InjectedError? {
        guard options.promotionalOfferID != nil || options.winBackOfferID != nil || options.codeOfferReferenceName != nil else { return nil }
        guard let subscription = product.subscription else { return .purchase(.invalidOfferIdentifier) }
        let row = try SubscriptionRow.fetch(context.db, group: subscription.groupID)
        if let name = options.codeOfferReferenceName {
            guard let offer = subscription.codeOffers.first(where: { $0.referenceName == name }) else {
                return .purchase(.invalidOfferIdentifier)
            }
            // An offer code names who may redeem it: new, existing or expired subscribers.
            let customer = switch row?.state {
            case nil: "new"
            case .expired?, .revoked?: "expired"
            default: "existing"
            }
            if !offer.eligibility.isEmpty && !offer.eligibility.contains(customer) { return .purchase(.ineligibleForOffer) }
        }
        if let id = options.promotionalOfferID {
            guard subscription.promotionalOffers.contains(where: { $0.id == id }) else { return .purchase(.invalidOfferIdentifier) }
            // Promotional offers are for current or lapsed subscribers.
            if row == nil { return .purchase(.ineligibleForOffer) }
        }
        if let id = options.winBackOfferID {
            guard let offer = subscription.winBackOffers.first(where: { $0.id == id }) else { return .purchase(.invalidOfferIdentifier) }
            // For churned subscribers only (expired; none in grace or billing retry), and only
            // offers the file marks eligible.
            guard let row, row.state == .expired, offer.isEligible else { return .purchase(.ineligibleForOffer) }
        }
        return nil
    }
}

extension Set<PurchaseOption> {
    var quantity: Int {
        for case .quantity(let n) in self { return n }
        return 1
    }

    var appAccountToken: UUID? {
        for case .appAccountToken(let token) in self { return token }
        return nil
    }

    var askToBuy: Bool? {
        for case .simulatesAskToBuyInSandbox(let on) in self { return on }
        return nil
    }

    var promotionalOfferID: String? { promotionalOffer?.id }

    var promotionalOffer: (id: String, signature: PromotionalOfferSignature?)? {
        for case .promotionalOffer(let id, let signature) in self { return (id, signature) }
        return nil
    }

    var winBackOfferID: String? {
        for case .winBackOffer(let id) in self { return id }
        return nil
    }

    var codeOfferReferenceName: String? {
        for case .codeOffer(let name) in self { return name }
        return nil
    }
}
