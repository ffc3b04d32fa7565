import CLedgerSQLite
import Foundation
import GRDB
import Synchronization

/// The store's durable memory: an SQLite database (through GRDB) holding transactions,
/// subscription status, pending purchases, the store clock, faults, settings, devices and the
/// event log.
///
/// Every change is one database transaction, so a killed process never leaves half a purchase.
/// Several processes may open the same file (WAL mode); each notices the others' changes by
/// reading the event log after its cursor, when a `Doorbell` it subscribed rings: on every
/// write through this ledger, and on every write to the file by anyone (`LedgerFileWatch`).
public final class Ledger: Sendable {
    /// Where the ledger lives (`:memory:` for in-memory ledgers).
    public let path: String
    let writer: any DatabaseWriter
    /// Why this process may only read the ledger, or nil if it may change it.
    let readOnlyReason: LedgerAccess.ReadOnlyReason?
    /// Told once, in one sentence, when a read of a read-only ledger left due renewals unapplied.
    private let onStaleRead: (@Sendable (String) -> Void)?
    private let toldStaleRead = Mutex(false)
    /// Rung after each write, and on each change to the file; the watch runs while anyone listens.
    private let listeners = Mutex<(bells: [Doorbell], watch: LedgerFileWatch?)>(([], nil))

    /// The file (and `-wal`) this process opened, to tell when it stops being the one at `path`.
    let identity: LedgerIdentity
    /// This ledger's entry in `LedgerRegistry` (a writable file ledger), which reads its index.
    private nonisolated(unsafe) var registered: LedgerRegistry.FileKey?
    /// Told the first finding of `replacement()`.
    let losses = Broadcast<LedgerError>(holdsForFirstListener: true)

    /// Whether the ledger is a file (other processes may change it), not an in-memory ledger.
    public var isFile: Bool { path != ":memory:" }

    /// How long a write waits for another process's write before giving up with a clear error.
    static let busyTimeout: TimeInterval = 5

    /// Whether this process may only read the ledger: every change to it is refused with one
    /// sentence, and reads show it as last written, without applying renewals that fell due.
    public var isReadOnly: Bool { readOnlyReason != nil }

    /// Opens the ledger at `path`: a new path or an empty file becomes a ledger (unless
    /// `mayCreate` is false: a command that only reads creates nothing and says there is no
    /// ledger); an existing ledger is opened after SQLite's integrity check and a check of its
    /// schema; anything else (another program's database, a damaged ledger, a ledger from a newer
    /// Tollbooth, a file that is not SQLite) is refused before anything is written to it. A
    /// ledger this process cannot write is opened read-only.
    ///
    /// `onStaleRead` is told, once and in one sentence, when a read of a read-only ledger shows
    /// it without the renewals and expiries that fell due (they cannot be recorded).
    public static func open(path: String, mayCreate: Bool = true,
                            onStaleRead: (@Sendable (String) -> Void)? = nil) throws(LedgerError) -> Ledger {
        try open(path: path, mayCreate: mayCreate, onStaleRead: onStaleRead, readOnlyProbe: LedgerAccess.readOnlyReason)
    }

    /// `readOnlyProbe` says whether this process may write the file; tests running as root
    /// (whom permissions do not stop) stand in for an unwritable file with it.
    static func open(path: String, mayCreate: Bool = true, onStaleRead: (@Sendable (String) -> Void)?,
                     readOnlyProbe: (String) -> LedgerAccess.ReadOnlyReason?) throws(LedgerError) -> Ledger {
        // While another process turns a new file into a WAL ledger, SQLite answers SQLITE_BUSY at
        // once, without waiting in the busy handler (the journal-mode switch and the first
        // reader of a new WAL do not wait). Opening writes nothing until it is sure, so it is
        // tried again from the start, a few milliseconds apart, for as long as a busy write may
        // wait; then the one sentence stands.
        let deadline = Date().addingTimeInterval(busyTimeout)
        while true {
            do {
                return try openOnce(path: path, mayCreate: mayCreate, onStaleRead: onStaleRead, readOnlyProbe: readOnlyProbe)
            } catch where error == .locked(path) && Date() < deadline {
                usleep(5_000)
            }
        }
    }

    private static func openOnce(path: String, mayCreate: Bool, onStaleRead: (@Sendable (String) -> Void)?,
                                 readOnlyProbe: (String) -> LedgerAccess.ReadOnlyReason?) throws(LedgerError) -> Ledger {
        let url = URL(fileURLWithPath: path)
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if attributes?[.type] as? FileAttributeType == .typeDirectory {
            throw .unreadable(path, "it is a directory")
        }
        guard let size = attributes?[.size] as? Int, size > 0 else {
            guard mayCreate else { throw attributes == nil ? .missing(path) : .holdsNothing(path, "is empty (0 bytes)") }
            if attributes != nil, let reason = readOnlyProbe(path) { throw .readOnly(path, reason) }
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw .unreadable(path, "cannot create its folder")
            }
            let ledger = try openWritable(path: path)
            LedgerCreation.record(path, wasEmptyFile: attributes != nil)
            return ledger
        }
        guard LedgerAccess.hasSQLiteHeader(path) else {
            if FileManager.default.isReadableFile(atPath: path) { throw .notSQLite(path) }
            throw .unreadable(path, "permission denied")
        }
        // Before any connection: reading would make a new -shm, which the next process would share.
        if let what = LedgerAccess.journalGoneUnderAnotherProcess(path) { throw .journalGoneElsewhere(path, what) }
        let readOnlyReason = readOnlyProbe(path)
        let finding: LedgerInspection.Finding
        let inspector: DatabaseQueue
        do {
            inspector = try LedgerAccess.openReadOnly(path, writable: readOnlyReason == nil, configuration: configuration)
            finding = try inspector.read { try LedgerInspection.inspect($0, path: path) }
        } catch let error as LedgerError {
            throw error
        } catch let error as DatabaseError {
            throw map(error, path: path, readOnlyReason: readOnlyReason)
        } catch {
            throw .unreadable(path, "\(error)")
        }
        if let readOnlyReason {
            guard finding == .ledger else { throw .readOnly(path, readOnlyReason) }
            let ledger = Ledger(path: path, writer: inspector, readOnlyReason: readOnlyReason, onStaleRead: onStaleRead)
            try ledger.prepare()
            ledger.identity.record()
            return ledger
        }
        try? inspector.close()
        if finding == .empty && !mayCreate { throw .holdsNothing(path, "is an SQLite database with nothing in it") }
        return try openWritable(path: path)
    }

    private static var configuration: Configuration {
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)
        config.label = "tollbooth.ledger"
        // SQLite copies the journal into the file unchecked when the last connection closes and
        // when the journal grows past 1,000 pages; a journal cut from outside would put zeros
        // in the ledger. Only `keep` copies it, after `JournalCheck`; a journal left behind is
        // checked frame by frame by SQLite's recovery at the next open.
        config.prepareDatabase { db in
            guard let connection = db.sqliteConnection else { return }
            let code = tb_ledger_only_checked_checkpoints(UnsafeMutableRawPointer(connection))
            if code != 0 { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
        }
        return config
    }

    /// Opens a new, empty or inspected ledger for reading and writing (WAL mode, so several
    /// processes share it), creating or upgrading its tables.
    private static func openWritable(path: String) throws(LedgerError) -> Ledger {
        let companions = [path + "-wal", path + "-shm"]
        let before = companions.map(LedgerRegistry.FileKey.init)
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch let error as DatabaseError {
            throw map(error, path: path, readOnlyReason: nil)
        } catch {
            throw .unreadable(path, "\(error)")
        }
        let ledger = Ledger(path: path, writer: pool)
        ledger.registered = LedgerRegistry.enter(path)
        if let registered = ledger.registered, let what = journalMadeBeside(registered, path: path) {
            // The files SQLite made here hold nothing anyone else uses (GRDB's opening write at
            // most, read from this process's stale view): left behind, the next open's recovery
            // would lay them over the ledger. They go once this process's connections close.
            let made = zip(companions, before).compactMap { file, old in
                LedgerRegistry.FileKey(file).flatMap { $0 == old ? nil : (file, $0) }
            }
            try? pool.close()
            for (file, key) in made where LedgerRegistry.FileKey(file) == key { unlink(file) }
            throw .journalGoneElsewhere(path, what)
        }
        try ledger.prepare()
        ledger.identity.record()
        return ledger
    }

    /// Why the journal this process just opened is not the one another process has open, or
    /// nil: a journal or its index deleted between the look before opening and SQLite opening
    /// them, so SQLite made a new one beside those another process uses.
    private static func journalMadeBeside(_ registered: LedgerRegistry.FileKey, path: String) -> String? {
        // Frames not yet copied that this -wal lacks: it is not the journal the index was made
        // for. (A fully copied index may belong to a journal another process has just begun
        // again, whose index it has not yet written.)
        if let index = LedgerRegistry.index(registered), index.frames > index.copied,
           JournalCheck.check(path + "-wal", against: index) == .broken {
            return "its -wal file (which holds its latest changes) was deleted or cut short"
        }
        // Another process opening holds the database a moment before it shares the index.
        let island = (0..<10).allSatisfy { look in
            if look > 0 { usleep(5_000) }
            return LedgerRegistry.isIsland(registered)
        }
        return island ? "its -shm file (SQLite's index of the -wal journal) was deleted" : nil
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

    init(path: String, writer: any DatabaseWriter, readOnlyReason: LedgerAccess.ReadOnlyReason? = nil,
         onStaleRead: (@Sendable (String) -> Void)? = nil) {
        self.path = path
        self.identity = LedgerIdentity(path: path, watchesJournal: writer is DatabasePool)
        self.writer = writer
        self.readOnlyReason = readOnlyReason
        self.onStaleRead = onStaleRead
    }

    deinit {
        guard let registered else { return }
        // Its connections first: the registry's descriptor keeps their locks until they close.
        try? (writer as? DatabasePool)?.close()
        LedgerRegistry.leave(registered)
    }

    /// Refuses a ledger from a newer Tollbooth; then, if this process may write, creates or
    /// upgrades the tables and stamps the header as a ledger's, in one transaction.
    private func prepare() throws(LedgerError) {
        do {
            let pending = try writer.read { db -> Bool in
                let applied = Set(try LedgerSchema.applied(db))
                let known = LedgerSchema.migrations.map { $0.id }
                let unknown = applied.subtracting(known)
                if !unknown.isEmpty { throw LedgerError.newer(path, unknown: unknown.sorted()) }
                let stamped = try Int32.fetchOne(db, sql: "PRAGMA application_id") == LedgerSchema.applicationID
                return applied.count < known.count || !stamped
            }
            if let readOnlyReason {
                // An older schema cannot be upgraded in place without writing.
                if pending { throw LedgerError.readOnly(path, readOnlyReason) }
                return
            }
            // Another process may be creating the same ledger: `migrate` looks again inside the
            // write transaction, so whichever comes second finds the work done.
            if pending {
                try writer.write { try LedgerSchema.migrate($0) }
                // A reader that read before the upgrade keeps the old schema in memory, and a
                // statement it prepares from it (`SELECT *`) lacks the columns a migration added.
                (writer as? DatabasePool)?.invalidateReadOnlyConnections()
            }
        } catch let error as LedgerError {
            throw error
        } catch let error as DatabaseError {
            throw map(error)
        } catch {
            throw .unreadable(path, "\(error)")
        }
    }

    /// Refuses a change to a read-only ledger.
    func refuseChange() throws(LedgerError) -> Never {
        throw .readOnly(path, readOnlyReason ?? .file)
    }

    /// Tells `onStaleRead`, once, that a read showed this read-only ledger without the
    /// renewals and expiries that fell due.
    func noteStaleRead() {
        guard let onStaleRead, toldStaleRead.withLock({ told in defer { told = true }; return !told }) else { return }
        onStaleRead("\(path) is read-only, so renewals and expiries that fell due were not applied; make it writable to bring it up to date.")
    }

    /// Runs `body` in one IMMEDIATE write transaction, copies it into the ledger file (`keep`),
    /// then rings the listeners' bells. On a read-only ledger, refuses before touching it. A
    /// ledger that is no longer the file this process opened refuses before and after: a change
    /// that may have gone to a deleted file is reported, never acknowledged.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try checkWritable()
        do {
            let result = try writer.write(body)
            try? (writer as? DatabasePool)?.writeWithoutTransaction(keep)
            return try committed(result)
        } catch {
            throw translated(error)
        }
    }

    /// `write` on GRDB's writer queue, never on the caller's thread: a write that waits out
    /// another process's lock (up to `busyTimeout`) must not hold a thread of Swift's
    /// cooperative pool.
    func writeAsync<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try checkWritable()
        do {
            let result = try await writer.write(body)
            if let pool = writer as? DatabasePool { try? await pool.writeWithoutTransaction(keep) }
            return try committed(result)
        } catch {
            throw translated(error)
        }
    }

    /// Copies every frame of the `-wal` into the ledger file (a FULL checkpoint, which waits for
    /// other processes' readers within the busy timeout), so a change is in the file itself
    /// before it is acknowledged: a journal deleted or cut short later takes nothing of it. If
    /// other processes' readers hold the copy back beyond the busy timeout, the change stays in
    /// the journal, whole, and is acknowledged there.
    ///
    /// A checkpoint copies frames unchecked, so first: a journal replaced under this process
    /// (whose frames are not the ones the index names) is not copied, and one cut from outside
    /// (`JournalCheck`) is condemned, before either puts another file's pages or zeros in the
    /// ledger. `committed` then reports either.
    @Sendable private func keep(_ db: Database) throws {
        if replacement() != nil { return }
        guard journalIsWhole() else {
            identity.condemn("had its -wal file (which holds its latest changes) emptied or cut short")
            return
        }
        try db.checkpoint(.full)
    }

    /// Whether every frame the `-shm` index names is whole in the `-wal` (`JournalCheck`). An
    /// index rewritten by another process while this looked is read again, once.
    private func journalIsWhole() -> Bool {
        guard let registered, let index = LedgerRegistry.index(registered) else { return true }
        if JournalCheck.check(path + "-wal", against: index) == .whole { return true }
        guard let again = LedgerRegistry.index(registered), again != index else { return false }
        return JournalCheck.check(path + "-wal", against: again) == .whole
    }

    /// Before a write: a read-only ledger, or one that is no longer the file opened, refuses.
    private func checkWritable() throws {
        if let readOnlyReason { throw LedgerError.readOnly(path, readOnlyReason) }
        if let lost = replacement() { throw lost }
    }

    /// After a write: a change that may have gone to a file no longer the ledger, or through a
    /// journal no longer the one at its path, is reported, never acknowledged (a journal
    /// replaced while the change went in may have given it another process's pages); one that
    /// landed rings the listeners.
    private func committed<T>(_ result: T) throws -> T {
        if let lost = replacement() { throw lost }
        ringListeners()
        return result
    }

    /// SQLite's and the row decoders' errors as the one sentence a person can act on.
    private func translated(_ error: any Error) -> any Error {
        switch error {
        case let error as DatabaseError: map(error)
        case let damage as LedgerDamage: damage.error(path)
        default: error
        }
    }

    /// Rings `bell` whenever the ledger may have changed (see the type's comment).
    public func listen(_ bell: Doorbell) {
        let path = self.path, isFile = self.isFile
        listeners.withLock { listeners in
            listeners.bells.append(bell)
            if isFile && listeners.watch == nil {
                listeners.watch = LedgerFileWatch(path: path) { [weak self] in self?.ringListeners() }
            }
        }
    }

    /// Stops ringing `bell`.
    public func stopListening(_ bell: Doorbell) {
        let watch = listeners.withLock { listeners -> LedgerFileWatch? in
            listeners.bells.removeAll { $0 === bell }
            guard listeners.bells.isEmpty else { return nil }
            defer { listeners.watch = nil }
            return listeners.watch
        }
        withExtendedLifetime(watch) {}  // cancelled outside the lock
    }

    private func ringListeners() {
        for bell in listeners.withLock({ $0.bells }) { bell.ring() }
    }

    /// Reads a consistent view.
    /// A read on GRDB's own reader threads, never on Swift's cooperative pool: for long reads
    /// (a ledger of 100,000 rows) that must not hold up the store's actor or the pool.
    func readAsync<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await writer.read(body)
        } catch {
            throw translated(error)
        }
    }

    /// Reads a consistent view. On a read-only ledger, a statement that would write fails
    /// (the connection cannot) and is refused as a change.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try writer.read(body)
        } catch {
            throw translated(error)
        }
    }

    func map(_ error: DatabaseError) -> LedgerError {
        Self.map(error, path: path, readOnlyReason: readOnlyReason)
    }

    static func map(_ error: DatabaseError, path: String, readOnlyReason: LedgerAccess.ReadOnlyReason?) -> LedgerError {
        switch error.resultCode {
        case .SQLITE_NOTADB: .notSQLite(path)
        case .SQLITE_CORRUPT: .damaged(path)
        case .SQLITE_BUSY, .SQLITE_LOCKED: .locked(path)
        case .SQLITE_READONLY: .readOnly(path, readOnlyReason ?? .file)
        case .SQLITE_CANTOPEN, .SQLITE_PERM: .unreadable(path, error.message ?? "permission denied")
        case .SQLITE_IOERR where LedgerAccess.journalIsGone(path): .journalLost(path)
        default: .unreadable(path, error.message ?? "\(error.resultCode)")
        }
    }

    /// The default ledger path for a catalog: `$XDG_STATE_HOME/tollbooth/<name>-<hash>.sqlite`
    /// (fallback `~/.local/state/tollbooth/`), one ledger per catalog file. The hash is of the
    /// path as written (standardised, links not resolved), so two paths to one file are two
    /// ledgers; the bundled example is the exception (`DefaultLedger` in Paywall).
    public static func defaultPath(forCatalog catalogPath: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let absolute = URL(fileURLWithPath: catalogPath).standardizedFileURL.path
        let name = URL(fileURLWithPath: absolute).deletingPathExtension().lastPathComponent
            .replacingOccurrences(of: " ", with: "-")
        return "\(defaultDirectory(environment: environment))/\(name)-\(stableHash(absolute)).sqlite"
    }

    /// The folder default ledgers live in: `$XDG_STATE_HOME/tollbooth` (fallback
    /// `~/.local/state/tollbooth`).
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty {
            base = state
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            base = home + "/.local/state"
        }
        return base + "/tollbooth"
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
