import Foundation
import MockStore

/// A notification's `ResponseBodyV2DecodedPayload`, in the App Store's JSON, and the request
/// body that carries it signed.
///
/// Fields (Apple's `responseBodyV2DecodedPayload` and `data`): `notificationType`, `subtype`
/// (when there is one), `notificationUUID`, `version` "2.0", `signedDate` (UNIX milliseconds),
/// and `data` with `bundleId`, `bundleVersion`, `environment`, `appAppleId` (production only),
/// `signedTransactionInfo` (a `JWSTransaction`), `signedRenewalInfo` (a `JWSRenewalInfo`, for
/// subscriptions), `status` (1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked)
/// and `consumptionRequestReason` (CONSUMPTION_REQUEST); or, instead of `data`, `summary`
/// (RENEWAL_EXTENSION SUMMARY), `externalPurchaseToken` or `appData` (`OutboxNotification.extra`).
public enum NotificationPayload {
    /// The payload's JSON for a claimed notification. `signedDate` is the event's store time,
    /// as a transaction's is its purchase's.
    public static func json(for delivery: OutboxDelivery, app: NotificationApp, signer: any SignedDataSigning) throws -> Data {
        let notification = delivery.notification
        var data: [String: Any] = ["bundleId": app.bundleID, "environment": app.environment]
        if let version = app.bundleVersion { data["bundleVersion"] = version }
        if let id = app.appAppleID { data["appAppleId"] = id }
        if let transaction = delivery.transaction { data["signedTransactionInfo"] = try signer.signedTransaction(transaction) }
        if let subscription = delivery.subscription { data["signedRenewalInfo"] = try signer.signedRenewalInfo(subscription) }
        if let status = notification.appleStatus { data["status"] = status }
        if let reason = notification.consumptionRequestReason { data["consumptionRequestReason"] = reason.rawValue }
        var payload: [String: Any] = [
            "notificationType": notification.type.rawValue,
            "notificationUUID": notification.notificationUUID,
            "version": "2.0",
            "signedDate": Int64((notification.storeTime.timeIntervalSince1970 * 1000).rounded()),
        ]
        if let subtype = notification.subtype { payload["subtype"] = subtype.rawValue }
        // Apple: `data` is in every payload but RENEWAL_EXTENSION SUMMARY's (`summary`),
        // EXTERNAL_PURCHASE_TOKEN's (`externalPurchaseToken`) and RESCIND_CONSENT's (`appData`);
        // each names the app as `data` does (`externalPurchaseToken` has no `environment`).
        let extra = notification.extra.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } ?? [:]
        for (key, value) in extra where key != "data" {
            guard var object = value as? [String: Any] else { payload[key] = value; continue }
            let fields = key == "externalPurchaseToken" ? ["bundleId", "appAppleId"] : ["bundleId", "environment", "appAppleId"]
            for field in fields where data[field] != nil { object[field] = data[field] }
            if key == "appData", let app = delivery.appTransaction { object["signedAppTransactionInfo"] = try signer.signedAppTransaction(app) }
            payload[key] = object
        }
        if let more = extra["data"] as? [String: Any] { data.merge(more) { _, new in new } }
        if payload["summary"] == nil, payload["externalPurchaseToken"] == nil, payload["appData"] == nil { payload["data"] = data }
        return try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys, .withoutEscapingSlashes])
    }

    /// The signed payload of a claimed notification.
    public static func signed(_ delivery: OutboxDelivery, app: NotificationApp, signer: any SignedDataSigning) throws -> String {
        try signer.sign(payload: json(for: delivery, app: app, signer: signer))
    }

    /// The request body Apple POSTs: `{"signedPayload": "<JWS>"}`.
    public static func requestBody(signedPayload: String) -> Data {
        (try? JSONSerialization.data(withJSONObject: ["signedPayload": signedPayload], options: [.withoutEscapingSlashes]))
            ?? Data()
    }
}
