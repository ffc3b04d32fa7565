import Foundation
import GRDB

/// Keeps the account's app record in the ledger's `meta` table (`AppTransactionRecord` says
/// which value comes from where).
enum AppTransactionRules {
    /// Records a launch of `app`: the first launch on the account fixes the original version
    /// and date; every launch sets the current bundle and version.
    static func recordLaunch(of app: AppIdentity, at storeTime: Date, in db: Database) throws {
        let set = "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)"
        let keep = "INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)"
        try db.run(sql: keep, arguments: ["app.originalVersion", app.version])
        try db.run(sql: keep, arguments: ["app.originalPurchaseDate", String(storeTime.timeIntervalSince1970)])
        try db.run(sql: set, arguments: ["app.bundleID", app.bundleID])
        try db.run(sql: set, arguments: ["app.version", app.version])
        try db.run(sql: set, arguments: ["app.launchedAt", String(storeTime.timeIntervalSince1970)])
    }

    /// The app transaction as `device` would receive it at `now` (nil: as of the newest launch,
    /// which is what the transaction manager shows); nil before any app launched.
    static func record(for device: String, at now: Date?, in db: Database) throws -> AppTransactionRecord? {
        func value(_ key: String) throws -> String? {
            try String.fetchOne(cached: db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key])
        }
        guard let bundleID = try value("app.bundleID"), let version = try value("app.version"),
              let original = try value("app.originalVersion"),
              let first = try value("app.originalPurchaseDate").flatMap(Double.init) else { return nil }
        let launched = try value("app.launchedAt").flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
        let now = now ?? launched ?? Date(timeIntervalSince1970: first)
        let nonce = StableUUID.make("app transaction \(device) \(now.timeIntervalSince1970)")
        return AppTransactionRecord(
            bundleID: bundleID, appVersion: version, originalAppVersion: original,
            originalPurchaseDate: Date(timeIntervalSince1970: first),
            appTransactionID: AppTransactionRecord.identifier(bundleID: bundleID), deviceVerificationNonce: nonce,
            deviceVerification: AppTransactionRecord.deviceVerification(nonce: nonce, deviceVerificationID: StableUUID.deviceVerificationID(of: device)),
            signedDate: now)
    }
}
