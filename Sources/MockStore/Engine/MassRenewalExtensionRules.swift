import Foundation
import GRDB

/// The App Store Server API's Extend Subscription Renewal Dates for All Active Subscribers, as
/// a store operation, and its status (Get Status of Subscription Renewal Date Extensions).
///
/// Apple runs the request in the background and reports each subscription it processes: a
/// RENEWAL_EXTENDED for each one extended, a RENEWAL_EXTENSION FAILURE (with its `data`) for
/// each it could not extend, and, when done, a RENEWAL_EXTENSION SUMMARY whose `summary` counts
/// both. A Tollbooth ledger is one customer, so "all active subscribers" is this account's
/// subscription to the product (not expired, not revoked), in the storefronts asked for; each is
/// extended by the single extension's rules (`RenewalExtensionRules`: 1 to 90 days, twice per
/// 365 days, not in a free offer period, billing retry or grace). The request completes at once
/// (ours: there is one customer to process), in one database transaction with its notifications;
/// it is recorded, so its status survives a restart of `tollbooth serve`.
enum MassRenewalExtensionRules {
    static func extend(productID: String, byDays days: Int, reasonCode: Int, requestIdentifier: String,
                       storefronts: [String]?, in context: LedgerContext) throws -> MassRenewalExtension {
        guard RenewalExtensionRules.days.contains(days) else { throw RenewalExtensionRefusal.invalidDays(days) }
        guard context.catalog.product(id: productID)?.subscription != nil else {
            throw MassRenewalExtensionRefusal.notAnAutoRenewableProduct(productID)
        }
        // The same request again changes nothing (ours: Apple documents one request per identifier).
        if let earlier = try status(productID: productID, requestIdentifier: requestIdentifier, in: context.db) { return earlier }
        var succeeded = 0
        var failed = 0
        for row in try SubscriptionRow.fetchAll(context.db) where row.productID == productID {
            guard row.state != .expired, row.state != .revoked else { continue }
            let latest = try context.transaction(row.latestTransactionID)
            if let storefronts, !storefronts.contains(latest.storefrontCountryCode) { continue }
            do {
                _ = try RenewalExtensionRules.extend(originalTransactionID: row.originalID, byDays: days, reasonCode: reasonCode,
                                                     requestIdentifier: requestIdentifier, in: context)
                succeeded += 1
            } catch is RenewalExtensionRefusal {
                // Every refusal comes before any write: nothing to undo.
                failed += 1
                try context.notify(.renewalExtension, .failure, subscription: row)
            }
        }
        let storefrontsJSON = try storefronts.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        try context.db.run(sql: """
            INSERT INTO massExtensions (productID, requestIdentifier, extendByDays, reasonCode, storefronts,
              requestDate, completeDate, succeededCount, failedCount) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [productID, requestIdentifier, days, reasonCode, storefrontsJSON, context.now.timeIntervalSince1970,
                             context.now.timeIntervalSince1970, succeeded, failed])
        let result = MassRenewalExtension(productID: productID, requestIdentifier: requestIdentifier, storefronts: storefronts,
                                          completeDate: context.now, succeededCount: succeeded, failedCount: failed)
        try Outbox.enqueue(.init(type: .renewalExtension, subtype: .summary, extra: try result.summaryJSON(), time: context.now), in: context)
        try context.log(.settingsChanged,
                        detail: "extended every active \(productID) subscription by \(days) day\(days == 1 ? "" : "s") (request \(requestIdentifier)): \(succeeded) extended, \(failed) failed")
        return result
    }

    /// The recorded request, or nil.
    static func status(productID: String, requestIdentifier: String, in db: Database) throws -> MassRenewalExtension? {
        guard let row = try Row.fetchOne(cached: db, sql: "SELECT * FROM massExtensions WHERE productID = ? AND requestIdentifier = ?",
                                         arguments: [productID, requestIdentifier]) else { return nil }
        let storefronts = (row["storefronts"] as String?).flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) }
        return MassRenewalExtension(productID: row["productID"], requestIdentifier: row["requestIdentifier"], storefronts: storefronts,
                                    completeDate: (row["completeDate"] as Double?).map(Date.init(timeIntervalSince1970:)),
                                    succeededCount: row["succeededCount"], failedCount: row["failedCount"])
    }
}

/// A mass renewal-date extension request and how it ended.
public struct MassRenewalExtension: Sendable, Hashable {
    public var productID: String
    public var requestIdentifier: String
    /// The storefronts (ISO alpha-3) it was limited to; nil: all.
    public var storefronts: [String]?
    /// nil while in progress (never, in Tollbooth: a request completes when it is made).
    public var completeDate: Date?
    public var succeededCount: Int
    public var failedCount: Int

    /// The SUMMARY notification's `summary`, less the app's fields the payload adds.
    func summaryJSON() throws -> String {
        var summary: [String: Any] = ["requestIdentifier": requestIdentifier, "productId": productID,
                                      "succeededCount": succeededCount, "failedCount": failedCount]
        if let storefronts { summary["storefrontCountryCodes"] = storefronts }
        let data = try JSONSerialization.data(withJSONObject: ["summary": summary], options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}

/// Why a mass renewal-date extension was refused as a whole.
public enum MassRenewalExtensionRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    case notAnAutoRenewableProduct(String)

    public var description: String {
        switch self {
        case .notAnAutoRenewableProduct(let id): "\(SourceText.quoted(id, limit: 80)) is not an auto-renewable subscription of the catalog"
        }
    }
}
