import GRDB

/// The ledger's versioned schema. Add a migration for every change; never edit a shipped one.
enum LedgerSchema {
    /// "TOLL", stamped into the header (`PRAGMA application_id`) of every ledger opened for
    /// writing, so a ledger is told from another program's database before anything is written.
    static let applicationID: Int32 = 0x544F_4C4C

    /// Every migration, in order: an identifier (recorded in `grdb_migrations`, as GRDB's
    /// migrator did, so ledgers it made open unchanged) and its SQL.
    static let migrations: [(id: String, sql: String)] = [
        ("v1", V1),
        // App Store Server Notifications: the outbox (one row per notification, with what a
        // retry or a resend needs to send the same bytes) and every attempt to send one, which
        // Get Notification History reports. The receiver's URL is in `meta`.
        ("v2", V2),
        // A log of the transaction and pending-purchase ids each write touched, kept by
        // triggers so every writer (any process, any code path) records its changes: a reader
        // re-reads only those rows (`AccountQueries.changes`).
        ("v3", V3),
        // Indexes for the questions every snapshot and change read asks: is a subscription
        // group new to the account (intro offer eligibility), and which devices have bought.
        // Without them each was a scan of every transaction, 50 per snapshot on a 100,000-row
        // ledger with 50 groups (BENCHMARKS.md, `transactions-panel-live`).
        ("v4", V4),
        // Monthly billing plans with a 12-month commitment: each transaction's plan and place
        // in its commitment, the subscription's commitment in progress, and the plan a pending
        // (Ask to Buy) purchase asked for.
        ("v5", V5),
        // The refund lifecycle: each refund request, its consumption information and Apple's
        // decision; on each transaction, what its latest request came to and a prorated refund's
        // percentage (docs/domain.md §2.6).
        ("v6", V6),
        // Extend Subscription Renewal Dates for All Active Subscribers: each request, so Get
        // Status of Subscription Renewal Date Extensions answers after a restart; and the
        // top-level payload fields a notification carries besides `data` (RENEWAL_EXTENSION
        // SUMMARY's `summary`, the examples `notify test --type` sends), as JSON; and each
        // transaction's offer duration (`offerPeriod`, ISO 8601).
        ("v7", V7),
    ]

    /// The table that records applied migrations (GRDB's migrator's own, kept for its ledgers).
    static let migrationsTable = "grdb_migrations"

    /// The identifiers of the migrations applied to `db` (none when it has no record of them).
    static func applied(_ db: Database) throws -> [String] {
        guard try db.tableExists(migrationsTable) else { return [] }
        return try String.fetchAll(db, sql: "SELECT identifier FROM \(migrationsTable)")
    }

    /// Creates or upgrades the tables and stamps the header, inside the caller's write
    /// transaction: another process sees no ledger or a whole one, never half of one, and two
    /// processes creating one ledger at once both succeed (the second finds it made).
    static func migrate(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS \(migrationsTable) (identifier TEXT NOT NULL PRIMARY KEY)")
        let applied = Set(try applied(db))
        for migration in migrations where !applied.contains(migration.id) {
            try db.execute(sql: migration.sql)
            try db.execute(sql: "INSERT INTO \(migrationsTable) (identifier) VALUES (?)", arguments: [migration.id])
        }
        if try Int32.fetchOne(db, sql: "PRAGMA application_id") != applicationID {
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        }
    }

    /// The tables a ledger holds after each step of its creation by a version that ran each
    /// migration in its own transaction and stamped the header last: the record of migrations
    /// alone, then the tables of each migration in turn. An unstamped file holding exactly one of
    /// these is a Tollbooth ledger (made before the stamp, or left half-made), not another
    /// program's database, and is completed on opening.
    static var tablesAfterEachStep: [Set<String>] {
        var tables: Set<String> = [migrationsTable]
        var steps = [tables]
        for migration in migrations {
            tables.formUnion(reference.tables(of: migration.id))
            steps.append(tables)
        }
        return steps
    }

    /// Every table of a whole ledger and its columns, as the migrations make them.
    static let reference = Reference()

    /// The schema the migrations make, built once in memory: what an opened ledger's schema is
    /// checked against, so a damaged `sqlite_master` is caught before any row is read.
    struct Reference: Sendable {
        /// For each table, its columns (name, declared type, NOT NULL, primary key position).
        let columns: [String: [Column]]
        /// The tables each migration creates.
        private let created: [String: Set<String>]
        /// Every table's columns once each migration has run: a ledger not yet upgraded has the
        /// columns of its last applied migration, not those a later one adds.
        private let columnsAfter: [String: [String: [Column]]]

        struct Column: Hashable, Sendable {
            var name: String, type: String, notNull: Bool, primaryKey: Int
        }

        init() {
            // Runs SQL of this file on an empty in-memory database: it cannot fail unless the
            // migrations themselves are broken, which every test would show.
            let queue = try! DatabaseQueue()
            var created: [String: Set<String>] = [:]
            var columns: [String: [Column]] = [:]
            var columnsAfter: [String: [String: [Column]]] = [:]
            try! queue.write { db in
                var before = Set<String>()
                for migration in LedgerSchema.migrations {
                    try db.execute(sql: migration.sql)
                    let now = Set(try LedgerSchema.userTables(db))
                    created[migration.id] = now.subtracting(before)
                    before = now
                    columns = [:]
                    for table in now { columns[table] = try Reference.columns(of: table, in: db) }
                    columnsAfter[migration.id] = columns
                }
            }
            self.columns = columns
            self.created = created
            self.columnsAfter = columnsAfter
        }

        func tables(of migration: String) -> Set<String> { created[migration] ?? [] }

        /// Each table's columns in a ledger with the migrations `applied` (the last of them, in
        /// order, decides); all of them when none is known.
        func columns(after applied: Set<String>) -> [String: [Column]] {
            guard let last = LedgerSchema.migrations.last(where: { applied.contains($0.id) }) else { return columns }
            return columnsAfter[last.id] ?? columns
        }

        static func columns(of table: String, in db: Database) throws -> [Column] {
            try Row.fetchAll(db, sql: "SELECT name, type, \"notnull\", pk FROM pragma_table_info(?)", arguments: [table]).map {
                Column(name: $0["name"], type: ($0["type"] as String? ?? "").uppercased(), notNull: ($0["notnull"] as Int) != 0, primaryKey: $0["pk"])
            }
        }
    }

    /// The tables of `db` other than SQLite's own, sorted by name.
    static func userTables(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
            """)
    }
}

/// Schema v1 (shipped: never edit).
private let V1 = """
    CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
    CREATE TABLE clock (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        anchorStore REAL NOT NULL, anchorWall REAL NOT NULL,
        paused INTEGER NOT NULL, rate INTEGER NOT NULL);
    CREATE TABLE settings (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        switches TEXT NOT NULL, locale TEXT NOT NULL, storefront TEXT NOT NULL,
        introRule TEXT NOT NULL);
    CREATE TABLE faults (
        api TEXT PRIMARY KEY NOT NULL, error TEXT NOT NULL, mode TEXT NOT NULL,
        latencyMs INTEGER NOT NULL, draws INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE devices (
        name TEXT PRIMARY KEY NOT NULL, firstSeen REAL NOT NULL, lastSeen REAL NOT NULL);
    CREATE TABLE transactions (
        id INTEGER PRIMARY KEY NOT NULL, originalID INTEGER NOT NULL,
        productID TEXT NOT NULL, productType TEXT NOT NULL, groupID TEXT,
        purchaseDate REAL NOT NULL, originalPurchaseDate REAL NOT NULL,
        expirationDate REAL, revocationDate REAL, revocationReason TEXT,
        isUpgraded INTEGER NOT NULL DEFAULT 0, ownershipType TEXT NOT NULL,
        offerID TEXT, offerType TEXT, offerPaymentMode TEXT,
        reason TEXT NOT NULL, quantity INTEGER NOT NULL, price TEXT, currency TEXT,
        storefront TEXT NOT NULL, appAccountToken TEXT, device TEXT,
        finished INTEGER NOT NULL DEFAULT 0, finishedBy TEXT, verificationError TEXT,
        signedDate REAL NOT NULL);
    CREATE INDEX transactions_by_type_product ON transactions(productType, productID, id);
    CREATE INDEX transactions_by_original ON transactions(originalID, id);
    CREATE INDEX transactions_unfinished ON transactions(finished) WHERE finished = 0;
    CREATE TABLE subscriptions (
        groupID TEXT PRIMARY KEY NOT NULL, originalID INTEGER NOT NULL,
        productID TEXT NOT NULL, autoRenewProductID TEXT NOT NULL,
        willAutoRenew INTEGER NOT NULL, state TEXT NOT NULL,
        expirationDate REAL NOT NULL, expirationReason TEXT,
        graceUntil REAL, retryUntil REAL, priceIncrease TEXT NOT NULL,
        latestTransactionID INTEGER NOT NULL, startDate REAL NOT NULL,
        offerPeriodsLeft INTEGER NOT NULL DEFAULT 0, offerPrice TEXT,
        offerType TEXT, offerPaymentMode TEXT, offerID TEXT);
    CREATE TABLE pending (
        id INTEGER PRIMARY KEY NOT NULL, productID TEXT NOT NULL, device TEXT,
        requestedAt REAL NOT NULL, kind TEXT NOT NULL, quantity INTEGER NOT NULL,
        appAccountToken TEXT);
    CREATE TABLE events (
        id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL,
        storeTime REAL NOT NULL, wallTime REAL NOT NULL, transactionID INTEGER,
        productID TEXT, device TEXT, delivers INTEGER NOT NULL DEFAULT 0,
        statusGroupID TEXT, detail TEXT NOT NULL DEFAULT '');
    """

/// Schema v2 (shipped: never edit).
private let V2 = """
    CREATE TABLE notifications (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        notificationUUID TEXT NOT NULL UNIQUE,
        type TEXT NOT NULL, subtype TEXT,
        transactionID INTEGER, originalID INTEGER, groupID TEXT,
        subscriptionState TEXT, familyShared INTEGER NOT NULL DEFAULT 0,
        consumptionRequestReason TEXT,
        storeTime REAL NOT NULL, wallTime REAL NOT NULL,
        url TEXT NOT NULL,
        status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
        nextAttempt REAL, lastHTTPStatus INTEGER, lastResult TEXT,
        signedPayload TEXT,
        leaseOwner TEXT, leaseUntil REAL);
    CREATE INDEX notifications_due ON notifications(status, nextAttempt) WHERE status = 'pending';
    CREATE INDEX notifications_by_original ON notifications(originalID, id);
    CREATE TABLE notificationAttempts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        notificationID INTEGER NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
        attemptDate REAL NOT NULL, storeTime REAL NOT NULL,
        result TEXT NOT NULL, httpStatus INTEGER);
    CREATE INDEX notificationAttempts_by_notification ON notificationAttempts(notificationID, id);
    """

/// Schema v3 (shipped: never edit). Transactions and pending purchases share one id space, so
/// one id column names either. `seq` never goes back (AUTOINCREMENT): a reader's cursor stays
/// valid across writers. The log keeps at least the last 16,384 changes; a reader whose cursor
/// is older finds its next change gone and reads everything instead.
private let V3 = """
    CREATE TABLE ledgerChanges (seq INTEGER PRIMARY KEY AUTOINCREMENT, rowID INTEGER NOT NULL);
    CREATE TRIGGER transactions_changes_insert AFTER INSERT ON transactions
        BEGIN INSERT INTO ledgerChanges (rowID) VALUES (NEW.id); END;
    CREATE TRIGGER transactions_changes_update AFTER UPDATE ON transactions
        BEGIN INSERT INTO ledgerChanges (rowID) VALUES (OLD.id);
              INSERT INTO ledgerChanges (rowID) SELECT NEW.id WHERE NEW.id <> OLD.id; END;
    CREATE TRIGGER transactions_changes_delete AFTER DELETE ON transactions
        BEGIN INSERT INTO ledgerChanges (rowID) VALUES (OLD.id); END;
    CREATE TRIGGER pending_changes_insert AFTER INSERT ON pending
        BEGIN INSERT INTO ledgerChanges (rowID) VALUES (NEW.id); END;
    CREATE TRIGGER pending_changes_update AFTER UPDATE ON pending
        BEGIN INSERT INTO ledgerChanges (rowID) VALUES (OLD.id);
              INSERT INTO ledgerChanges (rowID) SELECT NEW.id WHERE NEW.id <> OLD.id; END;
    CREATE TRIGGER pending_changes_delete AFTER DELETE ON pending
        BEGIN INSERT INTO ledgerChanges (rowID) VALUES (OLD.id); END;
    CREATE TRIGGER ledgerChanges_prune AFTER INSERT ON ledgerChanges WHEN NEW.seq % 1024 = 0
        BEGIN DELETE FROM ledgerChanges WHERE seq <= NEW.seq - 16384; END;
    """

/// Schema v4 (shipped: never edit): indexes only; no table or column changes.
private let V4 = """
    CREATE INDEX transactions_by_group ON transactions(groupID, offerType);
    CREATE INDEX transactions_by_device ON transactions(device, purchaseDate) WHERE device IS NOT NULL;
    """

/// Schema v5 (shipped: never edit): billing plans. Columns are nullable (or defaulted) so rows
/// written before stay as they were: billed up front, outside any commitment.
private let V5 = """
    ALTER TABLE transactions ADD COLUMN billingPlanType TEXT;
    ALTER TABLE transactions ADD COLUMN commitmentPeriod INTEGER;
    ALTER TABLE transactions ADD COLUMN commitmentPeriods INTEGER;
    ALTER TABLE transactions ADD COLUMN commitmentPrice TEXT;
    ALTER TABLE transactions ADD COLUMN commitmentExpirationDate REAL;
    ALTER TABLE subscriptions ADD COLUMN billingPlanType TEXT;
    ALTER TABLE subscriptions ADD COLUMN commitmentPeriod INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE subscriptions ADD COLUMN commitmentPeriods INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE subscriptions ADD COLUMN commitmentPrice TEXT;
    ALTER TABLE subscriptions ADD COLUMN commitmentStartDate REAL;
    ALTER TABLE subscriptions ADD COLUMN commitmentExpirationDate REAL;
    ALTER TABLE subscriptions ADD COLUMN renewalBillingPlanType TEXT;
    ALTER TABLE pending ADD COLUMN billingPlanType TEXT;
    """

/// Schema v6 (shipped: never edit): the refund lifecycle.
/// `refundRequests.status` is pending, granted, grantedProrated or declined; `revocationPercentage` is in millipercent (Apple's milliunits,
/// 40% → 40000). `transactions.refundState` is requested, declined or reversed (NULL: no request
/// open, or granted, which `revocationDate` shows); `transactions.revocationPercentage` is set
/// for a prorated refund only. Consumption columns hold what Send Consumption Information
/// received (version 1 or 2), the body as checked in `consumptionBody`.
private let V6 = """
    ALTER TABLE transactions ADD COLUMN refundState TEXT;
    ALTER TABLE transactions ADD COLUMN revocationPercentage INTEGER;
    CREATE TABLE refundRequests (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        transactionID INTEGER NOT NULL, reason TEXT NOT NULL,
        requestedAt REAL NOT NULL, status TEXT NOT NULL,
        decidedAt REAL, revocationPercentage INTEGER,
        consumptionVersion INTEGER, refundPreference TEXT, consumedPercentage INTEGER,
        delivered INTEGER, consumptionBody TEXT, consumptionAt REAL);
    CREATE INDEX refundRequests_by_transaction ON refundRequests(transactionID, id);
    """

/// Schema v7 (shipped: never edit): mass renewal-date extensions, notification extras, offer periods.
private let V7 = """
    CREATE TABLE massExtensions (
        productID TEXT NOT NULL, requestIdentifier TEXT NOT NULL,
        extendByDays INTEGER NOT NULL, reasonCode INTEGER NOT NULL, storefronts TEXT,
        requestDate REAL NOT NULL, completeDate REAL,
        succeededCount INTEGER NOT NULL, failedCount INTEGER NOT NULL,
        PRIMARY KEY (productID, requestIdentifier));
    ALTER TABLE notifications ADD COLUMN extra TEXT;
    ALTER TABLE transactions ADD COLUMN offerPeriod TEXT;
    """
