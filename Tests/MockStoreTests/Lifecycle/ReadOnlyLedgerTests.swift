import Foundation
@testable import MockStore
import TestSupport
import Testing

/// A ledger this process may not write: it can be read, as last written, and every change is
/// refused in one sentence with the file unchanged.
///
/// Permissions do not stop root, so most tests stand in for an unwritable file with the
/// ledger's read-only probe; the last one uses real permissions when not run as root.
@Suite("Ledgers: read-only")
struct ReadOnlyLedgerTests {
    typealias F = StoreFixtures
    typealias L = LedgerFiles

    static func openReadOnly(_ path: String, _ reason: LedgerAccess.ReadOnlyReason = .file,
                             told: ToldSentences = ToldSentences()) throws -> Ledger {
        try Ledger.open(path: path, onStaleRead: told.handler, readOnlyProbe: { _ in reason })
    }

    static func admin(_ ledger: Ledger, at date: Date = F.start) throws -> Store {
        try Store(catalog: F.catalog, ledger: ledger, device: "cli", wallClock: ManualWallClock(date), polling: false, role: .admin)
    }

    @Test("reads work; every change is refused in one sentence, the file byte for byte unchanged")
    func readsWorkChangesRefuse() async throws {
        let dir = try TemporaryFolder("ledger-readonly")
        defer { dir.remove() }
        let path = dir.path("frozen.sqlite")
        try await L.makeLedger(at: path)
        let before = try L.bytes(path)
        let told = ToldSentences()
        let ledger = try Self.openReadOnly(path, told: told)
        #expect(ledger.isReadOnly)
        let store = try Self.admin(ledger, at: F.start.addingTimeInterval(Life.day))

        let transactions = try await store.admin { try $0.transactions() }
        #expect(Set(transactions.map(\.productID)) == [F.lifetime, F.monthly])
        #expect(try await store.snapshot().entitlements.count == 2)
        let events = try await store.admin { try $0.events() }
        #expect(events.filter { $0.kind == .purchase }.count == 2)

        let refusal = "\(path) is read-only, so Tollbooth cannot change it: make it (and any -wal and -shm file beside it) writable, or choose another --ledger path."
        let changes: [@Sendable (inout AdminSession) throws -> Void] = [
            { _ = try $0.buy(F.coins) },
            { _ = try $0.advanceClock(ClockAdvance("+1d")!) },
            { _ = try $0.updateSettings { $0.switches.askToBuy = true } },
            { try $0.clearFaults() },
        ]
        for change in changes {
            let error = await #expect(throws: LedgerError.self) { try await store.admin(change) }
            #expect(error?.description == refusal)
        }
        await #expect(throws: LedgerError.self) { try await store.purchase(productID: F.coins) }
        #expect(told.all.isEmpty, "nothing was due, so nothing went unapplied")
        await store.close()
        #expect(try L.bytes(path) == before)
        // Read as immutable: no -shm left behind with the file's read-only permissions, which
        // would keep the ledger read-only after it is made writable again.
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("renewals that fell due are shown unapplied, and the reader is told once, in one sentence")
    func dueRenewalsUnapplied() async throws {
        let dir = try TemporaryFolder("ledger-readonly")
        defer { dir.remove() }
        let path = dir.path("frozen.sqlite")
        try await L.makeLedger(at: path)
        let before = try L.bytes(path)
        let told = ToldSentences()
        let store = try Self.admin(try Self.openReadOnly(path, told: told), at: F.start.addingTimeInterval(40 * Life.day))

        let snapshot = try await store.snapshot()
        #expect(snapshot.storeTime == F.start.addingTimeInterval(40 * Life.day))
        let expiry = try #require(snapshot.statuses.first?.transaction.expirationDate)
        #expect(expiry < snapshot.storeTime, "shown as last written: the period ended, no renewal recorded")
        #expect(try await store.admin { try $0.transactions() }.count == 2, "no renewal transaction")
        #expect(told.all == ["\(path) is read-only, so renewals and expiries that fell due were not applied; make it writable to bring it up to date."])
        await store.close()
        #expect(try L.bytes(path) == before)

        // Writable again, the same ledger catches up as any other.
        let writable = try Self.admin(try Ledger.open(path: path), at: F.start.addingTimeInterval(40 * Life.day))
        #expect(try await writable.admin { try $0.transactions() }.count == 3)
        await writable.close()
    }

    @Test("an app cannot start on a read-only ledger; a folder it cannot write is named as the cause")
    func appRefused() async throws {
        let dir = try TemporaryFolder("ledger-readonly")
        defer { dir.remove() }
        let path = dir.path("frozen.sqlite")
        try await L.makeLedger(at: path)
        let before = try L.bytes(path)
        let error = #expect(throws: LedgerError.self) {
            try Store(catalog: F.catalog, ledger: try Self.openReadOnly(path, .folder), device: "iphone",
                      wallClock: ManualWallClock(F.start), polling: false)
        }
        #expect(error?.description == "\(path) is in a read-only folder, where SQLite cannot write the journal it keeps beside a ledger, so Tollbooth cannot change it: make the folder writable, or choose another --ledger path.")
        #expect(try L.bytes(path) == before)
    }

    @Test("an empty or foreign file that cannot be written is refused, not made a ledger")
    func readOnlyNonLedgers() throws {
        let dir = try TemporaryFolder("ledger-readonly")
        defer { dir.remove() }
        let empty = dir.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let error = #expect(throws: LedgerError.self) { try Self.openReadOnly(empty) }
        #expect(error?.description.hasPrefix("\(empty) is read-only") == true)
        let notes = dir.path("notes.sqlite")
        try L.makeForeign(at: notes, sql: "CREATE TABLE notes (body TEXT)")
        let foreign = #expect(throws: LedgerError.self) { try Self.openReadOnly(notes) }
        #expect(foreign?.description.contains("is not a Tollbooth ledger (it holds table notes)") == true)
    }

    @Test("file permissions alone make a ledger read-only, and making it writable undoes that",
          .enabled(if: geteuid() != 0, "root is not stopped by permissions"))
    func realPermissions() async throws {
        let dir = try TemporaryFolder("ledger-readonly")
        defer { dir.remove() }
        let path = dir.path("frozen.sqlite")
        try await L.makeLedger(at: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let reader = try Self.admin(try Ledger.open(path: path))
        #expect(reader.ledger.isReadOnly)
        #expect(try await reader.admin { try $0.transactions() }.count == 2)
        await reader.close()
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let writer = try Self.admin(try Ledger.open(path: path))
        #expect(!writer.ledger.isReadOnly)
        _ = try await writer.admin { try $0.buy(F.coins) }
        await writer.close()
    }
}
