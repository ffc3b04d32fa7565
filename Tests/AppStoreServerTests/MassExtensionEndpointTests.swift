import AppStoreServer
import Foundation
import MockStore
import TestSupport
import Testing

@Suite("Extend Subscription Renewal Dates for All Active Subscribers")
struct MassExtensionEndpointTests {
    static let path = "/inApps/v1/subscriptions/extend/mass"
    static let request = "0c8e3c36-8d0c-4d1f-9f5e-3b1f8c2d7a10"

    static func body(days: Any = 7, reason: Any = 1, request: Any = MassExtensionEndpointTests.request,
                     product: Any = StoreFixtures.monthly, storefronts: Any? = nil) -> String {
        var object: [String: Any] = ["extendByDays": days, "extendReasonCode": reason, "requestIdentifier": request, "productId": product]
        if let storefronts { object["storefrontCountryCodes"] = storefronts }
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    static func status(_ product: String = StoreFixtures.monthly, _ request: String = MassExtensionEndpointTests.request) -> String {
        "\(path)/\(product)/\(request)"
    }

    func fixtureWithURL() async throws -> APIFixture {
        let fixture = try APIFixture()
        _ = try await fixture.store.admin { try $0.setNotificationURL("http://127.0.0.1:9/notifications") }
        return fixture
    }

    @Test("extends the account's active subscription, answers the request id, and its status counts it")
    func extendsAndCounts() async throws {
        let fixture = try await fixtureWithURL()
        let subscribed = try await fixture.buy(StoreFixtures.monthly)
        let before = try #require(subscribed.expirationDate)
        let answer = await fixture.send("POST", Self.path, json: Self.body())
        #expect(answer.status == 200)
        #expect(answer.json["requestIdentifier"] as? String == Self.request)
        let info = payload(await fixture.get("/inApps/v1/transactions/\(subscribed.id)").json["signedTransactionInfo"] as? String ?? "")
        let after = try #require(info["expiresDate"] as? Int)
        #expect(after > Int(before.timeIntervalSince1970 * 1000))

        let status = await fixture.get(Self.status())
        #expect(status.status == 200)
        #expect(status.json["requestIdentifier"] as? String == Self.request)
        #expect(status.json["complete"] as? Bool == true)
        #expect(status.json["completeDate"] as? Int != nil)
        #expect(status.json["succeededCount"] as? Int == 1)
        #expect(status.json["failedCount"] as? Int == 0)

        let sent = try fixture.store.notifications()
        #expect(sent.map { [$0.type.rawValue, $0.subtype?.rawValue ?? "-"] }.suffix(2)
                == [["RENEWAL_EXTENDED", "-"], ["RENEWAL_EXTENSION", "SUMMARY"]])
        let summary = try #require(sent.last?.extra.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }?["summary"] as? [String: Any])
        #expect(summary["requestIdentifier"] as? String == Self.request)
        #expect(summary["productId"] as? String == StoreFixtures.monthly)
        #expect(summary["succeededCount"] as? Int == 1)
        #expect(summary["failedCount"] as? Int == 0)
    }

    @Test("a subscription the rules refuse (a third extension in 365 days) fails: FAILURE with its data, counted")
    func failureIsCounted() async throws {
        let fixture = try await fixtureWithURL()
        let subscribed = try await fixture.buy(StoreFixtures.monthly)
        for request in ["a", "b"] {
            _ = await fixture.put("/inApps/v1/subscriptions/extend/\(subscribed.id)",
                                  json: #"{"extendByDays": 1, "extendReasonCode": 0, "requestIdentifier": "\#(request)"}"#)
        }
        #expect(await fixture.send("POST", Self.path, json: Self.body()).status == 200)
        let status = await fixture.get(Self.status())
        #expect(status.json["succeededCount"] as? Int == 0)
        #expect(status.json["failedCount"] as? Int == 1)
        let sent = try fixture.store.notifications()
        let failure = try #require(sent.first { $0.subtype == .failure })
        #expect(failure.type == .renewalExtension)
        #expect(failure.originalTransactionID == subscribed.id)
        #expect(sent.last?.subtype == .summary)
    }

    @Test("storefrontCountryCodes limits the extension to those storefronts")
    func storefronts() async throws {
        let fixture = try await fixtureWithURL()
        _ = try await fixture.buy(StoreFixtures.monthly)
        #expect(await fixture.send("POST", Self.path, json: Self.body(storefronts: ["FRA"])).status == 200)
        let status = await fixture.get(Self.status())
        #expect(status.json["succeededCount"] as? Int == 0)
        #expect(status.json["failedCount"] as? Int == 0)
    }

    @Test("the status survives reopening the ledger")
    func statusIsRecorded() async throws {
        let fixture = try APIFixture()
        _ = try await fixture.buy(StoreFixtures.monthly)
        #expect(await fixture.send("POST", Self.path, json: Self.body()).status == 200)
        let reopened = try APIFixture(ledger: fixture.ledger)
        #expect(await reopened.get(Self.status()).json["succeededCount"] as? Int == 1)
    }

    @Test("Apple's refusals, field by field")
    func refusals() async throws {
        let fixture = try APIFixture()
        _ = try await fixture.buy(StoreFixtures.monthly)
        for (body, status, code) in [
            ("[]", 400, 4000000),
            (Self.body(days: 91), 400, 4000009),
            (Self.body(days: "7"), 400, 4000009),
            (Self.body(days: 1.5), 400, 4000009),
            (Self.body(days: 1e300), 400, 4000009),
            (Self.body(reason: 4), 400, 4000010),
            (Self.body(request: "outage-42"), 400, 4000011),
            (Self.body(product: ""), 400, 4000023),
            (Self.body(product: StoreFixtures.lifetime), 400, 4000023),
            (Self.body(storefronts: [String]()), 400, 4000027),
            (Self.body(storefronts: ["XX"]), 400, 4000028),
            (Self.body(storefronts: [7]), 400, 4000028),
        ] {
            let answer = await fixture.send("POST", Self.path, json: body)
            #expect(answer.status == status, "\(body)")
            #expect(answer.errorCode == code, "\(body)")
        }
        for (path, status, code) in [(Self.status(StoreFixtures.monthly, "not-a-uuid"), 400, 4000011),
                                     (Self.status(), 404, 4040009)] {
            let answer = await fixture.get(path)
            #expect(answer.status == status, "\(path)")
            #expect(answer.errorCode == code, "\(path)")
        }
    }
}

@Suite("Finish Transaction")
struct FinishTransactionEndpointTests {
    @Test("marks the transaction finished, for every device; again is no error")
    func finishes() async throws {
        let fixture = try APIFixture()
        let bought = try await fixture.buy(StoreFixtures.coins)
        #expect(try await fixture.store.admin { try $0.transactions() }.first { $0.id == bought.id }?.isFinished == false)
        let answer = await fixture.send("POST", "/inApps/v1/transactions/\(bought.id)/finish")
        #expect(answer.status == 200)
        #expect(answer.response.body.isEmpty)
        #expect(try await fixture.store.admin { try $0.transactions() }.first { $0.id == bought.id }?.isFinished == true)
        #expect(await fixture.send("POST", "/inApps/v1/transactions/\(bought.id)/finish").status == 200)
    }

    @Test("Apple's refusals: not a number 4000006, none 4040010, the appTransactionId 4000048")
    func refusals() async throws {
        let fixture = try APIFixture()
        _ = try await fixture.buy(StoreFixtures.coins)
        let appTransactionID = AppTransactionRecord.identifier(bundleID: AppIdentity.paywall.bundleID)
        for (id, status, code) in [("x", 400, 4000006), ("999", 404, 4040010), (appTransactionID, 400, 4000048)] {
            let answer = await fixture.send("POST", "/inApps/v1/transactions/\(id)/finish")
            #expect(answer.status == status, "\(id)")
            #expect(answer.errorCode == code, "\(id)")
        }
    }
}

@Suite("appTransactionId as any transaction id")
struct AppTransactionIDEndpointTests {
    @Test("history, statuses and refund history take the appTransactionId; transaction info answers 4000048")
    func anyTransactionID() async throws {
        let fixture = try APIFixture()
        let subscribed = try await fixture.buy(StoreFixtures.monthly)
        let id = AppTransactionRecord.identifier(bundleID: AppIdentity.paywall.bundleID)
        #expect(await fixture.get("/inApps/v2/history/\(id)").transactionIDs == [String(subscribed.id)])
        #expect(await fixture.get("/inApps/v1/history/\(id)").status == 200)
        #expect(await fixture.get("/inApps/v1/subscriptions/\(id)").status == 200)
        #expect(await fixture.get("/inApps/v2/refund/lookup/\(id)").status == 200)
        let info = await fixture.get("/inApps/v1/transactions/\(id)")
        #expect(info.status == 400)
        #expect(info.errorCode == 4000048)
    }
}
