import AppStoreServer
import Foundation
import MockStore
import TestSupport
import Testing

@Suite("Set App Account Token")
struct AppAccountTokenEndpointTests {
    static func path(_ id: String) -> String { "/inApps/v1/transactions/\(id)/appAccountToken" }
    static let token = "7e3fb20b-4cdb-47cc-936d-99d65f608138"

    @Test("the purchase's transactions carry the token, and so does its next renewal")
    func setsTheToken() async throws {
        let fixture = try APIFixture()
        let subscribed = try await fixture.buy(StoreFixtures.monthly)
        let answer = await fixture.put(Self.path(String(subscribed.id)), json: #"{"appAccountToken": "\#(Self.token.uppercased())"}"#)
        #expect(answer.status == 200)
        #expect(answer.response.body.isEmpty)
        let info = await fixture.get("/inApps/v1/transactions/\(subscribed.id)")
        #expect(payload(info.json["signedTransactionInfo"] as? String ?? "")["appAccountToken"] as? String == Self.token)
        _ = try await fixture.store.admin { try $0.advanceToNextRenewal() }
        let history = await fixture.get("/inApps/v2/history/\(subscribed.id)")
        #expect(history.transactions.count == 2)
        #expect(history.transactions.allSatisfy { $0["appAccountToken"] as? String == Self.token })
    }

    @Test("Apple's refusals: not a UUID 4000183, a renewal's id 4000187, none 4040005, not a number 4000008")
    func refusals() async throws {
        let fixture = try APIFixture()
        let subscribed = try await fixture.buy(StoreFixtures.monthly)
        _ = try await fixture.store.admin { try $0.advanceToNextRenewal() }
        let renewal = try #require(try await fixture.store.admin { try $0.transactions() }.map(\.id).max())
        let good = #"{"appAccountToken": "\#(Self.token)"}"#
        for (path, body, status, code) in [
            (Self.path(String(subscribed.id)), #"{"appAccountToken": "not-a-uuid"}"#, 400, 4000183),
            (Self.path(String(subscribed.id)), #"{"appAccountToken": 7}"#, 400, 4000183),
            (Self.path(String(subscribed.id)), "[]", 400, 4000000),
            (Self.path(String(renewal)), good, 400, 4000187),
            (Self.path("999"), good, 404, 4040005),
            (Self.path("x"), good, 400, 4000008),
        ] {
            let answer = await fixture.put(path, json: body)
            #expect(answer.status == status, "\(path) \(body)")
            #expect(answer.errorCode == code, "\(path) \(body)")
        }
    }
}
