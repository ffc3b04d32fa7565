import AppStoreServer
import Foundation
import MockStore
import TestSupport
import Testing

@Suite("Get All Subscription Statuses and Extend a Subscription Renewal Date")
struct SubscriptionEndpointTests {
    static let extend = #"{"extendByDays": 10, "extendReasonCode": 3, "requestIdentifier": "outage-1"}"#

    @Test("statuses: one group, its latest transaction and renewal info, status 1 while active")
    func statuses() async throws {
        let fixture = try APIFixture()
        let subscribed = try await fixture.buy(StoreFixtures.monthly)
        let lifetime = try await fixture.buy(StoreFixtures.lifetime)
        let answer = await fixture.get("/inApps/v1/subscriptions/\(lifetime.id)")
        #expect(answer.status == 200)
        #expect(answer.json["environment"] as? String == "Sandbox")
        let data = try #require(answer.json["data"] as? [[String: Any]])
        #expect(data.count == 1)
        #expect(data[0]["subscriptionGroupIdentifier"] as? String == StoreFixtures.group)
        let item = try #require((data[0]["lastTransactions"] as? [[String: Any]])?.first)
        #expect(item["status"] as? Int == 1)
        #expect(item["originalTransactionId"] as? String == String(subscribed.id))
        #expect(payload(item["signedTransactionInfo"] as? String ?? "")["transactionId"] as? String == String(subscribed.id))
        #expect(payload(item["signedRenewalInfo"] as? String ?? "")["autoRenewProductId"] as? String == StoreFixtures.monthly)
    }

    @Test("the status filter keeps only those statuses; a bad one is 400 4000031")
    func statusFilter() async throws {
        let fixture = try APIFixture()
        let subscribed = try await fixture.buy(StoreFixtures.monthly)
        let path = "/inApps/v1/subscriptions/\(subscribed.id)"
        #expect((await fixture.get(path, [("status", "2")]).json["data"] as? [Any])?.isEmpty == true)
        #expect((await fixture.get(path, [("status", "2"), ("status", "1")]).json["data"] as? [Any])?.count == 1)
        _ = try await fixture.store.admin { try $0.expire(subscribed.id) }
        let expired = await fixture.get(path, [("status", "2")])
        #expect(((expired.json["data"] as? [[String: Any]])?.first?["lastTransactions"] as? [[String: Any]])?.first?["status"] as? Int == 2)
        for bad in ["0", "6", "active"] {
            let answer = await fixture.get(path, [("status", bad)])
            #expect(answer.status == 400)
            #expect(answer.errorCode == 4000031)
        }
        #expect(await fixture.get("/inApps/v1/subscriptions/4242").errorCode == 4040010)
    }

    @Test("extending moves the renewal date, logs renewalExtended, and the status shows it")
    func extend() async throws {
        let fixture = try APIFixture()
        let subscribed = try await fixture.buy(StoreFixtures.monthly)
        let before = try #require(subscribed.expirationDate)
        let answer = await fixture.put("/inApps/v1/subscriptions/extend/\(subscribed.id)", json: Self.extend)
        #expect(answer.status == 200)
        #expect(answer.json["success"] as? Bool == true)
        #expect(answer.json["originalTransactionId"] as? String == String(subscribed.id))
        let effective = try #require(answer.json["effectiveDate"] as? Int64)
        #expect(effective == Int64((before.addingTimeInterval(10 * 86_400).timeIntervalSince1970 * 1000).rounded()))
        let statuses = try await fixture.store.admin { try $0.statuses() }
        #expect(statuses.first?.transaction.expirationDate == before.addingTimeInterval(10 * 86_400))
        let events = try await fixture.store.admin { try $0.events() }
        #expect(events.last?.kind == .renewalExtended)
        #expect(events.last?.transactionID == subscribed.id)
        #expect(events.last?.statusGroupID == StoreFixtures.group)
    }

    @Test("two extensions in 365 days, then 403 4030005")
    func maximum() async throws {
        let fixture = try APIFixture()
        let subscribed = try await fixture.buy(StoreFixtures.monthly)
        let path = "/inApps/v1/subscriptions/extend/\(subscribed.id)"
        #expect(await fixture.put(path, json: Self.extend).status == 200)
        #expect(await fixture.put(path, json: Self.extend).status == 200)
        let third = await fixture.put(path, json: Self.extend)
        #expect(third.status == 403)
        #expect(third.errorCode == 4030005)
    }

    @Test("an expired subscription or one in a free trial is 403 4030004")
    func ineligible() async throws {
        let fixture = try APIFixture()
        let trial = try await fixture.buy(StoreFixtures.yearly)
        #expect(trial.offer?.paymentMode == .freeTrial)
        let inTrial = await fixture.put("/inApps/v1/subscriptions/extend/\(trial.id)", json: Self.extend)
        #expect(inTrial.status == 403)
        #expect(inTrial.errorCode == 4030004)
        _ = try await fixture.store.admin { try $0.expire(trial.id) }
        let expired = await fixture.put("/inApps/v1/subscriptions/extend/\(trial.id)", json: Self.extend)
        #expect(expired.errorCode == 4030004)
    }

    @Test("a renewal's id, an unknown id or not a subscription 403 4030004, a bad id 400 4000008")
    func wrongIDs() async throws {
        let fixture = try APIFixture()
        let subscribed = try await fixture.buy(StoreFixtures.monthly)
        let renewed = try await fixture.store.admin { session -> UInt64 in
            _ = try session.renew(subscribed.id)
            return try session.transactions().last!.id
        }
        let lifetime = try await fixture.buy(StoreFixtures.lifetime)
        #expect(await fixture.put("/inApps/v1/subscriptions/extend/\(renewed)", json: Self.extend).errorCode == 4040005)
        #expect(await fixture.put("/inApps/v1/subscriptions/extend/999", json: Self.extend).errorCode == 4040005)
        #expect(await fixture.put("/inApps/v1/subscriptions/extend/\(lifetime.id)", json: Self.extend).errorCode == 4030004)
        #expect(await fixture.put("/inApps/v1/subscriptions/extend/x1", json: Self.extend).errorCode == 4000008)
    }

    @Test("bad bodies get Apple's codes", arguments: [
        ("not json", 4000000), ("[1, 2]", 4000000),
        (#"{"extendByDays": 0, "extendReasonCode": 1, "requestIdentifier": "r"}"#, 4000009),
        (#"{"extendByDays": 91, "extendReasonCode": 1, "requestIdentifier": "r"}"#, 4000009),
        (#"{"extendByDays": "ten", "extendReasonCode": 1, "requestIdentifier": "r"}"#, 4000009),
        (#"{"extendByDays": 5, "extendReasonCode": 4, "requestIdentifier": "r"}"#, 4000010),
        (#"{"extendByDays": 5, "extendReasonCode": 1}"#, 4000011),
        (#"{"extendByDays": 5, "extendReasonCode": 1, "requestIdentifier": ""}"#, 4000011),
    ])
    func badBodies(_ body: String, _ code: Int) async throws {
        let fixture = try APIFixture()
        let subscribed = try await fixture.buy(StoreFixtures.monthly)
        let answer = await fixture.put("/inApps/v1/subscriptions/extend/\(subscribed.id)", json: body)
        #expect(answer.status == 400)
        #expect(answer.errorCode == code)
        let unchanged = try await fixture.store.admin { try $0.statuses() }
        #expect(unchanged.first?.transaction.expirationDate == subscribed.expirationDate)
    }
}
