import AppStoreServer
import Foundation
import MockStore
import TestSupport
import Testing

@Suite("Get App Transaction Info")
struct AppTransactionEndpointTests {
    static func path(_ id: String) -> String { "/inApps/v1/transactions/appTransactions/\(id)" }

    @Test("any transaction id of the customer, or the appTransactionId, answers the launched app's app transaction")
    func appTransaction() async throws {
        let fixture = try APIFixture()
        let bought = try await fixture.buy(StoreFixtures.lifetime)
        let appTransactionID = AppTransactionRecord.identifier(bundleID: AppIdentity.paywall.bundleID)
        for id in [String(bought.id), appTransactionID] {
            let answer = await fixture.get(Self.path(id))
            #expect(answer.status == 200, "\(id)")
            let signed = payload(answer.json["signedAppTransactionInfo"] as? String ?? "")
            #expect(signed["bundleId"] as? String == AppIdentity.paywall.bundleID, "\(id)")
            #expect(signed["appTransactionId"] as? String == appTransactionID, "\(id)")
            #expect(signed["receiptType"] as? String == "Sandbox", "\(id)")
        }
    }

    @Test("an id of no one is 404 4040010, one that is not a number 400 4000006")
    func badIDs() async throws {
        let fixture = try APIFixture()
        try await fixture.buy(StoreFixtures.lifetime)
        let unknown = await fixture.get(Self.path("999"))
        #expect(unknown.status == 404)
        #expect(unknown.errorCode == 4040010)
        let bad = await fixture.get(Self.path("1x"))
        #expect(bad.status == 400)
        #expect(bad.errorCode == 4000006)
    }

    @Test("a ledger no app launched on has no app transaction: 404 4040019")
    func noApp() async throws {
        let clock = ManualWallClock(StoreFixtures.start)
        let store = try Store(catalog: StoreFixtures.catalog, ledger: .inMemory(), device: "cli", wallClock: clock,
                              polling: false, role: .admin)
        let bought = try await store.admin { try $0.buy(StoreFixtures.lifetime) }
        let api = AppStoreServerAPI(store: store, signer: StandInSigner(), key: nil, wallNow: { clock.now() })
        let answer = Answer(await api.respond(to: APIRequest(method: "GET", path: Self.path(String(bought.id)))))
        #expect(answer.status == 404)
        #expect(answer.errorCode == 4040019)
    }
}
