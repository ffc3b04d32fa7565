import AppStoreServer
import Foundation
import MockStore
import TestSupport
import Testing

@Suite("Send Consumption Information (v1 and v2)")
struct ConsumptionEndpointTests {
    static func v2(_ id: UInt64) -> String { "/inApps/v2/transactions/consumption/\(id)" }
    static func v1(_ id: UInt64) -> String { "/inApps/v1/transactions/consumption/\(id)" }
    static let delivered = #"{"customerConsented":true,"sampleContentProvided":false,"deliveryStatus":"DELIVERED"}"#

    static func body(_ fields: [String: String]) -> String {
        var all = ["customerConsented": "true", "sampleContentProvided": "false", "deliveryStatus": "\"DELIVERED\""]
        all.merge(fields) { $1 }
        return "{" + all.filter { $0.value != "-" }.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
    }

    static func v1Body(_ fields: [String: String] = [:]) -> String {
        var all = ["customerConsented": "true", "accountTenure": "3", "appAccountToken": "\"\"", "consumptionStatus": "2",
                   "deliveryStatus": "0", "lifetimeDollarsPurchased": "2", "lifetimeDollarsRefunded": "1", "platform": "1",
                   "playTime": "4", "sampleContentProvided": "true", "userStatus": "1"]
        all.merge(fields) { $1 }
        return "{" + all.filter { $0.value != "-" }.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
    }

    func requested(_ fixture: APIFixture, _ product: String) async throws -> MockStore.Transaction {
        let bought = try await fixture.buy(product)
        _ = try await fixture.store.admin { try $0.requestRefund(bought.id, reason: .unsatisfiedWithPurchase) }
        return bought
    }

    @Test("v2 answers 202 with no body, and its refundPreference decides the request")
    func acceptedAndRecorded() async throws {
        let fixture = try APIFixture()
        let coins = try await requested(fixture, StoreFixtures.coins)
        let answer = await fixture.put(Self.v2(coins.id), json: Self.body(["refundPreference": "\"DECLINE\"", "consumptionPercentage": "25000"]))
        #expect(answer.status == 202)
        #expect(answer.response.body.isEmpty)
        let text = try await fixture.store.admin { try $0.decideRefund(coins.id) }
        #expect(text.contains("declined"))
        let after = try #require(try await fixture.store.admin { try $0.transactions() }.first { $0.id == coins.id })
        #expect(after.revocationDate == nil)
        #expect(after.refundState == .declined)
    }

    @Test("v2 checks each field with Apple's code")
    func v2Errors() async throws {
        let fixture = try APIFixture()
        let coins = try await requested(fixture, StoreFixtures.coins)
        let monthly = try await requested(fixture, StoreFixtures.monthly)
        let cases: [(String, Int)] = [
            (Self.body(["customerConsented": "false"]), 4000035),
            (Self.body(["customerConsented": "-"]), 4000035),
            (Self.body(["sampleContentProvided": "1"]), 4000041),
            (Self.body(["deliveryStatus": "\"SHIPPED\""]), 4000036),
            (Self.body(["refundPreference": "\"MAYBE\""]), 4000044),
            (Self.body(["consumptionPercentage": "100001"]), 4000000),
            (Self.body(["consumptionPercentage": "2.5"]), 4000000),
            (Self.body(["deliveryStatus": "\"UNDELIVERED_OTHER\"", "consumptionPercentage": "10"]), 4000000),
            ("[1]", 4000000),
        ]
        for (body, code) in cases {
            let answer = await fixture.put(Self.v2(coins.id), json: body)
            #expect(answer.status == 400, "\(body)")
            #expect(answer.errorCode == code, "\(body): \(answer.text)")
        }
        let subscription = await fixture.put(Self.v2(monthly.id), json: Self.body(["consumptionPercentage": "0"]))
        #expect(subscription.errorCode == 4000209)
        #expect(await fixture.put(Self.v2(monthly.id), json: Self.delivered).status == 202)
        #expect(await fixture.put(Self.v2(999), json: Self.delivered).errorCode == 4040010)
        #expect(await fixture.put("/inApps/v2/transactions/consumption/x", json: Self.delivered).errorCode == 4000006)
        let appTransactionID = AppTransactionRecord.identifier(bundleID: AppIdentity.paywall.bundleID)
        let app = await fixture.put("/inApps/v2/transactions/consumption/\(appTransactionID)", json: Self.delivered)
        #expect(app.status == 400 && app.errorCode == 4000048, "\(app.text)")
    }

    @Test("without an open refund request the answer is 400 saying so (ours)")
    func noOpenRequest() async throws {
        let fixture = try APIFixture()
        let coins = try await fixture.buy(StoreFixtures.coins)
        let answer = await fixture.put(Self.v2(coins.id), json: Self.delivered)
        #expect(answer.status == 400)
        #expect(answer.errorCode == 4000000)
        #expect(answer.text.contains("refund-request"))
    }

    @Test("v1 takes ConsumptionRequestV1 for consumables and subscriptions, field by field")
    func version1() async throws {
        let fixture = try APIFixture()
        let coins = try await requested(fixture, StoreFixtures.coins)
        let lifetime = try await requested(fixture, StoreFixtures.lifetime)
        #expect(await fixture.put(Self.v1(coins.id), json: Self.v1Body(["playTime": "9"])).errorCode == 4000040)
        #expect(await fixture.put(Self.v1(coins.id), json: Self.v1Body(["appAccountToken": "\"nope\""])).errorCode == 4000033)
        #expect(await fixture.put(Self.v1(coins.id), json: Self.v1Body(["userStatus": "-"])).errorCode == 4000042)
        #expect(await fixture.put(Self.v1(coins.id), json: Self.v1Body(["refundPreference": "4"])).errorCode == 4000044)
        #expect(await fixture.put(Self.v1(coins.id), json: Self.v1Body(["customerConsented": "false"])).errorCode == 4000035)
        #expect(await fixture.put(Self.v1(lifetime.id), json: Self.v1Body()).errorCode == 4000047)
        let accepted = await fixture.put(Self.v1(coins.id), json: Self.v1Body(["refundPreference": "1"]))
        #expect(accepted.status == 202)
        let text = try await fixture.store.admin { try $0.decideRefund(coins.id) }
        #expect(text.contains("refunded"))
    }
}
