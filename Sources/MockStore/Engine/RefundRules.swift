import Foundation
import GRDB

/// The refund lifecycle as Apple runs it (docs/domain.md §2.6): the customer asks (a refund
/// request, CONSUMPTION_REQUEST), the developer may answer with consumption information (Send
/// Consumption Information), the App Store decides (REFUND full or prorated, or REFUND_DECLINED),
/// and may later reverse a refund (REFUND_REVERSED), which gives the entitlement back.
enum RefundRules {
    /// One row of `refundRequests`.
    struct Request {
        var id: Int64
        var reason: ConsumptionRequestReason
        var requestedAt: Date
        var consumption: ConsumptionInformation?
    }

    /// The customer asks for a refund: recorded as pending, and CONSUMPTION_REQUEST for a
    /// consumable or subscription (`AdminRules.requestRefund`). One request at a time: the
    /// App Store answers a second with `duplicateRequest`.
    static func request(_ id: UInt64, reason: ConsumptionRequestReason, in context: LedgerContext) throws -> String {
        if let open = try openRequest(id, in: context.db) {
            throw StoreOperationError("transaction \(id) already has a refund request open since \(iso(open.requestedAt)); "
                                      + "decide it first: tollbooth txn refund-decide \(id)")
        }
        let text = try AdminRules.requestRefund(id, reason: reason, in: context)
        try context.db.run(sql: "INSERT INTO refundRequests (transactionID, reason, requestedAt, status) VALUES (?, ?, ?, 'pending')",
                           arguments: [Int64(clamping: id), reason.rawValue, context.now.timeIntervalSince1970])
        try context.db.run(sql: "UPDATE transactions SET refundState = ? WHERE id = ?", arguments: [RefundState.requested.rawValue, Int64(clamping: id)])
        return text
    }

    /// The open request of transaction `id`, if any.
    static func openRequest(_ id: UInt64, in db: Database) throws -> Request? {
        guard let key = Int64(exactly: id) else { return nil }
        return try Row.fetchOne(cached: db, sql: "SELECT * FROM refundRequests WHERE transactionID = ? AND status = 'pending' ORDER BY id DESC LIMIT 1",
                                arguments: [key]).map { row in
            let version: Int? = row["consumptionVersion"]
            return Request(id: row["id"], reason: ConsumptionRequestReason(rawValue: row["reason"]),
                           requestedAt: try ledgerDate(row["requestedAt"], "refundRequests.requestedAt"),
                           consumption: version.map { version in
                               ConsumptionInformation(version: version,
                                                      preference: (row["refundPreference"] as String?).flatMap(ConsumptionInformation.Preference.init(rawValue:)),
                                                      delivered: (row["delivered"] as Bool?) ?? true,
                                                      consumedMillipercent: row["consumedPercentage"], body: (row["consumptionBody"] as String?) ?? "")
                           })
        }
    }

    /// Records what Send Consumption Information received for the open request of `id` (the
    /// latest call wins, as a developer may correct an answer within Apple's 12 hours).
    static func recordConsumption(_ id: UInt64, _ info: ConsumptionInformation, in context: LedgerContext) throws -> String {
        guard let transaction = try Transaction.fetch(context.db, id: id) else { throw ConsumptionRefusal.notFound(id) }
        guard transaction.ownershipType != .familyShared else { throw ConsumptionRefusal.familyShared(id) }
        if info.version == 1, transaction.productType != .consumable, transaction.productType != .autoRenewable {
            throw ConsumptionRefusal.typeNotSupported(id, transaction.productType)
        }
        guard let open = try openRequest(id, in: context.db) else { throw ConsumptionRefusal.noOpenRequest(id, transaction.refundState) }
        try context.db.run(sql: """
            UPDATE refundRequests SET consumptionVersion = ?, refundPreference = ?, consumedPercentage = ?, delivered = ?,
              consumptionBody = ?, consumptionAt = ? WHERE id = ?
            """, arguments: [info.version, info.preference?.rawValue, info.consumedMillipercent, info.delivered, info.body,
                             context.now.timeIntervalSince1970, open.id])
        return "consumption information (v\(info.version)) recorded for the refund request of \(id)"
    }

    /// Tollbooth's rule when the developer does not name a decision (ours; Apple weighs many
    /// factors): the developer's `refundPreference` when they sent one, else grant.
    static func ruling(_ consumption: ConsumptionInformation?) -> RefundDecision {
        switch consumption?.preference {
        case .decline?: .decline
        case .grantProrated?: .grantProrated
        default: .grant
        }
    }

    /// Apple decides the open request of `id`: `decision` nil applies `ruling`. A prorated
    /// refund refunds `millipercent` when given, else what Apple documents it is based on: the
    /// time left in the period for an auto-renewable subscription, the consumption data
    /// otherwise (100% less what was consumed; 50% when nothing says: ours).
    static func decide(_ id: UInt64, _ decision: RefundDecision?, millipercent: Int?, in context: LedgerContext) throws -> String {
        let transaction = try context.transaction(id)
        guard let open = try openRequest(id, in: context.db) else {
            throw StoreOperationError("no refund request is open for transaction \(id); the customer asks first: tollbooth txn refund-request \(id)")
        }
        let decision = decision ?? ruling(open.consumption)
        // Apple's revocationReason 1 is "an issue in the app": a fulfillment issue; 0 any other.
        let reason: RevocationReason = open.reason == .fulfillmentIssue ? .developerIssue : .other
        var percentage: Int?
        var text: String
        switch decision {
        case .grant:
            text = try AdminRules.refund(id, reason: reason, in: context)
        case .grantProrated:
            let share = millipercent ?? proratedShare(of: transaction, consumption: open.consumption, now: context.now)
            percentage = share
            text = try AdminRules.refund(id, reason: reason, in: context)
            try context.db.run(sql: "UPDATE transactions SET revocationPercentage = ? WHERE id = ?", arguments: [share, Int64(clamping: id)])
            text += ", prorated \(refundShareText(millipercent: share))"
        case .decline:
            text = "refund declined for \(id) (\(transaction.productID))"
            try context.log(.refundDeclined, transaction: id, product: transaction.productID, detail: text)
            let state = try transaction.subscriptionGroupID.flatMap { try SubscriptionRow.fetch(context.db, group: $0)?.state }
            try context.notify(.refundDeclined, transaction: transaction, state: state)
        }
        let status: String
        switch decision {
        case .grant: status = "granted"
        case .grantProrated: status = "grantedProrated"
        case .decline: status = "declined"
        }
        try context.db.run(sql: "UPDATE refundRequests SET status = ?, decidedAt = ?, revocationPercentage = ? WHERE id = ?",
                           arguments: [status, context.now.timeIntervalSince1970, percentage, open.id])
        try context.db.run(sql: "UPDATE transactions SET refundState = ? WHERE id = ?",
                           arguments: [decision == .decline ? RefundState.declined.rawValue : nil, Int64(clamping: id)])
        return text
    }

    /// A refund without a request (`txn refund`, Xcode's Transaction Manager): full, and it
    /// settles an open request as granted.
    static func refund(_ id: UInt64, reason: RevocationReason, in context: LedgerContext) throws -> String {
        let text = try AdminRules.refund(id, reason: reason, in: context)
        try context.db.run(sql: "UPDATE refundRequests SET status = 'granted', decidedAt = ? WHERE transactionID = ? AND status = 'pending'",
                           arguments: [context.now.timeIntervalSince1970, Int64(clamping: id)])
        try context.db.run(sql: "UPDATE transactions SET refundState = NULL WHERE id = ?", arguments: [Int64(clamping: id)])
        return text
    }

    /// Apple reverses a refund (a dispute the customer raised): the revocation is cleared, the
    /// entitlement returns, every device's `updates` gets the transaction again, and
    /// REFUND_REVERSED is sent. A refunded subscription that is still in its period is
    /// subscribed again; auto-renew stays off (ours: Apple documents only the reinstatement).
    static func reverse(_ id: UInt64, in context: LedgerContext) throws -> String {
        let transaction = try context.transaction(id)
        guard transaction.revocationDate != nil else {
            throw StoreOperationError("transaction \(id) (\(transaction.productID)) is not refunded: there is no refund to reverse")
        }
        try context.db.run(sql: """
            UPDATE transactions SET revocationDate = NULL, revocationReason = NULL, revocationPercentage = NULL,
              refundState = ?, signedDate = ? WHERE id = ?
            """, arguments: [RefundState.reversed.rawValue, context.now.timeIntervalSince1970, Int64(clamping: id)])
        var group: String?
        var state: RenewalState?
        if let groupID = transaction.subscriptionGroupID, var row = try SubscriptionRow.fetch(context.db, group: groupID) {
            if row.latestTransactionID == id, row.state == .revoked {
                row.state = row.expirationDate > context.now ? .subscribed : .expired
                if row.state == .expired { row.expirationReason = row.expirationReason ?? .autoRenewDisabled }
                try row.save(context.db)
                group = groupID
            }
            state = row.state
        }
        let text = "refund reversed for \(id) (\(transaction.productID)): the entitlement is back"
        try context.log(.refundReversed, transaction: id, product: transaction.productID, delivers: true, statusGroup: group, detail: text)
        try context.notify(.refundReversed, transaction: transaction, state: state)
        return text
    }

    /// A prorated refund's share, in millipercent, when the decision names none.
    static func proratedShare(of transaction: Transaction, consumption: ConsumptionInformation?, now: Date) -> Int {
        if transaction.productType == .autoRenewable, transaction.expirationDate != nil {
            return Int((SubscriptionRules.periodLeft(of: transaction, at: now) * 100_000).rounded())
        }
        guard let consumed = consumption?.consumedMillipercent else { return 50_000 }
        return 100_000 - min(max(consumed, 0), 100_000)
    }

}
