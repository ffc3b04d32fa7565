import Foundation
import GRDB
import MockStore
import TestSupport
import Testing

/// Which files become, stay or are refused as ledgers: nothing foreign is touched, and a file
/// that is not a healthy ledger is refused before anything is written to it.
@Suite("Ledgers: refuse before touching")
struct LedgerRecognitionTests {
    typealias F = StoreFixtures
    typealias L = LedgerFiles

    @Test("another program's database is refused by name, its tables listed, byte for byte unchanged")
    func foreignDatabase() throws {
        let dir = try TemporaryFolder("ledger-guard")
        defer { dir.remove() }
        let path = dir.path("notes.sqlite")
        try L.makeForeign(at: path, sql: """
            CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
            CREATE TABLE todos (id INTEGER PRIMARY KEY, done INTEGER);
            INSERT INTO notes (body) VALUES ('buy milk');
            """)
        let before = try L.bytes(path)
        let error = #expect(throws: LedgerError.self) { try Ledger.open(path: path) }
        #expect(error?.description == "\(path) is not a Tollbooth ledger (it holds tables notes, todos); choose another --ledger path.")
        #expect(try L.bytes(path) == before, "not one table created, not even WAL mode switched on")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("a database marked as another program's, or holding only part of a ledger's tables, is refused")
    func lookalikes() throws {
        let dir = try TemporaryFolder("ledger-guard")
        defer { dir.remove() }
        let marked = dir.path("marked.sqlite")
        try L.makeForeign(at: marked, sql: "PRAGMA application_id = 1234")
        let error = #expect(throws: LedgerError.self) { try Ledger.open(path: marked) }
        #expect(error?.description == "\(marked) is not a Tollbooth ledger (it is another program's SQLite database); choose another --ledger path.")

        let partial = dir.path("partial.sqlite")
        try L.makeForeign(at: partial, sql: "CREATE TABLE events (id INTEGER PRIMARY KEY); CREATE TABLE meta (key TEXT)")
        let before = try L.bytes(partial)
        let refused = #expect(throws: LedgerError.self) { try Ledger.open(path: partial) }
        #expect(refused?.description.contains("(it holds tables events, meta)") == true)
        #expect(try L.bytes(partial) == before)
    }

    @Test("a new path, an empty file and an SQLite file with nothing in it become ledgers, stamped as such")
    func emptyBecomesLedger() async throws {
        let dir = try TemporaryFolder("ledger-guard")
        defer { dir.remove() }
        let empty = dir.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let blank = dir.path("blank.sqlite")
        try L.makeForeign(at: blank, sql: "VACUUM") // a valid SQLite header and no schema
        #expect(try L.bytes(blank).count > 0)
        for path in [dir.path("new/ledger.sqlite"), empty, blank] {
            let store = try Store(catalog: F.catalog, ledger: try Ledger.open(path: path), device: "iphone",
                                  wallClock: ManualWallClock(F.start), polling: false)
            _ = try await Life.buy(store, F.lifetime)
            await store.close()
            #expect(try L.applicationID(path) == 0x544F_4C4C, "\(path) is stamped \"TOLL\"")
        }
    }

    @Test("a ledger made before the stamp opens with everything in it, and is stamped on opening")
    func unstampedLedger() async throws {
        let dir = try TemporaryFolder("ledger-guard")
        defer { dir.remove() }
        let path = dir.path("old.sqlite")
        // Versions that did not stamp wrote schema v1 only: take the later schemas back out.
        try await L.makeLedger(at: path, before: "v2")
        let queue = try DatabaseQueue(path: path)
        try await queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA application_id = 0") }
        try queue.close()
        #expect(try L.applicationID(path) == 0)

        let store = try Store(catalog: F.catalog, ledger: try Ledger.open(path: path), device: "iphone",
                              wallClock: ManualWallClock(F.start), polling: false)
        #expect(try await Life.entitledIDs(store) == [F.lifetime, F.monthly].sorted())
        // The later schemas were added on opening: the notification outbox works.
        _ = try await store.admin { try $0.setNotificationURL("http://127.0.0.1:9/notifications") }
        _ = try await Life.buy(store, F.coins)
        #expect(try store.notifications().map(\.type) == [.oneTimeCharge])
        await store.close()
        #expect(try L.applicationID(path) == 0x544F_4C4C)
    }

    @Test("a ledger from before schema v7 (columns added to earlier tables) opens, is not called damaged, and gains them")
    func ledgerBeforeV7() async throws {
        let dir = try TemporaryFolder("ledger-guard")
        defer { dir.remove() }
        let path = dir.path("v4.sqlite")
        try await L.makeLedger(at: path, before: "v7")
        let store = try Store(catalog: F.catalog, ledger: try Ledger.open(path: path), device: "iphone",
                              wallClock: ManualWallClock(F.start), polling: false)
        #expect(try await Life.entitledIDs(store) == [F.lifetime, F.monthly].sorted())
        _ = try await store.admin { try $0.setNotificationURL("http://127.0.0.1:9/notifications") }
        _ = try await Life.buy(store, F.coins)
        #expect(try store.notifications().map(\.type) == [.oneTimeCharge])
        await store.close()
        let check = try DatabaseQueue(path: path)
        #expect(try await check.read { try String.fetchAll($0, sql: "SELECT name FROM pragma_table_info('transactions')") }.contains("offerPeriod"))
        try check.close()
    }

    @Test("a ledger left half-made by a version that created it step by step is completed, not called foreign")
    func halfMadeLedger() async throws {
        let dir = try TemporaryFolder("ledger-guard")
        defer { dir.remove() }
        // Killed after GRDB's record of migrations was created, before schema v1 committed.
        let bare = dir.path("bare.sqlite")
        try L.makeForeign(at: bare, sql: "PRAGMA journal_mode = WAL; CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        // Killed after every schema, before the header was stamped.
        let unstamped = dir.path("unstamped.sqlite")
        try await L.makeLedger(at: unstamped)
        let queue = try DatabaseQueue(path: unstamped)
        try await queue.write { try $0.execute(sql: "PRAGMA application_id = 0") }
        try queue.close()
        for path in [bare, unstamped] {
            let store = try Store(catalog: F.catalog, ledger: try Ledger.open(path: path), device: "iphone",
                                  wallClock: ManualWallClock(F.start), polling: false)
            _ = try await Life.buy(store, F.coins)
            await store.close()
            #expect(try L.applicationID(path) == 0x544F_4C4C, "\(path) is completed and stamped")
        }
    }

    @Test("a damaged ledger is refused on opening, for reading as for writing, byte for byte unchanged")
    func damagedLedger() async throws {
        let dir = try TemporaryFolder("ledger-guard")
        defer { dir.remove() }
        let path = dir.path("damaged.sqlite")
        try await L.makeLedger(at: path)
        try L.damage(path)
        let before = try L.bytes(path)
        let error = #expect(throws: LedgerError.self) { try Ledger.open(path: path) }
        #expect(error?.description == "\(path) is damaged (SQLite's integrity check fails), so Tollbooth will neither read nor change it: restore it from a copy, or choose another --ledger path.")
        #expect(try L.bytes(path) == before)
    }

    @Test("a healthy ledger passes the check on every opening")
    func healthyLedgerReopens() async throws {
        let dir = try TemporaryFolder("ledger-guard")
        defer { dir.remove() }
        let path = dir.path("healthy.sqlite")
        try await L.makeLedger(at: path)
        for _ in 0..<2 {
            let ledger = try Ledger.open(path: path)
            #expect(!ledger.isReadOnly)
            let store = try Store(catalog: F.catalog, ledger: ledger, device: "iphone", wallClock: ManualWallClock(F.start), polling: false)
            #expect(try await store.all.count == 2)
            await store.close()
        }
    }
}
