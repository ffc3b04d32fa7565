import Foundation
import GRDB
import Synchronization

/// The ledgers this process made out of nothing (a new path, or a 0-byte file), so a command
/// that then fails leaves each path as it found it: a command judges its inputs before it
/// writes where it can, and this undoes the one write it cannot put off, the ledger itself.
enum LedgerCreation {
    /// Path → whether a 0-byte file was there (else nothing was).
    private static let made = Mutex<[String: Bool]>([:])

    static func record(_ path: String, wasEmptyFile: Bool) {
        made.withLock { $0[path] = wasEmptyFile }
    }

    /// Puts back what was at each path this process made a ledger of, unless someone else has
    /// the ledger open or something was recorded in it (a purchase, a fault, a notification… by
    /// this process or another): then it is a ledger in use and stays. Returns the paths put back.
    static func undo() -> [String] {
        let paths = made.withLock { made in defer { made = [:] }; return made }
        var restored: [String] = []
        for (path, wasEmptyFile) in paths.sorted(by: { $0.key < $1.key }) {
            guard !LedgerAccess.heldByAnotherProcess(path), holdsNothingMade(path) else { continue }
            for companion in [path + "-wal", path + "-shm"] { unlink(companion) }
            if wasEmptyFile { truncate(path, 0) } else { unlink(path) }
            restored.append(path)
        }
        return restored
    }

    /// Whether the ledger at `path` holds only what opening it writes: its tables, the catalog's
    /// settings and faults (`LedgerSeed`, whose event says "ledger created for"), device
    /// launches. Every change after that logs an event of another kind.
    private static func holdsNothingMade(_ path: String) -> Bool {
        var configuration = Configuration()
        configuration.readonly = true
        guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else { return false }
        defer { try? queue.close() }
        let made = try? queue.read { db in
            try Int.fetchOne(db, sql: """
                SELECT (SELECT count(*) FROM transactions) + (SELECT count(*) FROM pending)
                     + (SELECT count(*) FROM notifications)
                     + (SELECT count(*) FROM refundRequests) + (SELECT count(*) FROM massExtensions)
                     + (SELECT count(*) FROM events
                        WHERE kind <> ? AND NOT (kind = ? AND detail LIKE 'ledger created for %'))
                """, arguments: [StoreEvent.Kind.launch.rawValue, StoreEvent.Kind.settingsChanged.rawValue])
        }
        return made == 0
    }
}

extension Ledger {
    /// Puts back the paths this process turned into new ledgers (see `LedgerCreation`): for a
    /// command that failed. Returns the paths put back.
    public static func undoCreations() -> [String] { LedgerCreation.undo() }
}
