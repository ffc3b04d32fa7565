import AppStoreServer
import Foundation
import MockStore
import TestSupport
import Testing

@Suite("Get Transaction Info, Look Up Order ID, routes and auth")
struct TransactionEndpointTests {
    @Test("Get Transaction Info signs the transaction the id names")
    func transactionInfo() async throws {
        let fixture = try APIFixture()
        let bought = try await fixture.buy(StoreFixtures.lifetime)
        let answer = await fixture.get("/inApps/v1/transactions/\(bought.id)")
        #expect(answer.status == 200)
        #expect(answer.response.contentType == "application/json")
        let signed = payload(answer.json["signedTransactionInfo"] as? String ?? "")
        #expect(signed["transactionId"] as? String == String(bought.id))
        #expect(signed["productId"] as? String == StoreFixtures.lifetime)
    }

    @Test("an unknown transaction id is 404 4040010; one that is not a number is 400 4000006")
    func badTransactionIDs() async throws {
        let fixture = try APIFixture()
        try await fixture.buy(StoreFixtures.lifetime)
        let unknown = await fixture.get("/inApps/v1/transactions/999")
        #expect(unknown.status == 404)
        #expect(unknown.errorCode == 4040010)
        #expect(unknown.json["errorMessage"] as? String == "Transaction id not found: \"999\".")
        for bad in ["abc", "-1", "1.5", "99999999999999999999999", "%00"] {
            let answer = await fixture.get("/inApps/v1/transactions/\(bad)")
            #expect(answer.status == 400, "\(bad)")
            #expect(answer.errorCode == 4000006, "\(bad)")
        }
    }

    @Test("Look Up Order ID finds the transaction of an order ID, in any case; an unknown one is status 1")
    func lookUp() async throws {
        let fixture = try APIFixture()
        try await fixture.buy(StoreFixtures.coins)
        let bought = try await fixture.buy(StoreFixtures.lifetime)
        for spelling in [bought.orderID, bought.orderID.lowercased()] {
            let answer = await fixture.get("/inApps/v1/lookup/\(spelling)")
            #expect(answer.status == 200)
            #expect(answer.json["status"] as? Int == 0)
            #expect(answer.transactionIDs == [String(bought.id)])
        }
        for unknown in [OrderID.of(transactionID: 77), "MK5TTTVWJH0", "not-an-order"] {
            let answer = await fixture.get("/inApps/v1/lookup/\(unknown)")
            #expect(answer.status == 200)
            #expect(answer.json["status"] as? Int == 1)
            #expect(answer.transactionIDs.isEmpty)
        }
    }

    @Test("an unknown path is 404 and another method 405, each with errorCode 4000000; extend/mass is no transaction id")
    func routes() async throws {
        let fixture = try APIFixture()
        let unknown = await fixture.get("/inApps/v1/nothing/1")
        #expect(unknown.status == 404)
        #expect(unknown.errorCode == 4000000)
        #expect(unknown.response.contentType == "application/json")
        #expect(unknown.json["errorMessage"] as? String == "Bad request. No App Store Server API endpoint at GET /inApps/v1/nothing/1.")
        #expect(await fixture.get("/").errorCode == 4000000)
        let wrongMethod = await fixture.put("/inApps/v1/transactions/1", json: "{}")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.errorCode == 4000000)
        #expect(wrongMethod.response.headers["Allow"] == "GET")
        // `mass` is the mass extension's path, not an original transaction id: its body is checked.
        let mass = await fixture.send("POST", "/inApps/v1/subscriptions/extend/mass", json: "{}")
        #expect(mass.status == 400)
        #expect(mass.errorCode == 4000009)
        let massByPUT = await fixture.put("/inApps/v1/subscriptions/extend/mass", json: "{}")
        #expect(massByPUT.status == 405)
        #expect(massByPUT.response.headers["Allow"] == "POST")
    }

    @Test("with a key registered, a request without a good token is 401 and one with it is answered")
    func auth() async throws {
        let maker = TokenMaker()
        let fixture = try APIFixture(key: maker.registered)
        let bought = try await fixture.buy(StoreFixtures.lifetime)
        let path = "/inApps/v1/transactions/\(bought.id)"
        let missing = await fixture.get(path)
        #expect(missing.status == 401)
        #expect(missing.errorCode == nil)
        #expect(missing.response.headers["WWW-Authenticate"]?.contains("no Authorization header") == true)
        let expired = try maker.token(claims: maker.claims(now: fixture.clock.now(), lifetime: -10))
        #expect(await fixture.get(path, authorization: "Bearer " + expired).status == 401)
        #expect(await fixture.get(path, authorization: try maker.bearer(now: fixture.clock.now())).status == 200)
        // A token for another app: the ledger's data is not its.
        let otherApp = try maker.token(claims: maker.claims(now: fixture.clock.now(), bundleID: "com.example.other"))
        let refused = await fixture.get(path, authorization: "Bearer " + otherApp)
        #expect(refused.status == 401)
        #expect(refused.text.contains("com.example.other"))
        // Unknown paths are 404 whatever the token.
        #expect(await fixture.get("/inApps/v1/nothing").status == 404)
    }
}
