import Foundation
import GRDB

/// Account-wide settings kept in the ledger: behaviour switches, locale, storefront and the
/// intro-offer eligibility rule.
public struct StoreSettings: Sendable, Hashable {
    public var switches: StoreSwitches
    public var locale: String
    public var storefront: String
    public var introRule: IntroEligibilityRule

    /// Who may still get an introductory offer in a group (B7).
    public enum IntroEligibilityRule: String, Sendable, Hashable, CaseIterable {
        /// Ineligible once the customer has any transaction in the group (DTS answer; default).
        case anySubscription
        /// Ineligible only after actually receiving an introductory offer in the group.
        case receivedIntroOffer
    }

    static func load(_ db: Database) throws -> StoreSettings {
        guard let row = try Row.fetchOne(cached: db, sql: "SELECT * FROM settings WHERE id = 1") else {
            throw StoreOperationError("the ledger has no settings row; it was not initialised")
        }
        let switches = (try? JSONDecoder().decode(StoreSwitches.self, from: Data((row["switches"] as String).utf8))) ?? StoreSwitches()
        return StoreSettings(switches: switches, locale: row["locale"], storefront: row["storefront"],
                             introRule: IntroEligibilityRule(rawValue: row["introRule"]) ?? .anySubscription)
    }

    func save(_ db: Database) throws {
        let json = String(decoding: try JSONEncoder().encode(switches), as: UTF8.self)
        try db.run(
            sql: """
                INSERT INTO settings (id, switches, locale, storefront, introRule) VALUES (1, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET switches = excluded.switches, locale = excluded.locale,
                  storefront = excluded.storefront, introRule = excluded.introRule
                """,
            arguments: [json, locale, storefront, introRule.rawValue])
    }
}
