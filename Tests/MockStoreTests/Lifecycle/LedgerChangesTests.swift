import Foundation
import GRDB
import MockStore
import TestSupport
import Testing

/// `Store.ledgerChanges(since:)`: what the control room's Transactions panel reads after its
/// first read, the rows written since its cursor, from this process or another.
@Suite("Lifecycle: ledger changes since a read")
struct LedgerChangesTests {
    typealias F = StoreFixtures

    @Test("a purchase, a refund, an upgrade's old transaction and an approved request, written by a second Store on the file")
    func changesFromAnotherStore() async throws {
        let dir = try TemporaryFolder("ledger-changes")
        defer { dir.remove() }
        let path = dir.path("account.sqlite")
        let clock = ManualWallClock(F.start)
        let panel = try Store(catalog: F.catalog, ledger: try Ledger.open(path: path), device: "iphone", wallClock: clock, polling: false)
        let other = try Store(catalog: F.catalog, ledger: try Ledger.open(path: path), device: "ipad", wallClock: clock, polling: false)
        let lifetime = try await other.admin { try $0.buy(F.lifetime) }
        let basic = try await other.admin { try $0.buy(F.basic) }
        _ = try await other.admin { try $0.updateSettings { $0.switches.askToBuy = true } }
        guard case .pending = try await other.purchase(productID: F.coins) else { Issue.record("coins were not pending"); return }
        let request = try #require(try await other.admin { try $0.pending() }.first)

        let first = try await panel.ledgerContents()
        let cursor = try #require(first.changeCursor)
        #expect(first.transactions.map(\.id) == [lifetime.id, basic.id] && first.pending.map(\.id) == [request.id])
        let none = try #require(try await panel.ledgerChanges(since: cursor))
        #expect(none.cursor == cursor && none.transactions.isEmpty && none.pending.isEmpty && none.removed.isEmpty)

        // The other Store refunds, upgrades (which marks the Basic transaction upgraded) and
        // approves the request (which removes it and adds its transaction).
        _ = try await other.admin { try $0.refund(lifetime.id) }
        let pro = try await other.admin { try $0.buy(F.monthly) }
        let approved = try await other.admin { try $0.approve(UInt64(request.id)) }
        let changes = try #require(try await panel.ledgerChanges(since: cursor))
        #expect(changes.since == cursor && changes.cursor > cursor)
        let after = try await panel.ledgerContents()
        #expect(changes.cursor == after.changeCursor)
        // Every changed row, as a full read now has it; nothing unchanged.
        let byID = Dictionary(uniqueKeysWithValues: after.transactions.map { ($0.id, $0) })
        #expect(changes.transactions == changes.transactions.map(\.id).compactMap { byID[$0] })
        #expect(changes.transactions.map(\.id).contains(lifetime.id))
        #expect(changes.transactions.first { $0.id == lifetime.id }?.revocationDate != nil)
        #expect(changes.transactions.first { $0.id == basic.id }?.isUpgraded == true)
        #expect(changes.transactions.map(\.id).contains(pro.id))
        #expect(Set(changes.transactions.map(\.id)).isSuperset(of: Set(after.transactions.map(\.id)).subtracting(first.transactions.map(\.id))),
                "\(approved)")
        #expect(changes.pending.isEmpty && changes.removed == [UInt64(request.id)])
        #expect(changes.devices == after.devices)

        // From the newest cursor: nothing more.
        let quiet = try #require(try await panel.ledgerChanges(since: changes.cursor))
        #expect(quiet.transactions.isEmpty && quiet.removed.isEmpty)
        await other.close()
        await panel.close()
    }

    @Test("an edited change log with extreme numbers traps nowhere")
    func editedLog() async throws {
        let dir = try TemporaryFolder("ledger-changes")
        defer { dir.remove() }
        let path = dir.path("account.sqlite")
        let store = try Store(catalog: F.catalog, ledger: try Ledger.open(path: path), device: "iphone",
                              wallClock: ManualWallClock(F.start), polling: false)
        _ = try await store.admin { try $0.buy(F.coins) }
        let queue = try DatabaseQueue(path: path)
        try await queue.write { try $0.execute(sql: "INSERT INTO ledgerChanges (seq, rowID) VALUES (-9223372036854775808, 1)") }
        try queue.close()
        // The log still reaches back to 0: the purchase is there.
        #expect(try await store.ledgerChanges(since: 0)?.transactions.count == 1)
        #expect(try await store.ledgerChanges(since: .min) == nil)
        #expect(try await store.ledgerChanges(since: .max) == nil)
        await store.close()
    }

    @Test("too many changes, or a cursor the log no longer reaches, ask for a full read")
    func fallsBackToAFullRead() async throws {
        let (store, _, _) = try F.device("iphone")
        let start = try #require(try await store.ledgerContents().changeCursor)
        for _ in 0..<3 { _ = try await store.admin { try $0.buy(F.coins) } }
        #expect(try await store.ledgerChanges(since: start, limit: 2) == nil)
        #expect(try await store.ledgerChanges(since: start, limit: 100)?.transactions.count == 3)
        // A cursor past the log's end (another file, or a log that was reset).
        #expect(try await store.ledgerChanges(since: start + 1000) == nil)
        // Cleared: every row is removed.
        _ = try await store.admin { try $0.clear() }
        let cleared = try #require(try await store.ledgerChanges(since: start))
        #expect(cleared.transactions.isEmpty && cleared.removed.count == 3)
    }
}
