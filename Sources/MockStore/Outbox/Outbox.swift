import Foundation
import GRDB

/// The ledger's outbox of App Store Server Notifications: the receiver's URL, the
/// notifications the store's rules enqueue, and their delivery (claims, attempts, retries).
///
/// Every function runs inside a database transaction its caller opened, so an enqueue commits
/// with the change it reports and a claim or an attempt is all-or-nothing.
enum Outbox {
    /// The `meta` key of the receiver's URL; no row: notifications are off.
    static let urlKey = "notificationURL"

    /// How long a claim keeps other couriers off a notification. A process killed mid-POST
    /// leaves its claim behind, and the notification is sent again once the lease runs out.
    static let defaultLease: TimeInterval = 60

    static func url(_ db: Database) throws -> String? {
        try String.fetchOne(cached: db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [urlKey])
    }

    /// Sets (or, with nil, removes) the receiver's URL, and logs the change.
    static func setURL(_ url: String?, in context: LedgerContext) throws -> String {
        let text: String
        if let url {
            if let problem = NotificationURL.problem(url) { throw StoreOperationError(problem) }
            try context.db.run(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", arguments: [urlKey, url])
            text = "notifications go to \(url)"
        } else {
            try context.db.run(sql: "DELETE FROM meta WHERE key = ?", arguments: [urlKey])
            text = "notifications off"
        }
        try context.log(.settingsChanged, detail: text)
        return text
    }

    /// What a rule asks the outbox to send.
    struct Entry {
        var type: NotificationType
        var subtype: NotificationSubtype?
        var transactionID: UInt64?
        var originalID: UInt64?
        var groupID: String?
        var state: RenewalState?
        var familyShared = false
        var reason: ConsumptionRequestReason?
        /// Top-level payload fields besides `data`, as a JSON object (`OutboxNotification.extra`).
        var extra: String?
        /// Store time of the event (a renewal caught up late happened at its due time).
        var time: Date
    }

    /// Adds a notification, due at once, unless no URL is set. Returns it, or nil.
    @discardableResult
    static func enqueue(_ entry: Entry, in context: LedgerContext) throws -> OutboxNotification? {
        guard let url = try url(context.db) else { return nil }
        let uuid = UUID().uuidString.lowercased()
        // Due when it happened, or now if the clock has since moved on: never later than now.
        let due = min(entry.time, context.now)
        try context.db.run(
            sql: """
                INSERT INTO notifications (notificationUUID, type, subtype, transactionID, originalID, groupID,
                  subscriptionState, familyShared, consumptionRequestReason, storeTime, wallTime, url, status, nextAttempt, extra)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)
                """,
            arguments: [uuid, entry.type.rawValue, entry.subtype?.rawValue, entry.transactionID.map(Int64.init),
                        entry.originalID.map(Int64.init), entry.groupID, entry.state?.rawValue, entry.familyShared,
                        entry.reason?.rawValue, entry.time.timeIntervalSince1970, context.wallNow.timeIntervalSince1970,
                        url, due.timeIntervalSince1970, entry.extra])
        return try notification(context.db.lastInsertedRowID, in: context.db)
    }

    static func notification(_ id: Int64, in db: Database) throws -> OutboxNotification? {
        try Row.fetchOne(cached: db, sql: "SELECT * FROM notifications WHERE id = ?", arguments: [id]).map(OutboxNotification.init(row:))
    }

    static func existing(_ id: Int64, in db: Database) throws -> OutboxNotification {
        guard let notification = try notification(id, in: db) else {
            let count = try Int.fetchOne(cached: db, sql: "SELECT count(*) FROM notifications") ?? 0
            throw StoreOperationError(count == 0 ? "no notification \(id): the outbox is empty"
                                                 : "no notification \(id) in the outbox; `tollbooth notify list` shows the ids")
        }
        return notification
    }

    static func attempts(of id: Int64, in db: Database) throws -> [SendAttempt] {
        try Row.fetchAll(cached: db, sql: "SELECT * FROM notificationAttempts WHERE notificationID = ? ORDER BY id",
                         arguments: [id]).map(SendAttempt.init(row:))
    }

    // MARK: Delivery

    /// Claims the notification due first (its attempt time has come in store time and nobody
    /// else holds it) for `owner` until `lease` seconds of wall time from now.
    static func claim(owner: String, lease: TimeInterval, wallNow: Date, catalog: Catalog, in db: Database) throws -> OutboxDelivery? {
        let storeNow = try StoreClockState.load(db).storeTime(atWall: wallNow)
        guard let row = try Row.fetchOne(cached: db, sql: """
            SELECT * FROM notifications
            WHERE status = 'pending' AND nextAttempt <= ? AND (leaseUntil IS NULL OR leaseUntil <= ?)
            ORDER BY nextAttempt, id LIMIT 1
            """, arguments: [storeNow.timeIntervalSince1970, wallNow.timeIntervalSince1970]) else { return nil }
        let notification = try OutboxNotification(row: row)
        try db.run(sql: "UPDATE notifications SET leaseOwner = ?, leaseUntil = ? WHERE id = ?",
                   arguments: [owner, wallNow.addingTimeInterval(lease).timeIntervalSince1970, notification.id])
        var transaction = try notification.transactionID.flatMap { try Transaction.fetch(db, id: $0) }
        if notification.isFamilyShared {
            transaction = transaction.map { notification.type == .revoke
                ? FamilySharing.revokedMemberCopy($0, at: notification.storeTime) : FamilySharing.memberCopy($0) }
        }
        var subscription: SubscriptionStatus?
        if let group = notification.groupID {
            let currency = Storefront.currencyCode(forAlpha3: try StoreSettings.load(db).storefront)
            subscription = try AccountQueries.statuses(db, catalog: catalog, currency: currency).first { $0.subscriptionGroupID == group }
        }
        // The app transaction as the App Store's server reads it, at the event.
        let app = notification.type == .rescindConsent
            ? try AppTransactionRules.record(for: "the App Store server", at: notification.storeTime, in: db) : nil
        return OutboxDelivery(notification: notification, transaction: transaction, subscription: subscription, owner: owner,
                              appTransaction: app)
    }

    /// Keeps `payload` as the notification's signed payload unless one is already kept, and
    /// returns the one kept: every attempt and resend sends the same bytes.
    static func keepPayload(_ payload: String, for id: Int64, in db: Database) throws -> String {
        try db.run(sql: "UPDATE notifications SET signedPayload = ? WHERE id = ? AND signedPayload IS NULL", arguments: [payload, id])
        return try String.fetchOne(cached: db, sql: "SELECT signedPayload FROM notifications WHERE id = ?", arguments: [id]) ?? payload
    }

    /// Records one attempt and schedules the next (`RetrySchedule`), or marks the notification
    /// delivered or failed. Releases `owner`'s claim. `refused`: the courier did not send it,
    /// for this reason (its URL cannot be POSTed to), so it fails at once: no retry could go
    /// better.
    @discardableResult
    static func recordAttempt(_ id: Int64, owner: String, result: SendAttemptResult, httpStatus: Int?,
                              refused: String? = nil, in context: LedgerContext) throws -> OutboxNotification {
        let db = context.db
        var notification = try existing(id, in: db)
        let storeNow = context.now
        try db.run(sql: "INSERT INTO notificationAttempts (notificationID, attemptDate, storeTime, result, httpStatus) VALUES (?, ?, ?, ?, ?)",
                   arguments: [id, context.wallNow.timeIntervalSince1970, storeNow.timeIntervalSince1970, result.rawValue, httpStatus])
        notification.attempts += 1
        notification.lastResult = result
        notification.lastHTTPStatus = httpStatus
        if refused == nil, notification.status == .delivered || result == .success {
            notification.status = .delivered
            notification.nextAttempt = nil
        } else if refused == nil, let next = RetrySchedule.nextAttempt(after: notification.attempts, lastAt: storeNow, rate: context.clock.rate) {
            notification.status = .pending
            notification.nextAttempt = next
        } else {
            notification.status = .failed
            notification.nextAttempt = nil
        }
        try db.run(sql: """
            UPDATE notifications SET attempts = ?, lastResult = ?, lastHTTPStatus = ?, status = ?, nextAttempt = ?,
              leaseOwner = CASE WHEN leaseOwner = ? THEN NULL ELSE leaseOwner END,
              leaseUntil = CASE WHEN leaseOwner = ? THEN NULL ELSE leaseUntil END
            WHERE id = ?
            """, arguments: [notification.attempts, result.rawValue, httpStatus, notification.status.rawValue,
                             notification.nextAttempt?.timeIntervalSince1970, owner, owner, id])
        let note = NotificationAttemptNote(notificationID: id, type: notification.type, subtype: notification.subtype,
                                           httpStatus: httpStatus, result: result, attempt: notification.attempts,
                                           status: notification.status, refused: refused)
        let product = try notification.transactionID.flatMap { try Transaction.fetch(db, id: $0)?.productID }
        try context.log(.notification, transaction: notification.transactionID, product: product, detail: note.text)
        return notification
    }

    /// Sends a notification again, at once, with the same payload (`tollbooth notify resend`).
    static func resend(_ id: Int64, in context: LedgerContext) throws -> OutboxNotification {
        _ = try existing(id, in: context.db)
        try context.db.run(sql: "UPDATE notifications SET status = 'pending', nextAttempt = ?, leaseOwner = NULL, leaseUntil = NULL WHERE id = ?",
                           arguments: [context.now.timeIntervalSince1970, id])
        return try existing(id, in: context.db)
    }

    /// How long, in wall time from `wallNow`, until a notification may be claimed: 0 when one
    /// is due now; nil when none is pending, or only attempts a paused clock never reaches.
    static func wait(wallNow: Date, in db: Database) throws -> TimeInterval? {
        let clock = try StoreClockState.load(db)
        let storeNow = clock.storeTime(atWall: wallNow)
        let row = try Row.fetchOne(cached: db, sql: """
            SELECT min(CASE WHEN leaseUntil IS NULL OR leaseUntil <= ? THEN nextAttempt END) AS due,
                   min(CASE WHEN leaseUntil > ? THEN leaseUntil END) AS leaseEnd
            FROM notifications WHERE status = 'pending'
            """, arguments: [wallNow.timeIntervalSince1970, wallNow.timeIntervalSince1970])
        var waits: [TimeInterval] = []
        if let due = row?["due"] as Double? {
            let untilDue = due - storeNow.timeIntervalSince1970
            if untilDue <= 0 { return 0 }
            if !clock.isPaused { waits.append(untilDue) }
        }
        if let leaseEnd = row?["leaseEnd"] as Double? { waits.append(max(0, leaseEnd - wallNow.timeIntervalSince1970)) }
        return waits.min()
    }

    // MARK: Reading

    /// The newest `limit` notifications, oldest first.
    static func recent(limit: Int, in db: Database) throws -> [OutboxNotification] {
        try Row.fetchAll(cached: db, sql: "SELECT * FROM (SELECT * FROM notifications ORDER BY id DESC LIMIT ?) ORDER BY id",
                         arguments: [limit]).map(OutboxNotification.init(row:))
    }

    /// One page of notification history, oldest first, with each notification's attempts.
    static func history(_ query: NotificationHistoryQuery, in db: Database) throws -> NotificationHistoryPage {
        var conditions = ["id > ?"]
        var values: [(any DatabaseValueConvertible)?] = [query.afterID]
        if let start = query.start {
            conditions.append("storeTime >= ?")
            values.append(start.timeIntervalSince1970)
        }
        if let end = query.end {
            conditions.append("storeTime < ?")
            values.append(end.timeIntervalSince1970)
        }
        if let type = query.type {
            conditions.append("type = ?")
            values.append(type.rawValue)
        }
        if let subtype = query.subtype {
            conditions.append("subtype = ?")
            values.append(subtype.rawValue)
        }
        if let original = query.originalTransactionID {
            conditions.append("originalID = ?")
            values.append(Int64(clamping: original))
        }
        if query.onlyFailures { conditions.append("status <> 'delivered'") }
        values.append(query.limit + 1)
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM notifications WHERE \(conditions.joined(separator: " AND ")) ORDER BY id LIMIT ?",
                                    arguments: StatementArguments(values))
        let records = try rows.prefix(query.limit).map { row in
            let notification = try OutboxNotification(row: row)
            return NotificationRecord(notification: notification, attempts: try attempts(of: notification.id, in: db))
        }
        return NotificationHistoryPage(records: records, hasMore: rows.count > query.limit)
    }

    /// The TEST notification whose token is `token` (its `notificationUUID`), with its attempts.
    static func testNotification(token: String, in db: Database) throws -> NotificationRecord? {
        guard let row = try Row.fetchOne(cached: db, sql: "SELECT * FROM notifications WHERE notificationUUID = ? AND type = 'TEST'",
                                         arguments: [token.lowercased()]) else { return nil }
        let notification = try OutboxNotification(row: row)
        return NotificationRecord(notification: notification, attempts: try attempts(of: notification.id, in: db))
    }
}

/// What Get Notification History asks for: filters and where the page starts.
public struct NotificationHistoryQuery: Sendable, Hashable {
    /// Store time of the event, from `start` (inclusive) to `end` (exclusive).
    public var start: Date?
    public var end: Date?
    public var type: NotificationType?
    public var subtype: NotificationSubtype?
    /// Notifications about the purchase or subscription of this original transaction.
    public var originalTransactionID: UInt64?
    /// Only notifications not yet delivered (pending retries and failures).
    public var onlyFailures: Bool
    /// The page starts after this outbox id (0: at the start).
    public var afterID: Int64
    public var limit: Int

    public init(start: Date? = nil, end: Date? = nil, type: NotificationType? = nil, subtype: NotificationSubtype? = nil,
                originalTransactionID: UInt64? = nil, onlyFailures: Bool = false, afterID: Int64 = 0, limit: Int = 20) {
        self.start = start
        self.end = end
        self.type = type
        self.subtype = subtype
        self.originalTransactionID = originalTransactionID
        self.onlyFailures = onlyFailures
        self.afterID = afterID
        self.limit = max(1, limit)
    }
}

/// One page of notification history.
public struct NotificationHistoryPage: Sendable, Hashable {
    public var records: [NotificationRecord]
    /// Whether more records follow the last one (ask again after its id).
    public var hasMore: Bool
}
