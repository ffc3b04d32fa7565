import Foundation
import GRDB

/// The store's durable memory: an SQLite database (through GRDB) holding transactions,
/// subscription status, pending purchases, the store clock, faults, settings, devices and the
/// event log.
///
/// Every change is one database transaction, so a killed process never leaves half a purchase.
/// Several processes may open the same file (WAL mode); each notices the others' changes by
/// reading the event log after its cursor.
public final class Ledger: Sendable {
    /// Where the ledger lives (`:memory:` for in-memory ledgers).
    public let path: String
    let writer: any DatabaseWriter

    /// How long a write waits for another process's write before giving up with a clear error.
    static let busyTimeout: TimeInterval = 5

    /// Opens (creating if needed) the ledger at `path`.
    public static func open(path: String) throws(LedgerError) -> Ledger {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .unreadable(path, "cannot create its folder")
        }
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
           attributes[.type] as? FileAttributeType == .typeDirectory {
            throw .unreadable(path, "it is a directory")
        }
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)
        config.label = "tollbooth.ledger"
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: config)
        } catch let error as DatabaseError {
            throw map(error, path: path)
        } catch {
            throw .unreadable(path, "\(error)")
        }
        let ledger = Ledger(path: path, writer: pool)
        try ledger.prepare()
        return ledger
    }

    /// A ledger that lives only as long as this value: for tests and `--ephemeral` runs.
    /// Several `Store`s (devices) may share it in one process.
    public static func inMemory() -> Ledger {
        // A named shared-cache in-memory database would be needed for a pool; a queue is enough
        // inside one process.
        let queue = try! DatabaseQueue(configuration: Configuration())
        let ledger = Ledger(path: ":memory:", writer: queue)
        try! ledger.prepare()
        return ledger
    }

    init(path: String, writer: any DatabaseWriter) {
        self.path = path
        self.writer = writer
    }

    private func prepare() throws(LedgerError) {
        do {
            try writer.read { db in
                let migrator = LedgerSchema.migrator
                let applied = try migrator.appliedIdentifiers(db)
                let unknown = applied.subtracting(migrator.migrations)
                if !unknown.isEmpty { throw LedgerError.newer(path, unknown: unknown.sorted()) }
            }
            try LedgerSchema.migrator.migrate(writer)
        } catch let error as LedgerError {
            throw error
        } catch let error as DatabaseError {
            throw Self.map(error, path: path)
        } catch {
            throw .unreadable(path, "\(error)")
        }
    }

    /// Runs `body` in one IMMEDIATE write transaction.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try writer.write(body)
        } catch let error as DatabaseError {
            throw Self.map(error, path: path)
        }
    }

    /// Reads a consistent view.
    /// A read on GRDB's own reader threads, never on Swift's cooperative pool: for long reads
    /// (a ledger of 100,000 rows) that must not hold up the store's actor or the pool.
    func readAsync<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await writer.read(body)
        } catch let error as DatabaseError {
            throw Self.map(error, path: path)
        }
    }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try writer.read(body)
        } catch let error as DatabaseError {
            throw Self.map(error, path: path)
        }
    }

    static func map(_ error: DatabaseError, path: String) -> LedgerError {
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: .notALedger(path)
        case .SQLITE_BUSY, .SQLITE_LOCKED: .locked(path)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY: .unreadable(path, error.message ?? "permission denied")
        default: .unreadable(path, error.message ?? "\(error.resultCode)")
        }
    }

    /// The default ledger path for a catalog: `$XDG_STATE_HOME/tollbooth/<name>-<hash>.sqlite`
    /// (fallback `~/.local/state/tollbooth/`), one ledger per catalog file.
    public static func defaultPath(forCatalog catalogPath: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty {
            base = state
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            base = home + "/.local/state"
        }
        let absolute = URL(fileURLWithPath: catalogPath).standardizedFileURL.path
        let name = URL(fileURLWithPath: absolute).deletingPathExtension().lastPathComponent
            .replacingOccurrences(of: " ", with: "-")
        return "\(base)/tollbooth/\(name)-\(stableHash(absolute)).sqlite"
    }

    /// FNV-1a: stable across runs and platforms (Swift's `hashValue` is seeded per process).
    static func stableHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100000001b3
        }
        return String(hash & 0xffff_ffff, radix: 16)
    }
}

extension Ledger {
    /// The catalog this ledger serves, if it has been used.
    public func recordedCatalog() throws -> String? {
        try read { try LedgerSeed.catalogPath($0) }
    }
}
