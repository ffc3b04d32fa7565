import Foundation
import GRDB

/// Examples of the notification types whose events Tollbooth does not emulate (`tollbooth
/// notify test --type`): each signed and shaped as Apple sends it, so a backend's handler for it
/// can be exercised, but no store event stands behind it.
///
/// Shapes (Apple's `responseBodyV2DecodedPayload`): EXTERNAL_PURCHASE_TOKEN carries
/// `externalPurchaseToken` {externalPurchaseId, tokenCreationDate, bundleId} instead of `data`;
/// RESCIND_CONSENT carries `appData` {bundleId, environment, signedAppTransactionInfo once an app
/// has launched on the ledger}; METADATA_UPDATE, MIGRATION and
/// PRICE_CHANGE (Advanced Commerce API events) carry `data` with the account's newest
/// subscription, when it has one (its `signedTransactionInfo`, `signedRenewalInfo`, `status`).
public enum ExampleNotifications {
    /// The types, each with the subtypes Apple documents for it (the first is the default).
    public static let all: [(type: NotificationType, subtypes: [NotificationSubtype])] = [
        (.externalPurchaseToken, [.unreported, NotificationSubtype(rawValue: "CREATED"), NotificationSubtype(rawValue: "ACTIVE_TOKEN_REMINDER")]),
        (.rescindConsent, []),
        (.metadataUpdate, []),
        (.migration, []),
        (.priceChange, []),
    ]

    public static var types: [NotificationType] { all.map(\.type) }

    /// The subtypes `type` takes; nil when it is not a type sent only as an example.
    public static func subtypes(of type: NotificationType) -> [NotificationSubtype]? {
        all.first { $0.type == type }?.subtypes
    }

    static func enqueue(_ type: NotificationType, subtype: NotificationSubtype?, in context: LedgerContext) throws -> OutboxNotification? {
        guard let allowed = subtypes(of: type) else {
            throw StoreOperationError("\(type) is not a type `notify test --type` sends; use one of: \(types.map(\.rawValue).joined(separator: ", "))")
        }
        let subtype = subtype ?? allowed.first
        if let subtype, !allowed.contains(subtype) {
            throw StoreOperationError(allowed.isEmpty ? "\(type) has no subtype"
                                                      : "\(type) takes the subtype \(allowed.map(\.rawValue).joined(separator: ", ")), not \(SourceText.quoted(subtype.rawValue, limit: 40))")
        }
        var entry = Outbox.Entry(type: type, subtype: subtype, time: context.now)
        switch type {
        case .externalPurchaseToken:
            // Apple: a sandbox token's id starts with SANDBOX (Apple's verifier reads the
            // environment from it), and a ledger signs as the sandbox.
            let token: [String: Any] = ["externalPurchaseId": "SANDBOX" + UUID().uuidString.lowercased(),
                                        "tokenCreationDate": Int64((context.now.timeIntervalSince1970 * 1000).rounded())]
            entry.extra = try json(["externalPurchaseToken": token])
        case .rescindConsent:
            entry.extra = try json(["appData": [String: Any]()])
        default:
            if let row = try SubscriptionRow.fetchAll(context.db).max(by: { $0.latestTransactionID < $1.latestTransactionID }) {
                entry.transactionID = row.latestTransactionID
                entry.originalID = row.originalID
                entry.groupID = row.groupID
                entry.state = row.state
            }
        }
        return try Outbox.enqueue(entry, in: context)
    }

    private static func json(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
}
