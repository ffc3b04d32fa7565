import GRDB

/// The ledger's versioned schema. Add a migration for every change; never edit a shipped one.
enum LedgerSchema {
    /// "TOLL", stamped into the header (`PRAGMA application_id`) of every ledger opened for
    /// writing, so a ledger is told from another program's database before anything is written.
    static let applicationID: Int32 = 0x544F_4C4C

    /// The tables of a ledger made by a version that did not stamp `applicationID` (schema v1
    /// only, plus GRDB's record of migrations): such a file is a ledger if it holds exactly these.
    /// Every later schema was written by a version that stamps, so this set never grows.
    static let unstampedTables: Set<String> = [
        "grdb_migrations", "meta", "clock", "settings", "faults", "devices", "transactions", "subscriptions",
        "pending", "events",
    ]

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
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
                """)
        }
        // App Store Server Notifications: the outbox (one row per notification, with what a
        // retry or a resend needs to send the same bytes) and every attempt to send one, which
        // Get Notification History reports. The receiver's URL is in `meta`.
        migrator.registerMigration("v2") { db in
            try db.execute(sql: """
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
                """)
        }
        return migrator
    }
}
