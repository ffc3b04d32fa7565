import AppStoreServer
import Foundation
import MockStore
import TestSupport
import Testing

@Suite("Request a Test Notification, Get Test Notification Status, Get Notification History")
struct NotificationEndpointTests {
    /// Sends every due notification as a courier would, with a stand-in signed payload, and
    /// records `result`.
    func deliverAll(_ fixture: APIFixture, result: SendAttemptResult = .success, status: Int? = 200) throws {
        while let delivery = try fixture.store.claimNotification(owner: "test") {
            let id = delivery.notification.id
            _ = try fixture.store.keepSignedPayload("payload.\(id).signature", for: id)
            try fixture.store.recordSendAttempt(id, owner: "test", result: result, httpStatus: status)
        }
    }

    func post(_ fixture: APIFixture, _ path: String, json: String = "", query: [(String, String)] = []) async -> Answer {
        Answer(await fixture.api.respond(to: APIRequest(method: "POST", path: path, query: query.map { .init($0.0, $0.1) },
                                                        body: Data(json.utf8))))
    }

    func fixtureWithURL() async throws -> APIFixture {
        let fixture = try APIFixture()
        _ = try await fixture.store.admin { try $0.setNotificationURL("http://127.0.0.1:9/notifications") }
        return fixture
    }

    @Test("extending a renewal date sends RENEWAL_EXTENDED")
    func renewalExtended() async throws {
        let fixture = try await fixtureWithURL()
        let subscribed = try await fixture.buy(StoreFixtures.monthly)
        _ = await fixture.put("/inApps/v1/subscriptions/extend/\(subscribed.id)", json: SubscriptionEndpointTests.extend)
        let last = try #require(try fixture.store.notifications().last)
        #expect(last.type == .renewalExtended)
        #expect(last.subtype == nil)
        #expect(last.originalTransactionID == subscribed.id)
    }

    @Test("a test notification: 404 4040007 without a URL; a token; its status once sent")
    func testNotification() async throws {
        let bare = try APIFixture()
        let noURL = await post(bare, "/inApps/v1/notifications/test")
        #expect(noURL.status == 404)
        #expect(noURL.errorCode == 4040007)

        let fixture = try await fixtureWithURL()
        let requested = await post(fixture, "/inApps/v1/notifications/test")
        #expect(requested.status == 200)
        let token = try #require(requested.json["testNotificationToken"] as? String)
        let notYet = await fixture.get("/inApps/v1/notifications/test/\(token)")
        #expect(notYet.status == 404)
        #expect(notYet.errorCode == 4040008)
        try deliverAll(fixture)
        let sent = await fixture.get("/inApps/v1/notifications/test/\(token)")
        #expect(sent.status == 200)
        #expect((sent.json["signedPayload"] as? String)?.hasPrefix("payload.") == true)
        let attempts = try #require(sent.json["sendAttempts"] as? [[String: Any]])
        #expect(attempts.map { $0["sendAttemptResult"] as? String } == ["SUCCESS"])
        #expect(await fixture.get("/inApps/v1/notifications/test/not-a-token").errorCode == 4000020)
        #expect(await fixture.get("/inApps/v1/notifications/test/\(UUID().uuidString)").errorCode == 4040008)
    }

    @Test("history: attempted notifications in pages of 20, filters, and its pagination token")
    func history() async throws {
        let fixture = try await fixtureWithURL()
        var bought: [MockStore.Transaction] = []
        for _ in 0..<25 { bought.append(try await fixture.buy(StoreFixtures.coins)) }
        try deliverAll(fixture)
        let subscribed = try await fixture.buy(StoreFixtures.monthly)  // never attempted: not in history
        let start = Int64(StoreFixtures.start.timeIntervalSince1970 * 1000) - 1000
        let end = start + 86_400_000
        let body = #"{"startDate": \#(start), "endDate": \#(end)}"#
        let first = await post(fixture, "/inApps/v1/notifications/history", json: body)
        #expect(first.status == 200)
        #expect((first.json["notificationHistory"] as? [Any])?.count == 20)
        #expect(first.json["hasMore"] as? Bool == true)
        let token = try #require(first.json["paginationToken"] as? String)
        let second = await post(fixture, "/inApps/v1/notifications/history", json: body, query: [("paginationToken", token)])
        let items = try #require(second.json["notificationHistory"] as? [[String: Any]])
        #expect(items.count == 5)
        #expect(second.json["hasMore"] as? Bool == false)
        #expect(items.last?["signedPayload"] as? String == "payload.25.signature")
        #expect((items.last?["sendAttempts"] as? [[String: Any]])?.first?["sendAttemptResult"] as? String == "SUCCESS")

        let byTransaction = await post(fixture, "/inApps/v1/notifications/history",
                                       json: #"{"startDate": \#(start), "endDate": \#(end), "transactionId": "\#(bought[3].id)"}"#)
        #expect((byTransaction.json["notificationHistory"] as? [[String: Any]])?.map { $0["signedPayload"] as? String } == ["payload.4.signature"])
        let byType = await post(fixture, "/inApps/v1/notifications/history",
                                json: #"{"startDate": \#(start), "endDate": \#(end), "notificationType": "SUBSCRIBED"}"#)
        #expect((byType.json["notificationHistory"] as? [Any])?.isEmpty == true)
        _ = subscribed
        // The token is bound to the body.
        let otherBody = await post(fixture, "/inApps/v1/notifications/history", json: #"{"startDate": \#(start + 1), "endDate": \#(end)}"#,
                                   query: [("paginationToken", token)])
        #expect(otherBody.status == 400)
        #expect(otherBody.errorCode == 4000014)
    }

    @Test("bad history requests get Apple's codes", arguments: [
        (#"not json"#, 4000000), (#"{"endDate": 2000}"#, 4000015), (#"{"startDate": 1000}"#, 4000016),
        (#"{"startDate": 2000, "endDate": 1000}"#, 4000013), (#"{"startDate": 0, "endDate": 1000}"#, 4000012),
        (#"{"startDate": 1769850000000, "endDate": 1769950000000, "notificationType": "SOMETHING"}"#, 4000018),
        (#"{"startDate": 1769850000000, "endDate": 1769950000000, "notificationType": "TEST", "transactionId": "1"}"#, 4000019),
        (#"{"startDate": 1769850000000, "endDate": 1769950000000, "transactionId": "x"}"#, 4000006),
    ])
    func badHistoryRequests(_ body: String, _ code: Int) async throws {
        let fixture = try await fixtureWithURL()
        let answer = await post(fixture, "/inApps/v1/notifications/history", json: body)
        #expect(answer.status == 400)
        #expect(answer.errorCode == code)
    }
}
