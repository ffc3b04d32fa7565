import Foundation
import GRDB

/// Starts a new ledger from a catalog's `settings`: rate, switches, locale, storefront and the
/// StoreKit errors Xcode had enabled. An existing ledger keeps its own state.
enum LedgerSeed {
    static func seedIfNeeded(_ db: Database, catalog: Catalog, wallNow: Date, start: Date?) throws -> Bool {
        if try isSeeded(db) { return false }
        try StoreClockState(anchorStore: start ?? wallNow, anchorWall: wallNow, isPaused: false,
                            rate: catalog.settings.timeRate ?? .realTime).save(db)
        try storeSettings(of: catalog).save(db)
        try db.run(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('catalog', ?)", arguments: [recordable(catalog.source)])
        try db.run(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('created', ?)",
                       arguments: [String(wallNow.timeIntervalSince1970)])
        var context = try LedgerContext(db: db, catalog: catalog, wallNow: wallNow)
        try setFaults(of: catalog, in: context)
        context.now = start ?? wallNow
        try context.log(.settingsChanged, detail: "ledger created for \(catalog.source)")
        return true
    }

    /// Puts the catalog's settings back (SKTestSession's `resetToDefaultState()`): switches,
    /// locale, storefront, time rate and StoreKit errors. Transactions and store time stay.
    static func restoreSettings(in context: inout LedgerContext) throws -> String {
        let catalog = context.catalog
        context.settings = storeSettings(of: catalog)
        try context.settings.save(context.db)
        var clock = context.clock.reanchored(atWall: context.wallNow)
        clock.rate = catalog.settings.timeRate ?? .realTime
        try clock.save(context.db)
        context.clock = clock
        try FaultBook.clear(nil, in: context)
        try setFaults(of: catalog, in: context)
        let text = "settings restored from \(catalog.source)"
        try context.log(.settingsChanged, detail: text)
        return text
    }

    /// The settings a catalog starts a ledger with.
    private static func storeSettings(of catalog: Catalog) -> StoreSettings {
        let settings = catalog.settings
        var switches = StoreSwitches()
        switches.askToBuy = settings.askToBuyEnabled
        switches.interruptedPurchases = settings.interruptedPurchasesEnabled
        switches.billingRetryOnRenewal = settings.billingRetryOnRenewal
        switches.billingGracePeriod = settings.billingGracePeriodEnabled
        switches.dialogsDisabled = settings.dialogsDisabled
        return StoreSettings(switches: switches, locale: settings.locale ?? "en_US",
                             storefront: (settings.storefront ?? "USA").uppercased(), introRule: .anySubscription)
    }

    /// The StoreKit errors Xcode had enabled in the file, as fault rules.
    private static func setFaults(of catalog: Catalog, in context: LedgerContext) throws {
        for fault in catalog.settings.storeKitErrors where fault.enabled {
            if let error = fault.error, fault.api.allowedErrors.contains(error) {
                try FaultBook.set(FaultRule(api: fault.api, error: error), in: context)
            }
        }
    }

    /// Whether the ledger has been started (its clock exists).
    static func isSeeded(_ db: Database) throws -> Bool {
        try Row.fetchOne(cached: db, sql: "SELECT id FROM clock WHERE id = 1") != nil
    }

    /// A catalog's path as a ledger records it: absolute and standardised, so the ledger finds
    /// its catalog from any folder. A catalog that is no file (`<memory>`) is kept as named.
    static func recordable(_ source: String) -> String {
        source.hasPrefix("<") ? source : URL(fileURLWithPath: source).standardizedFileURL.path
    }

    /// The catalog path a ledger records, so `--ledger` alone is enough once it exists.
    static func catalogPath(_ db: Database) throws -> String? {
        try String.fetchOne(cached: db, sql: "SELECT value FROM meta WHERE key = 'catalog'")
    }
}
