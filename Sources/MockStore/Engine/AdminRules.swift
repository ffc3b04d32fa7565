import Foundation
import GRDB

/// What Xcode's Transaction Manager can do to an account, as ledger operations
/// (docs/domain.md §2.2, §2.3). Each returns a one-line description for the CLI and the log.
enum AdminRules {
    /// Refund: sets `revocationDate`/`revocationReason`, removes the entitlement, and sends the
    /// revoked transaction on `updates` to every device (B8, B9).
    static func refund(_ id: UInt64, reason: RevocationReason, in context: LedgerContext) throws -> String {
        var transaction = try context.transaction(id)
        guard transaction.revocationDate == nil else {
            throw StoreOperationError("transaction \(id) was already refunded on \(iso(transaction.revocationDate!))")
        }
        transaction.revocationDate = context.now
        transaction.revocationReason = reason
        // signedDate moves too: the App Store signs the refunded transaction anew.
        transaction.signedDate = context.now
        try context.db.run(sql: "UPDATE transactions SET revocationDate = ?, revocationReason = ?, signedDate = ? WHERE id = ?",
                               arguments: [context.now.timeIntervalSince1970, reason.rawValue, context.now.timeIntervalSince1970, Int64(id)])
        var group: String?
        var state: RenewalState?
        if let groupID = transaction.subscriptionGroupID, var row = try SubscriptionRow.fetch(context.db, group: groupID),
           row.latestTransactionID == id {
            row.state = .revoked
            row.willAutoRenew = false
            row.graceUntil = nil
            row.retryUntil = nil
            try row.save(context.db)
            group = groupID
            state = row.state
        } else if let groupID = transaction.subscriptionGroupID {
            state = try SubscriptionRow.fetch(context.db, group: groupID)?.state
        }
        let text = "refunded \(id) (\(transaction.productID), \(reason))"
        try context.log(.refund, transaction: id, product: transaction.productID, delivers: true, statusGroup: group, detail: text)
        try context.notify(.refund, transaction: transaction, state: state)
        // Family members lose a shared purchase with the purchaser's refund.
        if try FamilySharing.isShared(transaction.productID, catalog: context.catalog, in: context.db),
           try FamilySharing.hasMembers(in: context.db) {
            try context.notify(.revoke, transaction: transaction, state: state, familyShared: true)
        }
        return text
    }

    /// The customer asks the App Store for a refund of transaction `id` (`beginRefundRequest`):
    /// the event and, for a consumable or an auto-renewable subscription, the CONSUMPTION_REQUEST
    /// with which Apple asks the developer for consumption data first. `RefundRules.request`
    /// records it as pending until the App Store decides.
    static func requestRefund(_ id: UInt64, reason: ConsumptionRequestReason, in context: LedgerContext) throws -> String {
        let transaction = try context.transaction(id)
        guard transaction.revocationDate == nil else {
            throw StoreOperationError("transaction \(id) was already refunded on \(iso(transaction.revocationDate!))")
        }
        let text = "refund requested for \(id) (\(transaction.productID), \(reason))"
        try context.log(.refundRequest, transaction: id, product: transaction.productID, detail: text)
        if transaction.productType == .consumable || transaction.productType == .autoRenewable {
            let state = try transaction.subscriptionGroupID.flatMap { try SubscriptionRow.fetch(context.db, group: $0)?.state }
            try context.notify(.consumptionRequest, transaction: transaction, state: state, reason: reason)
        }
        return text
    }

    /// The live subscription a transaction belongs to, or a clear error.
    static func liveSubscription(for id: UInt64, in context: LedgerContext) throws -> SubscriptionRow {
        let transaction = try context.transaction(id)
        guard let group = transaction.subscriptionGroupID, let row = try SubscriptionRow.fetch(context.db, group: group),
              row.originalID == transaction.originalID else {
            throw StoreOperationError("transaction \(id) (\(transaction.productID)) is not an auto-renewable subscription")
        }
        return row
    }

    /// The live subscription whose current product is `productID` (SKTestSession names
    /// subscriptions by product), or a clear error.
    static func liveSubscription(product productID: String, in context: LedgerContext) throws -> SubscriptionRow {
        let product = try context.product(productID)
        guard let group = product.subscription?.groupID else {
            throw StoreOperationError("\(productID) is a \(product.type), not an auto-renewable subscription")
        }
        guard let row = try SubscriptionRow.fetch(context.db, group: group) else {
            throw StoreOperationError("there is no \(productID) subscription: nothing in its group was bought")
        }
        guard row.productID == productID else {
            throw StoreOperationError("the subscription of group \(group) is \(row.productID), not \(productID)")
        }
        try requireActive(row, row.latestTransactionID)
        return row
    }

    static func requireActive(_ row: SubscriptionRow, _ id: UInt64) throws {
        guard [.subscribed, .inGracePeriod, .inBillingRetryPeriod].contains(row.state) else {
            throw StoreOperationError("the subscription of transaction \(id) is \(row.state), not active")
        }
    }

    /// Expire now (SKTestSession.expireSubscription): a plain expiry, status only (B4).
    static func expire(_ id: UInt64, in context: LedgerContext) throws -> String {
        var row = try liveSubscription(for: id, in: context)
        try requireActive(row, id)
        try context.db.run(sql: "UPDATE transactions SET expirationDate = ? WHERE id = ?",
                               arguments: [context.now.timeIntervalSince1970, Int64(row.latestTransactionID)])
        row.expirationDate = context.now
        try SubscriptionRules.expire(&row, reason: .autoRenewDisabled, at: context.now, in: context)
        try row.save(context.db)
        return "expired the \(row.productID) subscription now"
    }

    /// Expire now by product (SKTestSession.expireSubscription(productIdentifier:)).
    static func expire(product productID: String, in context: LedgerContext) throws -> String {
        try expire(liveSubscription(product: productID, in: context).latestTransactionID, in: context)
    }

    /// Renew now by product (SKTestSession.forceRenewalOfSubscription(productIdentifier:)).
    static func renew(product productID: String, in context: LedgerContext) throws -> String {
        try renew(liveSubscription(product: productID, in: context).latestTransactionID, in: context)
    }

    /// Renew now (SKTestSession.forceRenewalOfSubscription); also ends a billing problem.
    static func renew(_ id: UInt64, in context: LedgerContext) throws -> String {
        var row = try liveSubscription(for: id, in: context)
        try requireActive(row, id)
        try SubscriptionRules.renew(&row, at: context.now, in: context)
        try row.save(context.db)
        return "renewed \(row.productID): new transaction \(row.latestTransactionID), until \(iso(row.expirationDate))"
    }

    /// Turn auto-renew off (cancel) or back on (resume): a status change, no transaction (S4).
    static func setAutoRenew(_ id: UInt64, _ on: Bool, in context: LedgerContext) throws -> String {
        var row = try liveSubscription(for: id, in: context)
        try requireActive(row, id)
        row.willAutoRenew = on
        try row.save(context.db)
        var text = on ? "auto-renew on for \(row.productID); renews \(iso(row.expirationDate))"
                      : "auto-renew off for \(row.productID); access continues until \(iso(row.expirationDate))"
        // Inside a commitment the remaining payments stay due (docs/domain.md §1.12).
        if row.isCommitted, let end = row.commitmentExpirationDate {
            text = on ? "auto-renew on for \(row.productID); the commitment renews \(iso(end))"
                      : "auto-renew off for \(row.productID); the commitment's remaining payments continue until \(iso(end)), and it does not renew"
        }
        try context.log(on ? .autoRenewOn : .autoRenewOff, transaction: row.latestTransactionID, product: row.productID,
                        statusGroup: row.groupID, detail: text)
        try context.notify(.didChangeRenewalStatus, on ? .autoRenewEnabled : .autoRenewDisabled, subscription: row)
        return text
    }

    static func pending(_ id: UInt64, in context: LedgerContext) throws -> PendingPurchase {
        guard let row = try Row.fetchOne(cached: context.db, sql: "SELECT * FROM pending WHERE id = ?", arguments: [Int64(clamping: id)]) else {
            let ids = try Int64.fetchAll(cached: context.db, sql: "SELECT id FROM pending ORDER BY id").map(String.init)
            throw StoreOperationError("no pending purchase \(id); pending ids: \(ids.isEmpty ? "none" : ids.joined(separator: ", "))")
        }
        return PendingPurchase(row: row)
    }

    /// Approve an Ask to Buy request: the transaction arrives on every device's `updates` (B10).
    static func approve(_ id: UInt64, in context: inout LedgerContext) throws -> String {
        let request = try pending(id, in: context)
        guard request.kind == .askToBuy else { throw StoreOperationError("pending purchase \(id) is an interrupted purchase: use resolve, not approve") }
        try context.db.run(sql: "DELETE FROM pending WHERE id = ?", arguments: [Int64(clamping: id)])
        let product = try context.product(request.productID)
        let transaction = try PurchaseRules.complete(product, device: request.device, options: request.options, eventKind: .approve,
                                                     eventDevice: nil, in: &context)
        return "approved \(request.productID): transaction \(transaction.id)"
    }

    /// Decline an Ask to Buy request: nothing is delivered (B10).
    static func decline(_ id: UInt64, in context: LedgerContext) throws -> String {
        let request = try pending(id, in: context)
        guard request.kind == .askToBuy else { throw StoreOperationError("pending purchase \(id) is an interrupted purchase: use resolve, not decline") }
        try context.db.run(sql: "DELETE FROM pending WHERE id = ?", arguments: [Int64(clamping: id)])
        let text = "declined \(request.productID) (request \(id))"
        try context.log(.decline, transaction: id, product: request.productID, device: request.device, detail: text)
        return text
    }

    /// Resolve an interrupted purchase (S8, S9) or a billing problem (retry or grace).
    static func resolve(_ id: UInt64, in context: inout LedgerContext) throws -> String {
        if let request = try Row.fetchOne(cached: context.db, sql: "SELECT * FROM pending WHERE id = ?", arguments: [Int64(clamping: id)])
            .map(PendingPurchase.init(row:)) {
            guard request.kind == .interrupted else { throw StoreOperationError("pending purchase \(id) waits for Ask to Buy: use approve or decline") }
            try context.db.run(sql: "DELETE FROM pending WHERE id = ?", arguments: [Int64(clamping: id)])
            let product = try context.product(request.productID)
            let transaction = try PurchaseRules.complete(product, device: request.device, options: request.options, eventKind: .resolve,
                                                         eventDevice: nil, in: &context)
            return "resolved the interrupted purchase of \(request.productID): transaction \(transaction.id)"
        }
        var row = try liveSubscription(for: id, in: context)
        guard row.state == .inBillingRetryPeriod || row.state == .inGracePeriod else {
            throw StoreOperationError("transaction \(id) has no billing issue or interrupted purchase to resolve (its subscription is \(row.state))")
        }
        // Apple: billing that recovers within the grace period keeps the billing date (no
        // interruption of paid service); recovery during billing retry starts a period now.
        let start = row.state == .inGracePeriod ? row.expirationDate : context.now
        try SubscriptionRules.renew(&row, at: start, reason: .billingRecovered, happenedAt: context.now, in: context)
        try row.save(context.db)
        return "resolved the billing issue of \(row.productID): new transaction \(row.latestTransactionID)"
    }

    /// Finish a transaction on behalf of `device` (Xcode's Transaction Manager): the id must
    /// exist; the finish is logged even when the transaction was already finished.
    static func finish(_ id: UInt64, by device: String, in context: LedgerContext) throws {
        _ = try context.transaction(id)
        _ = try Transaction.markFinished(id, by: device, in: context.db)
        try context.log(.finish, transaction: id, device: device, detail: "finished by \(device)")
    }

    /// Delete a transaction, as Xcode's Transaction Manager does (to retest intro offers).
    /// A pending purchase (Ask to Buy, interrupted) shares the id space and is deleted the same way.
    static func delete(_ id: UInt64, in context: LedgerContext) throws -> String {
        if let request = try Row.fetchOne(cached: context.db, sql: "SELECT * FROM pending WHERE id = ?", arguments: [Int64(clamping: id)])
            .map(PendingPurchase.init(row:)) {
            try context.db.run(sql: "DELETE FROM pending WHERE id = ?", arguments: [Int64(clamping: id)])
            let text = "deleted pending purchase \(id) (\(request.productID), \(request.kind))"
            try context.log(.delete, transaction: id, product: request.productID, device: request.device, detail: text)
            return text
        }
        let transaction = try context.transaction(id)
        try context.db.run(sql: "DELETE FROM transactions WHERE id = ?", arguments: [Int64(clamping: id)])
        var group: String?
        if let groupID = transaction.subscriptionGroupID, var row = try SubscriptionRow.fetch(context.db, group: groupID),
           row.latestTransactionID == id {
            group = groupID
            if let previous = try Transaction.fetchAll(
                context.db, sql: "SELECT * FROM transactions WHERE groupID = ? ORDER BY id DESC LIMIT 1", arguments: [groupID]).first {
                row.latestTransactionID = previous.id
                row.productID = previous.productID
                row.autoRenewProductID = previous.productID
                row.expirationDate = previous.expirationDate ?? context.now
                if previous.revocationDate != nil {
                    row.state = .revoked
                } else if row.expirationDate > context.now {
                    row.state = .subscribed
                } else {
                    row.state = .expired
                    row.expirationReason = row.expirationReason ?? .unknown
                }
                try row.save(context.db)
            } else {
                try context.db.run(sql: "DELETE FROM subscriptions WHERE groupID = ?", arguments: [groupID])
            }
        }
        let text = "deleted transaction \(id) (\(transaction.productID))"
        try context.log(.delete, transaction: id, product: transaction.productID, statusGroup: group, detail: text)
        return text
    }

    /// Clear every transaction, subscription and pending purchase (Xcode's "delete all").
    static func clear(in context: LedgerContext) throws -> String {
        let count = try Int.fetchOne(cached: context.db, sql: "SELECT count(*) FROM transactions") ?? 0
        try context.db.execute(sql: "DELETE FROM transactions; DELETE FROM subscriptions; DELETE FROM pending;")
        let text = "cleared \(count) transaction\(count == 1 ? "" : "s")"
        try context.log(.clear, detail: text)
        return text
    }

}
