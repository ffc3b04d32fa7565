import Foundation
import GRDB
import MockStore
import Synchronization
import TestSupport
import Testing

/// Files for the ledger-guard tests: ledgers with purchases, other programs' databases, damage.
enum LedgerFiles {
    typealias F = StoreFixtures

    /// A ledger at `path` holding a lifetime unlock and a monthly subscription bought at
    /// `F.start`, closed and checkpointed, so every byte is in the file itself.
    static func makeLedger(at path: String) async throws {
        do {
            let store = try Store(catalog: F.catalog, ledger: try Ledger.open(path: path), device: "iphone",
                                  wallClock: ManualWallClock(F.start), polling: false)
            _ = try await Life.buy(store, F.lifetime)
            _ = try await Life.buy(store, F.monthly)
            await store.close()
        }
        try checkpoint(path)
    }

    /// What each migration after v1 added, taken back out, newest first: the SQL that turns a
    /// whole ledger into the one a version without that migration left.
    static let undo: [(id: String, sql: String)] = [
        ("v7", """
            DROP TABLE massExtensions; ALTER TABLE transactions DROP COLUMN offerPeriod;
            ALTER TABLE notifications DROP COLUMN extra;
            """),
        ("v6", """
            DROP TABLE refundRequests; ALTER TABLE transactions DROP COLUMN refundState;
            ALTER TABLE transactions DROP COLUMN revocationPercentage;
            """),
        ("v5", """
            ALTER TABLE transactions DROP COLUMN billingPlanType; ALTER TABLE transactions DROP COLUMN commitmentPeriod;
            ALTER TABLE transactions DROP COLUMN commitmentPeriods; ALTER TABLE transactions DROP COLUMN commitmentPrice;
            ALTER TABLE transactions DROP COLUMN commitmentExpirationDate;
            ALTER TABLE subscriptions DROP COLUMN billingPlanType; ALTER TABLE subscriptions DROP COLUMN commitmentPeriod;
            ALTER TABLE subscriptions DROP COLUMN commitmentPeriods; ALTER TABLE subscriptions DROP COLUMN commitmentPrice;
            ALTER TABLE subscriptions DROP COLUMN commitmentStartDate;
            ALTER TABLE subscriptions DROP COLUMN commitmentExpirationDate;
            ALTER TABLE subscriptions DROP COLUMN renewalBillingPlanType; ALTER TABLE pending DROP COLUMN billingPlanType;
            """),
        ("v4", "DROP INDEX transactions_by_group; DROP INDEX transactions_by_device;"),
        ("v3", """
            DROP TRIGGER transactions_changes_insert; DROP TRIGGER transactions_changes_update;
            DROP TRIGGER transactions_changes_delete; DROP TRIGGER pending_changes_insert;
            DROP TRIGGER pending_changes_update; DROP TRIGGER pending_changes_delete;
            DROP TRIGGER ledgerChanges_prune; DROP TABLE ledgerChanges;
            """),
        ("v2", "DROP TABLE notificationAttempts; DROP TABLE notifications;"),
    ]

    /// `makeLedger`, as a version that stopped before migration `id` made it: that migration and
    /// every later one taken out, and not recorded.
    static func makeLedger(at path: String, before id: String) async throws {
        try await makeLedger(at: path)
        guard let last = undo.firstIndex(where: { $0.id == id }) else { throw CocoaError(.featureUnsupported) }
        let steps = undo[...last]
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            for step in steps {
                try db.execute(sql: step.sql)
                try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [step.id])
            }
        }
        try queue.close()
    }

    /// Moves everything in the `-wal` file into the database and empties it.
    static func checkpoint(_ path: String) throws {
        let queue = try DatabaseQueue(path: path)
        _ = try queue.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        try queue.close()
    }

    /// Another program's database, in rollback-journal mode as `sqlite3` makes one.
    static func makeForeign(at path: String, sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { try $0.execute(sql: sql) }
        try queue.close()
    }

    /// Overwrites the b-tree header and cell pointers of the transactions table's root page,
    /// as a failing disk would: the file is still SQLite, but its integrity check fails.
    static func damage(_ path: String) throws {
        let queue = try DatabaseQueue(path: path)
        let (page, size) = try queue.read { db in
            (try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'transactions'")!,
             try Int.fetchOne(db, sql: "PRAGMA page_size")!)
        }
        try queue.close()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let start = (page - 1) * size
        bytes.replaceSubrange(start..<start + 64, with: Data(repeating: 0xDE, count: 64))
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    static func applicationID(_ path: String) throws -> Int32 {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { try Int32.fetchOne($0, sql: "PRAGMA application_id") ?? 0 }
    }
}

/// The sentences a ledger's `onStaleRead` was told.
final class ToldSentences: Sendable {
    private let sentences = Mutex<[String]>([])
    var all: [String] { sentences.withLock { $0 } }
    var handler: @Sendable (String) -> Void { { sentence in self.sentences.withLock { $0.append(sentence) } } }
}
