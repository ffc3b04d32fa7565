import Foundation
import GRDB
import MockStore
import TestSupport
import Testing

/// A ledger an earlier version made opens in a later one: it is checked against the schema its
/// own migrations made, then upgraded (here: schema v6, the refund lifecycle).
@Suite("Ledgers: an earlier version's ledger is upgraded")
struct LedgerUpgradeTests {
    typealias F = StoreFixtures

    @Test("a ledger made before schema v6 opens, gains the refund columns, and records a refund request")
    func beforeRefundLifecycle() async throws {
        let dir = try TemporaryFolder("ledger-upgrade")
        defer { dir.remove() }
        let path = dir.path("v4.sqlite")
        // What a version before v6 left: no refund table or columns, and none of v7 either.
        try await LedgerFiles.makeLedger(at: path, before: "v6")

        let store = try Store(catalog: F.catalog, ledger: try Ledger.open(path: path), device: "iphone",
                              wallClock: ManualWallClock(F.start), polling: false)
        #expect(try await Life.entitledIDs(store) == [F.lifetime, F.monthly].sorted())
        let lifetime = try #require(try await store.admin { try $0.transactions() }.first { $0.productID == F.lifetime })
        _ = try await store.admin { try $0.requestRefund(lifetime.id) }
        #expect(try await store.admin { try $0.transactions() }.first { $0.id == lifetime.id }?.refundState == .requested)
        await store.close()
    }
}
