import Foundation
import GRDB
import MockStore
import TestSupport
import Testing

/// The ledger on disk: it survives reopening, refuses files it cannot read with a sentence,
/// and lives where XDG says.
@Suite("Lifecycle: ledger files")
struct LedgerFileTests {
    typealias F = StoreFixtures

    @Test("reopening a file ledger keeps transactions, statuses, settings, faults, clock and events")
    func reopen() async throws {
        let dir = try TemporaryFolder("ledger")
        defer { dir.remove() }
        let path = dir.path("state/account.sqlite") // the folder is created on demand
        let clock = ManualWallClock(F.start)
        var store = try Store(catalog: F.catalog, ledger: try Ledger.open(path: path), device: "iphone", wallClock: clock, polling: false)
        let life = try await Life.buy(store, F.lifetime)
        let sub = try await Life.buy(store, F.monthly)
        try await store.finish(life)
        _ = try await store.admin { try $0.cancel(sub.id) }
        _ = try await store.admin { session in
            try session.setFault(FaultRule(api: .loadProducts, error: .storeKit(.networkError), mode: .times(remaining: 3)))
            _ = try session.updateSettings { $0.switches.askToBuy = true; $0.storefront = "JPN" }
            _ = try session.setRate(.monthlyRenewalEveryFiveMinutes)
            _ = try session.advanceClock(ClockAdvance("+2d")!)
        }
        let before = try await store.snapshot()
        let eventsBefore = try await store.admin { try $0.events() }.count
        await store.close()
        store = try Store(catalog: F.catalog, ledger: try Ledger.open(path: path), device: "iphone", wallClock: clock, polling: false)

        let after = try await store.snapshot()
        #expect(after.entitlements.map(\.id) == before.entitlements.map(\.id))
        #expect(after.entitlements.map(\.id) == [life.id, sub.id])
        #expect(after.statuses == before.statuses)
        #expect(after.statuses.first?.renewalInfo.willAutoRenew == false)
        #expect(after.faults == before.faults)
        #expect(after.switches.askToBuy)
        #expect(after.storefront == "JPN")
        #expect(after.timeRate == .monthlyRenewalEveryFiveMinutes)
        #expect(after.storeTime == F.start.addingTimeInterval(2 * Life.day))
        #expect(after.unfinished.map(\.id) == [sub.id])
        #expect(try await store.admin { try $0.events() }.count == eventsBefore + 1, "plus this launch")
        #expect(try await store.admin { try $0.devices() } == ["iphone"])
        #expect(try await store.all.map(\.unsafePayloadValue.id) == [life.id, sub.id])
    }

    @Test("a ledger file or -wal removed from under an open store: the next write refuses, in one sentence, and says so once")
    func removedFromUnder() async throws {
        let dir = try TemporaryFolder("ledger")
        defer { dir.remove() }
        let harms: [(file: String, said: String)] = [("-wal", "lost its -wal file"), ("", "was deleted or moved away")]
        for (index, harm) in harms.enumerated() {
            let path = dir.path("ledger\(index).sqlite")
            let ledger = try Ledger.open(path: path)
            let store = try Store(catalog: F.catalog, ledger: ledger, device: "iphone", wallClock: ManualWallClock(F.start), polling: false)
            _ = try await Life.buy(store, F.lifetime)
            try FileManager.default.removeItem(atPath: path + harm.file)
            let error = await #expect(throws: LedgerError.self) { _ = try await store.purchase(productID: F.monthly) }
            let sentence = error?.description ?? ""
            #expect(sentence.hasPrefix("\(path) \(harm.said)") && sentence.contains("while Tollbooth had it open"), "\(sentence)")
            var told = ledger.lost.makeAsyncIterator()
            #expect(await told.next() == error, "told once, to whoever listens")
            await store.close()
        }
    }

    @Test("a file that is not SQLite gives a LedgerError sentence and is left untouched")
    func notSQLite() throws {
        let dir = try TemporaryFolder("ledger")
        defer { dir.remove() }
        let path = dir.path("notes.sqlite")
        let content = String(repeating: "These are my notes, not a database.\n", count: 200)
        try content.write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: LedgerError.self) { try Ledger.open(path: path) }
        let text = try #require(error?.description)
        #expect(text.contains(path))
        #expect(text.contains("is not a Tollbooth ledger"))
        #expect(text.hasSuffix("."), "one sentence: \(text)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == content, "never overwritten")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("a directory or an unwritable place gives a LedgerError, not a crash")
    func unusablePaths() throws {
        let dir = try TemporaryFolder("ledger")
        defer { dir.remove() }
        let folder = dir.path("folder.sqlite")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let error = #expect(throws: LedgerError.self) { try Ledger.open(path: folder) }
        #expect(error?.description.contains("it is a directory") == true)
        let blocker = dir.path("file")
        try "x".write(toFile: blocker, atomically: true, encoding: .utf8)
        let nested = #expect(throws: LedgerError.self) { try Ledger.open(path: blocker + "/inside/ledger.sqlite") }
        #expect(nested?.description.contains("could not be opened") == true)
    }

    @Test("a ledger written by a newer schema is refused with a clear sentence")
    func newerSchema() async throws {
        let dir = try TemporaryFolder("ledger")
        defer { dir.remove() }
        let path = dir.path("newer.sqlite")
        do {
            let store = try Store(catalog: F.catalog, ledger: try Ledger.open(path: path), device: "a",
                                  wallClock: ManualWallClock(F.start), polling: false)
            _ = try await Life.buy(store, F.lifetime)
            await store.close()
        }
        let queue = try DatabaseQueue(path: path)
        try await queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')") }
        try queue.close()
        let error = #expect(throws: LedgerError.self) { try Ledger.open(path: path) }
        let text = try #require(error?.description)
        #expect(text.contains("newer Tollbooth"))
        #expect(text.contains("v99-from-the-future"))
        #expect(text.contains(path))
        // Refusing did not touch it: the old data and the unknown migration are still there.
        let check = try DatabaseQueue(path: path)
        #expect(try await check.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM transactions") } == 1)
        #expect(try await check.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") } == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v99-from-the-future"])
    }

    @Test("defaultPath honours XDG_STATE_HOME, then HOME/.local/state")
    func defaultPath() {
        let xdg = Ledger.defaultPath(forCatalog: "/work/app/Products.storekit",
                                     environment: ["XDG_STATE_HOME": "/tmp/xdg-state", "HOME": "/home/me"])
        #expect(xdg.hasPrefix("/tmp/xdg-state/tollbooth/Products-"))
        #expect(xdg.hasSuffix(".sqlite"))
        let home = Ledger.defaultPath(forCatalog: "/work/app/Products.storekit", environment: ["HOME": "/home/me"])
        #expect(home.hasPrefix("/home/me/.local/state/tollbooth/Products-"))
        let empty = Ledger.defaultPath(forCatalog: "/work/app/Products.storekit", environment: ["XDG_STATE_HOME": "", "HOME": "/home/me"])
        #expect(empty == home, "an empty XDG_STATE_HOME is ignored")
        // One ledger per catalog file: stable for the same path, distinct for another.
        #expect(Ledger.defaultPath(forCatalog: "/work/app/Products.storekit", environment: ["HOME": "/home/me"]) == home)
        #expect(Ledger.defaultPath(forCatalog: "/work/other/Products.storekit", environment: ["HOME": "/home/me"]) != home)
        #expect(Ledger.defaultPath(forCatalog: "/work/app/./Products.storekit", environment: ["HOME": "/home/me"]) == home)
        let spaced = Ledger.defaultPath(forCatalog: "/x/My Store.storekit", environment: ["HOME": "/h"])
        #expect(spaced.hasPrefix("/h/.local/state/tollbooth/My-Store-"))
    }
}
