import Foundation
import MockStore
import TestSupport
import Testing

/// The outbox's delivery side: claims with a lease, attempts, Apple's retry schedule counted
/// in store time, resend, history, and notifications surviving the process that made them.
@Suite("Notifications: outbox delivery")
struct OutboxDeliveryTests {
    typealias F = StoreFixtures

    /// A device with notifications on and one SUBSCRIBED waiting in the outbox.
    static func waiting(rate: TimeRate = .realTime) async throws -> (Store, ManualWallClock, OutboxNotification) {
        let (store, _, clock) = try F.device()
        if rate != .realTime { _ = try await store.admin { try $0.setRate(rate) } }
        _ = try await store.admin { try $0.setNotificationURL(NotificationMappingTests.url) }
        _ = try await Life.buy(store, F.monthly)
        return (store, clock, try #require(try store.notifications().first))
    }

    @Test("a claim holds a notification from other couriers until its lease runs out")
    func lease() async throws {
        let (store, clock, waiting) = try await Self.waiting()
        #expect(try store.notificationWait() == 0)
        let claimed = try #require(try store.claimNotification(owner: "a", lease: 30))
        #expect(claimed.notification.id == waiting.id)
        #expect(claimed.transaction?.productID == F.monthly && claimed.subscription?.state == .subscribed)
        #expect(try store.claimNotification(owner: "b", lease: 30) == nil, "held by a")
        #expect(try store.notificationWait() == 30, "free again when the lease ends")
        clock.advance(by: 30)
        let again = try #require(try store.claimNotification(owner: "b", lease: 30), "a's claim ran out (a was killed)")
        #expect(again.notification.id == waiting.id)
    }

    @Test("HTTP 200 delivers; the attempt is in the history")
    func delivered() async throws {
        let (store, _, waiting) = try await Self.waiting()
        let claimed = try #require(try store.claimNotification(owner: "a"))
        let done = try store.recordSendAttempt(claimed.notification.id, owner: "a", result: .forHTTPStatus(200), httpStatus: 200)
        #expect(done.status == .delivered && done.attempts == 1 && done.lastHTTPStatus == 200 && done.nextAttempt == nil)
        #expect(try store.claimNotification(owner: "a") == nil)
        #expect(try store.notificationWait() == nil, "nothing left to send")
        let record = try store.notification(waiting.id)
        #expect(record.attempts.map(\.result) == [.success] && record.attempts.first?.httpStatus == 200)
    }

    @Test("failed attempts retry 1, 12, 24, 48 and 72 hours later in store time, then fail for good")
    func retryScheduleRealTime() async throws {
        let (store, clock, waiting) = try await Self.waiting()
        var waits: [TimeInterval] = []
        for attempt in 1...6 {
            let claimed = try #require(try store.claimNotification(owner: "a"), "attempt \(attempt) due")
            let after = try store.recordSendAttempt(claimed.notification.id, owner: "a", result: .forHTTPStatus(500), httpStatus: 500)
            #expect(after.attempts == attempt)
            guard attempt < 6 else {
                #expect(after.status == .failed && after.nextAttempt == nil)
                break
            }
            let wait = try #require(try store.notificationWait())
            waits.append(wait)
            clock.advance(by: wait - 1)
            #expect(try store.claimNotification(owner: "a") == nil, "not due a second early")
            clock.advance(by: 1)
        }
        #expect(waits == [1, 12, 24, 48, 72].map { $0 * 3600.0 })
        #expect(try store.notification(waiting.id).attempts.map(\.result) == Array(repeating: .unsuccessfulHTTPResponseCode, count: 6))
        #expect(try store.claimNotification(owner: "a") == nil)
    }

    @Test("a fast clock retries fast: the hours scale with the rate, like grace periods")
    func retryAtFastRate() async throws {
        let (store, _, _) = try await Self.waiting(rate: .monthlyRenewalEveryThirtySeconds)
        let claimed = try #require(try store.claimNotification(owner: "a"))
        _ = try store.recordSendAttempt(claimed.notification.id, owner: "a", result: .noResponse, httpStatus: nil)
        let wait = try #require(try store.notificationWait())
        // A month is 30 s: an hour is 30 s / 744 hours (the 31-day month the rate compresses).
        #expect(abs(wait - 3600 * 30 / (31 * 86400)) < 0.001)
    }

    @Test("a clock advance brings a retry due, as it does renewals")
    func clockAdvanceBringsRetry() async throws {
        let (store, _, _) = try await Self.waiting()
        let claimed = try #require(try store.claimNotification(owner: "a"))
        _ = try store.recordSendAttempt(claimed.notification.id, owner: "a", result: .timedOut, httpStatus: nil)
        #expect(try store.claimNotification(owner: "a") == nil)
        _ = try await store.admin { try $0.advanceClock(ClockAdvance("+1h")!) }
        #expect(try store.claimNotification(owner: "a") != nil)
    }

    @Test("the signed payload is kept once: a retry and a resend send the same bytes")
    func payloadKept() async throws {
        let (store, _, waiting) = try await Self.waiting()
        #expect(try store.keepSignedPayload("first", for: waiting.id) == "first")
        #expect(try store.keepSignedPayload("second", for: waiting.id) == "first")
        let claimed = try #require(try store.claimNotification(owner: "a"))
        _ = try store.recordSendAttempt(claimed.notification.id, owner: "a", result: .forHTTPStatus(200), httpStatus: 200)
        let resent = try await store.admin { try $0.resendNotification(waiting.id) }
        #expect(resent.status == .pending)
        let again = try #require(try store.claimNotification(owner: "a"))
        #expect(again.notification.signedPayload == "first" && again.notification.notificationUUID == waiting.notificationUUID)
        await #expect(throws: StoreOperationError.self) { try await store.admin { try $0.resendNotification(999) } }
    }

    @Test("history filters by type, original transaction and failures, and pages")
    func history() async throws {
        let (store, _, first) = try await Self.waiting()
        let coins = try await Life.buy(store, F.coins)
        _ = try await Life.buy(store, F.lifetime)
        let claimed = try #require(try store.claimNotification(owner: "a"))
        _ = try store.recordSendAttempt(claimed.notification.id, owner: "a", result: .forHTTPStatus(200), httpStatus: 200)

        #expect(try store.notificationHistory(.init(type: .oneTimeCharge)).records.count == 2)
        #expect(try store.notificationHistory(.init(originalTransactionID: coins.id)).records.map(\.notification.transactionID) == [coins.id])
        #expect(try store.notificationHistory(.init(onlyFailures: true)).records.map(\.notification.type) == [.oneTimeCharge, .oneTimeCharge])
        let page1 = try store.notificationHistory(.init(limit: 2))
        #expect(page1.records.count == 2 && page1.hasMore)
        #expect(page1.records.first?.notification.id == first.id && page1.records.first?.attempts.count == 1)
        let page2 = try store.notificationHistory(.init(afterID: page1.records.last!.notification.id, limit: 2))
        #expect(page2.records.count == 1 && !page2.hasMore)
    }

    @Test("a notification enqueued by a process that then died is claimed by the next one")
    func survivesTheProcess() async throws {
        let folder = try TemporaryFolder("outbox")
        defer { folder.remove() }
        let path = folder.path("ledger.sqlite")
        let clock = ManualWallClock(F.start)
        do {
            let store = try Store(catalog: F.catalog, ledger: try Ledger.open(path: path), device: "iphone", wallClock: clock, polling: false)
            _ = try await store.admin { try $0.setNotificationURL(NotificationMappingTests.url) }
            _ = try await Life.buy(store, F.coins)
            // Claimed, then the process is gone without recording an attempt.
            _ = try store.claimNotification(owner: "killed", lease: 60)
        }
        let next = try Store(catalog: F.catalog, ledger: try Ledger.open(path: path), device: "cli", wallClock: clock,
                             polling: false, role: .admin)
        #expect(try next.claimNotification(owner: "next") == nil, "the dead process's lease still holds")
        clock.advance(by: 60)
        let claimed = try #require(try next.claimNotification(owner: "next"))
        #expect(claimed.notification.type == .oneTimeCharge && claimed.transaction?.productID == F.coins)
    }
}
