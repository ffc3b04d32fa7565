import Foundation
import GRDB

/// Starts a new ledger from a catalog's `settings`: rate, switches, locale, storefront and the
/// StoreKit errors Xcode had enabled. An existing ledger keeps its own state.
enum LedgerSeed {
    static func seedIfNeeded(_ db: Database, catalog: Catalog, wallNow: Date, start: Date?) throws -> Bool {
        if try isSeeded(db) { return false }
        let settings = catalog.settings
        let startTime = start ?? wallNow
        try StoreClockState(anchorStore: startTime, anchorWall: wallNow, isPaused: false,
                            rate: settings.timeRate ?? .realTime).save(db)
        var switches = StoreSwitches()
        switches.askToBuy = settings.askToBuyEnabled
        switches.interruptedPurchases = settings.interruptedPurchasesEnabled
        switches.billingRetryOnRenewal = settings.billingRetryOnRenewal
        switches.billingGracePeriod = settings.billingGracePeriodEnabled
        switches.dialogsDisabled = settings.dialogsDisabled
        try StoreSettings(switches: switches, locale: settings.locale ?? "en_US",
                          storefront: (settings.storefront ?? "USA").uppercased(), introRule: .anySubscription).save(db)
        try db.run(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('catalog', ?)", arguments: [catalog.source])
        try db.run(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('created', ?)",
                       arguments: [String(wallNow.timeIntervalSince1970)])
        var context = try LedgerContext(db: db, catalog: catalog, wallNow: wallNow)
        for fault in settings.storeKitErrors where fault.enabled {
            if let error = fault.error, fault.api.allowedErrors.contains(error) {
                try FaultBook.set(FaultRule(api: fault.api, error: error), in: context)
            }
        }
        context.now = startTime
        try context.log(.settingsChanged, detail: "ledger created for \(catalog.source)")
        return true
    }

    /// Whether the ledger has been started (its clock exists).
    static func isSeeded(_ db: Database) throws -> Bool {
        try Row.fetchOne(cached: db, sql: "SELECT id FROM clock WHERE id = 1") != nil
    }

    /// The catalog path a ledger records, so `--ledger` alone is enough once it exists.
    static func catalogPath(_ db: Database) throws -> String? {
        try String.fetchOne(cached: db, sql: "SELECT value FROM meta WHERE key = 'catalog'")
    }
}
