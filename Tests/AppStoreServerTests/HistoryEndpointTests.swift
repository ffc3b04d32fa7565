import AppStoreServer
import Foundation
import MockStore
import TestSupport
import Testing

@Suite("Get Transaction History")
struct HistoryEndpointTests {
    /// 45 purchases a minute apart: coins, with a lifetime unlock as the 10th and a season pass
    /// as the 30th.
    func fixtureWithPurchases() async throws -> (APIFixture, [MockStore.Transaction]) {
        let fixture = try APIFixture()
        var bought: [MockStore.Transaction] = []
        for index in 1...45 {
            let product = index == 10 ? StoreFixtures.lifetime : index == 30 ? StoreFixtures.season : StoreFixtures.coins
            bought.append(try await fixture.buy(product))
            fixture.clock.advance(by: 60)
        }
        return (fixture, bought)
    }

    /// Every page from the first, following `revision` while `hasMore`.
    func allPages(_ fixture: APIFixture, _ id: UInt64, _ query: [(String, String)] = [], version: Int = 2) async -> [Answer] {
        var pages: [Answer] = []
        var revision: String?
        repeat {
            let answer = await fixture.get("/inApps/v\(version)/history/\(id)", query + (revision.map { [("revision", $0)] } ?? []))
            pages.append(answer)
            guard answer.status == 200 else { break }
            revision = answer.json["revision"] as? String
        } while pages.last?.json["hasMore"] as? Bool == true && pages.count < 10
        return pages
    }

    @Test("pages of 20, oldest first, with hasMore and a revision for the next")
    func paging() async throws {
        let (fixture, bought) = try await fixtureWithPurchases()
        let pages = await allPages(fixture, bought[4].id)
        #expect(pages.map(\.status) == [200, 200, 200])
        #expect(pages.map { $0.transactionIDs.count } == [20, 20, 5])
        #expect(pages.map { $0.json["hasMore"] as? Bool } == [true, true, false])
        #expect(pages.flatMap(\.transactionIDs) == bought.map { String($0.id) })
        #expect(pages[0].json["bundleId"] as? String == AppIdentity.paywall.bundleID)
        #expect(pages[0].json["environment"] as? String == "Sandbox")
    }

    @Test("sort=DESCENDING pages newest first")
    func descending() async throws {
        let (fixture, bought) = try await fixtureWithPurchases()
        let pages = await allPages(fixture, bought[0].id, [("sort", "DESCENDING")])
        #expect(pages.flatMap(\.transactionIDs) == bought.reversed().map { String($0.id) })
    }

    @Test("filters: product type, product id, dates, revoked, ownership; all must match")
    func filters() async throws {
        let (fixture, bought) = try await fixtureWithPurchases()
        let id = bought[0].id
        func ids(_ query: [(String, String)]) async -> [String] { await allPages(fixture, id, query).flatMap(\.transactionIDs) }
        #expect(await ids([("productType", "NON_CONSUMABLE")]) == [String(bought[9].id)])
        #expect(await ids([("productType", "NON_CONSUMABLE"), ("productType", "NON_RENEWABLE")]) == [String(bought[9].id), String(bought[29].id)])
        #expect(await ids([("productId", StoreFixtures.season)]) == [String(bought[29].id)])
        #expect(await ids([("productId", StoreFixtures.season), ("productType", "CONSUMABLE")]).isEmpty)
        let start = Int64(bought[40].purchaseDate.timeIntervalSince1970 * 1000)
        let end = Int64(bought[43].purchaseDate.timeIntervalSince1970 * 1000)
        #expect(await ids([("startDate", String(start)), ("endDate", String(end))]) == bought[40..<43].map { String($0.id) })
        #expect(await ids([("inAppOwnershipType", "FAMILY_SHARED")]).isEmpty)
        #expect(await ids([("inAppOwnershipType", "PURCHASED")]).count == 45)
        _ = try await fixture.store.admin { try $0.refund(bought[2].id) }
        #expect(await ids([("revoked", "true")]) == [String(bought[2].id)])
        #expect(await ids([("revoked", "False")]).count == 44)
    }

    @Test("V2 includes finished consumables; V1 leaves them out unless refunded")
    func finishedConsumables() async throws {
        let (fixture, bought) = try await fixtureWithPurchases()
        try await fixture.store.admin { session in
            for transaction in bought { try session.finish(transaction.id, by: "iphone") }
            _ = try session.refund(bought[0].id)
        }
        let v2 = await allPages(fixture, bought[0].id).flatMap(\.transactionIDs)
        #expect(v2.count == 45)
        let v1 = await allPages(fixture, bought[0].id, version: 1).flatMap(\.transactionIDs)
        // The refund is the newest change, so the refunded coins come last.
        #expect(v1 == [bought[9], bought[29], bought[0]].map { String($0.id) })
    }

    @Test("the last page's revision later returns what changed since: a refund moves a transaction to the end")
    func revisionSeesChanges() async throws {
        let (fixture, bought) = try await fixtureWithPurchases()
        let pages = await allPages(fixture, bought[0].id)
        let last = try #require(pages.last?.json["revision"] as? String)
        let nothingNew = await fixture.get("/inApps/v2/history/\(bought[0].id)", [("revision", last)])
        #expect(nothingNew.transactionIDs.isEmpty)
        #expect(nothingNew.json["hasMore"] as? Bool == false)
        fixture.clock.advance(by: 600)
        _ = try await fixture.store.admin { try $0.refund(bought[2].id) }
        let changed = await fixture.get("/inApps/v2/history/\(bought[0].id)", [("revision", last)])
        #expect(changed.transactionIDs == [String(bought[2].id)])
        #expect(changed.transactions.first?["revocationDate"] != nil)
    }

    @Test("a revision from another query, another ledger or nowhere is 400 4000005")
    func foreignRevisions() async throws {
        let (fixture, bought) = try await fixtureWithPurchases()
        let path = "/inApps/v2/history/\(bought[0].id)"
        let first = await fixture.get(path)
        let revision = try #require(first.json["revision"] as? String)
        #expect(await fixture.get(path, [("revision", revision)]).status == 200)
        let otherQuery = await fixture.get(path, [("revision", revision), ("productType", "CONSUMABLE")])
        #expect(otherQuery.status == 400)
        #expect(otherQuery.errorCode == 4000005)
        let otherSort = await fixture.get(path, [("revision", revision), ("sort", "DESCENDING")])
        #expect(otherSort.errorCode == 4000005)
        // A revision's last character carries 4 bits of the token and 2 unused ones: "A" and "Q"
        // differ in a bit the decoder reads ("A" and "B" would not).
        for garbage in ["", "abc", String(repeating: "A", count: 39), revision + "A", String(revision.dropLast()) + (revision.last == "A" ? "Q" : "A"),
                        String(repeating: "x", count: 5000)] {
            let answer = await fixture.get(path, [("revision", garbage)])
            #expect(answer.status == 400, "\(garbage)")
            #expect(answer.errorCode == 4000005, "\(garbage)")
        }
        let elsewhere = try APIFixture(start: StoreFixtures.start.addingTimeInterval(86_400))
        let theirs = try await elsewhere.buy(StoreFixtures.coins)
        let foreign = await elsewhere.get("/inApps/v2/history/\(theirs.id)", [("revision", revision)])
        #expect(foreign.errorCode == 4000005)
    }

    @Test("bad parameters get Apple's error codes", arguments: [
        ("startDate", "yesterday", 4000015), ("endDate", "1.5", 4000016), ("productType", "SUBSCRIPTION", 4000022),
        ("sort", "ascending", 4000021), ("inAppOwnershipType", "SHARED", 4000026), ("revoked", "maybe", 4000030),
        ("productId", "", 4000023), ("subscriptionGroupIdentifier", "", 4000024),
    ])
    func badParameters(_ name: String, _ value: String, _ code: Int) async throws {
        let fixture = try APIFixture()
        let bought = try await fixture.buy(StoreFixtures.coins)
        let answer = await fixture.get("/inApps/v2/history/\(bought.id)", [(name, value)])
        #expect(answer.status == 400)
        #expect(answer.errorCode == code)
    }

    @Test("a start date not before the end date is 400 4000013; an unknown id 404 4040010")
    func datesAndIDs() async throws {
        let fixture = try APIFixture()
        let bought = try await fixture.buy(StoreFixtures.coins)
        let dates = await fixture.get("/inApps/v2/history/\(bought.id)", [("startDate", "2000"), ("endDate", "1000")])
        #expect(dates.errorCode == 4000013)
        #expect(await fixture.get("/inApps/v2/history/12345").errorCode == 4040010)
        #expect(await fixture.get("/inApps/v2/history/x").errorCode == 4000006)
    }
}
