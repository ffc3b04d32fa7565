import AppStoreServer
import Foundation
import MockStore
import TestSupport
import Testing

/// The courier: the payload it signs, the POST, the attempt it records, retries, and that a
/// receiver that holds its POSTs never holds up the store.
@Suite("Notifications: the courier")
struct NotificationCourierTests {
    typealias F = StoreFixtures
    static let url = "http://127.0.0.1:9/notifications"
    static let app = NotificationApp(bundleID: F.bundleID, bundleVersion: "1.0")

    static func device() async throws -> (Store, ManualWallClock) {
        let (store, _, clock) = try F.device()
        _ = try await store.admin { try $0.setNotificationURL(url) }
        return (store, clock)
    }

    /// An in-app purchase that must succeed.
    static func buy(_ store: Store, _ id: String) async throws -> MockStore.Transaction {
        guard case .success(let result) = try await store.purchase(productID: id) else { throw StoreOperationError("\(id) was not bought") }
        return result.unsafePayloadValue
    }

    static func courier(_ store: Store, _ poster: RecordingPoster) -> NotificationCourier {
        NotificationCourier(store: store, signer: ReadableSigner(), app: app, poster: poster)
    }

    @Test("a purchase's SUBSCRIBED reaches the receiver as {\"signedPayload\"} with Apple's fields")
    func payload() async throws {
        let (store, _) = try await Self.device()
        let tx = try await Self.buy(store, F.monthly)
        let poster = RecordingPoster()
        #expect(try await Self.courier(store, poster).deliverDue() == 1)
        let post = try #require(poster.posts.first)
        #expect(post.url == Self.url)
        let payload = try ReadableSigner.payload(ofBody: post.body)
        let notification = try #require(try store.notifications().first)
        #expect(payload["notificationType"] as? String == "SUBSCRIBED")
        #expect(payload["subtype"] as? String == "INITIAL_BUY")
        #expect(payload["version"] as? String == "2.0")
        #expect(payload["notificationUUID"] as? String == notification.notificationUUID)
        #expect(payload["signedDate"] as? Int64 == Int64(tx.purchaseDate.timeIntervalSince1970 * 1000))
        let data = try #require(payload["data"] as? [String: Any])
        #expect(data["signedTransactionInfo"] as? String == "transaction-\(tx.id)")
        #expect(data["signedRenewalInfo"] as? String == "renewal-\(tx.originalID)")
        #expect(data["status"] as? Int == 1)
        #expect(data["bundleId"] as? String == F.bundleID && data["environment"] as? String == "Sandbox")
        #expect(data["bundleVersion"] as? String == "1.0" && data["appAppleId"] == nil)
        #expect(notification.status == .delivered && notification.lastHTTPStatus == 200)
    }

    @Test("a one-time charge carries no renewal info and no status; a TEST carries neither transaction")
    func payloadWithoutSubscription() async throws {
        let (store, _) = try await Self.device()
        _ = try await Self.buy(store, F.coins)
        _ = try await store.admin { try $0.requestTestNotification() }
        let poster = RecordingPoster()
        try await Self.courier(store, poster).deliverDue()
        let (charge, test) = (try ReadableSigner.payload(ofBody: poster.posts[0].body), try ReadableSigner.payload(ofBody: poster.posts[1].body))
        let chargeData = try #require(charge["data"] as? [String: Any])
        #expect(charge["notificationType"] as? String == "ONE_TIME_CHARGE" && charge["subtype"] == nil)
        #expect(chargeData["signedTransactionInfo"] != nil && chargeData["signedRenewalInfo"] == nil && chargeData["status"] == nil)
        let testData = try #require(test["data"] as? [String: Any])
        #expect(test["notificationType"] as? String == "TEST")
        #expect(testData["signedTransactionInfo"] == nil && testData["bundleId"] as? String == F.bundleID)
    }

    @Test("a receiver that answers 500 gets the same bytes again an hour of store time later, then 200 delivers")
    func retry() async throws {
        let (store, clock) = try await Self.device()
        _ = try await Self.buy(store, F.coins)
        let poster = RecordingPoster(answers: [.answered(500)])
        let courier = Self.courier(store, poster)
        try await courier.deliverDue()
        let failed = try #require(try store.notifications().first)
        #expect(failed.status == .pending && failed.attempts == 1 && failed.lastHTTPStatus == 500)
        #expect(try await courier.deliverDue() == 0, "not due yet")
        clock.advance(by: 3600)
        #expect(try await courier.deliverDue() == 1)
        #expect(poster.posts.count == 2 && poster.posts[0].body == poster.posts[1].body)
        let record = try store.notification(failed.id)
        #expect(record.notification.status == .delivered)
        #expect(record.attempts.map(\.httpStatus) == [500, 200])
        #expect(record.attempts.map(\.result) == [.unsuccessfulHTTPResponseCode, .success])
    }

    @Test("a running courier wakes for a new notification, and the store never waits for the receiver")
    func runningCourier() async throws {
        let (store, _) = try await Self.device()
        let poster = RecordingPoster(holding: true)
        let courier = Self.courier(store, poster)
        let running = Task { await courier.run() }
        _ = try await Self.buy(store, F.coins)
        _ = await poster.wait(for: 1)
        // The receiver holds the first POST; the store goes on buying, and its notification goes
        // out beside the held one.
        _ = try await Self.buy(store, F.lifetime)
        _ = await poster.wait(for: 2)
        #expect(try store.notifications().allSatisfy { $0.status == .pending && $0.attempts == 0 })
        poster.release()
        let changed = Doorbell()
        store.ledger.listen(changed)
        defer { store.ledger.stopListening(changed) }
        while try store.notifications().contains(where: { $0.status != .delivered }) {
            await changed.wait()
        }
        running.cancel()
        await running.value
        #expect(poster.posts.count == 2)
    }

    @Test("run(exitWhenIdle:) returns once nothing is due soon, after delivering what was")
    func exitsWhenIdle() async throws {
        let (store, _) = try await Self.device()
        _ = try await Self.buy(store, F.coins)
        let poster = RecordingPoster()
        await Self.courier(store, poster).run(exitWhenIdle: 60)
        #expect(poster.posts.count == 1)
        #expect(try store.notifications().first?.status == .delivered)
    }
}
