import Foundation
import GRDB

/// The devices that used the account, as the ledger keeps them: a row per device that ran the
/// app (`devices`), and the device named on each purchase (`transactions.device`).
enum DeviceRecords {
    /// Records a launch of `device`: first seen at its first launch, last seen at this one.
    static func recordLaunch(of device: String, at wallNow: Date, in db: Database) throws {
        try db.run(sql: """
            INSERT INTO devices (name, firstSeen, lastSeen) VALUES (?, ?, ?)
            ON CONFLICT(name) DO UPDATE SET lastSeen = excluded.lastSeen
            """, arguments: [device, wallNow.timeIntervalSince1970, wallNow.timeIntervalSince1970])
    }

    /// Devices that ran the app, in order of their first launch.
    static func launched(_ db: Database) throws -> [String] {
        try String.fetchAll(cached: db, sql: "SELECT name FROM devices ORDER BY firstSeen")
    }

    /// Every device the account has seen, in order of first appearance: those that ran the app
    /// and those named only by purchases made elsewhere (`txn buy --device`).
    static func seen(_ db: Database) throws -> [String] {
        try String.fetchAll(cached: db, sql: seenSQL)
    }

    /// Each device that bought, found by seeking `transactions_by_device` from one device name
    /// to the next (a loose index scan, which SQLite does not do for GROUP BY on its own), with
    /// its first purchase from the same index: a few lookups per device rather than a pass over
    /// every transaction, which a change read on a 100,000-transaction ledger made twice per
    /// purchase.
    static let seenSQL = """
        WITH RECURSIVE buyers(name) AS (
            SELECT min(device) FROM transactions WHERE device IS NOT NULL
            UNION ALL
            SELECT (SELECT min(device) FROM transactions WHERE device > buyers.name) FROM buyers WHERE buyers.name IS NOT NULL)
        SELECT name FROM (SELECT name, firstSeen AS seen FROM devices
                          UNION ALL SELECT name, (SELECT min(purchaseDate) FROM transactions WHERE device = buyers.name)
                                    FROM buyers WHERE name IS NOT NULL)
        GROUP BY name ORDER BY min(seen)
        """
}
