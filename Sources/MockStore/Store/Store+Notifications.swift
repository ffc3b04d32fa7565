import Foundation

/// The outbox of App Store Server Notifications, as a courier and the App Store Server API use
/// it. Nonisolated: a courier's claims and records never wait for this device's actor.
///
/// A courier loops: `claimNotification` (nil: nothing due; sleep `notificationWait()`, or until
/// the ledger changes), build and sign the payload once (`keepSignedPayload`), POST it, then
/// `recordSendAttempt`. Claims carry a lease, so two couriers (two processes) never send the
/// same attempt at once, and a claim a killed process left behind runs out.
extension Store {
    /// Claims the notification due first for `owner`, for `lease` seconds of wall time.
    public nonisolated func claimNotification(owner: String, lease: TimeInterval = 60) throws -> OutboxDelivery? {
        let wallNow = wallClock.now()
        let catalog = self.catalog
        return try ledger.write { db in try Outbox.claim(owner: owner, lease: lease, wallNow: wallNow, catalog: catalog, in: db) }
    }

    /// Keeps `payload` as notification `id`'s signed payload unless it has one; returns the one
    /// every attempt sends.
    public nonisolated func keepSignedPayload(_ payload: String, for id: Int64) throws -> String {
        try ledger.write { db in try Outbox.keepPayload(payload, for: id, in: db) }
    }

    /// Records an attempt to send notification `id`: delivered (HTTP 200–206), or retried on
    /// `RetrySchedule`, or failed for good. Releases `owner`'s claim. `refused`: it was not sent,
    /// for this reason (`NotificationURL.problem`), and fails at once with it as its note.
    @discardableResult
    public nonisolated func recordSendAttempt(_ id: Int64, owner: String, result: SendAttemptResult, httpStatus: Int?,
                                              refused: String? = nil) throws -> OutboxNotification {
        let wallNow = wallClock.now()
        let catalog = self.catalog
        return try ledger.write { db in
            let context = try LedgerContext(db: db, catalog: catalog, wallNow: wallNow)
            return try Outbox.recordAttempt(id, owner: owner, result: result, httpStatus: httpStatus, refused: refused, in: context)
        }
    }

    /// Wall-clock seconds until a notification may be claimed: 0 when one is due now, nil when
    /// none will fall due without a change to the ledger.
    public nonisolated func notificationWait() throws -> TimeInterval? {
        let wallNow = wallClock.now()
        return try ledger.read { db in try Outbox.wait(wallNow: wallNow, in: db) }
    }

    /// The receiver's URL, or nil when notifications are off.
    public nonisolated func notificationURL() throws -> String? {
        try ledger.read { try Outbox.url($0) }
    }

    /// The newest `limit` notifications, oldest first.
    public nonisolated func notifications(limit: Int = 1000) throws -> [OutboxNotification] {
        try ledger.read { try Outbox.recent(limit: limit, in: $0) }
    }

    /// Notification `id` with its attempts, or a one-sentence error for an unknown id.
    public nonisolated func notification(_ id: Int64) throws -> NotificationRecord {
        try ledger.read { db in
            NotificationRecord(notification: try Outbox.existing(id, in: db), attempts: try Outbox.attempts(of: id, in: db))
        }
    }

    /// One page of notification history (Get Notification History).
    public nonisolated func notificationHistory(_ query: NotificationHistoryQuery) throws -> NotificationHistoryPage {
        try ledger.read { try Outbox.history(query, in: $0) }
    }

    /// The TEST notification of `token` with its attempts (Get Test Notification Status), or nil.
    public nonisolated func testNotification(token: String) throws -> NotificationRecord? {
        try ledger.read { try Outbox.testNotification(token: token, in: $0) }
    }
}

extension Ledger {
    /// `Store.notificationWait()` without a store: what a process that has not built its
    /// courier yet asks after each write (nil: nothing to send).
    public func notificationWait(wallNow: Date) throws -> TimeInterval? {
        try read { db in try Outbox.wait(wallNow: wallNow, in: db) }
    }
}
