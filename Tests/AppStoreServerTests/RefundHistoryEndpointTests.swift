import AppStoreServer
import Foundation
import MockStore
import TestSupport
import Testing

@Suite("Get Refund History")
struct RefundHistoryEndpointTests {
    static func path(_ id: UInt64) -> String { "/inApps/v2/refund/lookup/\(id)" }

    func refund(_ fixture: APIFixture, _ id: UInt64) async throws {
        _ = try await fixture.store.admin { try $0.refund(id) }
        fixture.clock.advance(by: 60)
    }

    @Test("refunds only, by revocation date, 20 a page; the last revision, kept, returns later refunds only")
    func paging() async throws {
        let fixture = try APIFixture()
        var bought: [MockStore.Transaction] = []
        for _ in 1...23 { bought.append(try await fixture.buy(StoreFixtures.coins)) }
        let kept = try await fixture.buy(StoreFixtures.lifetime)
        // Refunded newest first: the order is the refunds', not the purchases'.
        let refunded = Array(bought.prefix(22).reversed())
        for transaction in refunded { try await refund(fixture, transaction.id) }

        let first = await fixture.get(Self.path(kept.id))
        #expect(first.status == 200)
        #expect(first.json["hasMore"] as? Bool == true)
        #expect(first.transactionIDs == refunded.prefix(20).map { String($0.id) })
        #expect(first.transactions.allSatisfy { $0["revocationDate"] != nil })
        let revision = try #require(first.json["revision"] as? String)
        let second = await fixture.get(Self.path(kept.id), [("revision", revision)])
        #expect(second.json["hasMore"] as? Bool == false)
        #expect(second.transactionIDs == refunded.suffix(2).map { String($0.id) })

        let last = try #require(second.json["revision"] as? String)
        #expect(await fixture.get(Self.path(kept.id), [("revision", last)]).transactionIDs.isEmpty)
        try await refund(fixture, kept.id)
        #expect(await fixture.get(Self.path(kept.id), [("revision", last)]).transactionIDs == [String(kept.id)])
    }

    @Test("no refunds: an empty list; a revision from elsewhere 400 4000005; an unknown id 404 4040010")
    func edges() async throws {
        let fixture = try APIFixture()
        let bought = try await fixture.buy(StoreFixtures.lifetime)
        let none = await fixture.get(Self.path(bought.id))
        #expect(none.status == 200)
        #expect(none.json["signedTransactions"] as? [String] == [])
        #expect(none.json["hasMore"] as? Bool == false)
        let history = await fixture.get("/inApps/v2/history/\(bought.id)")
        let foreign = await fixture.get(Self.path(bought.id), [("revision", history.json["revision"] as? String ?? "")])
        #expect(foreign.status == 400)
        #expect(foreign.errorCode == 4000005)
        #expect(await fixture.get(Self.path(999)).errorCode == 4040010)
        #expect(await fixture.get("/inApps/v2/refund/lookup/x").errorCode == 4000006)
    }
}
