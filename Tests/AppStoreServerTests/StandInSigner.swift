@testable import AppStoreServer
import Foundation
import MockStore

/// A `SignedDataSigning` that does not sign: a compact JWS with `alg` "none" over the main
/// fields of Apple's payloads, so the API's tests read answers without a test authority on
/// disk. The real signer is tested in the signing suites and end to end with Apple's verifier.
struct StandInSigner: SignedDataSigning {
    var bundleID: String

    init(bundleID: String = AppIdentity.paywall.bundleID) { self.bundleID = bundleID }

    func signedTransaction(_ t: MockStore.Transaction) throws -> String {
        var fields: [String: Any] = [
            "transactionId": String(t.id), "originalTransactionId": String(t.originalID), "bundleId": bundleID,
            "productId": t.productID, "purchaseDate": milliseconds(t.purchaseDate),
            "originalPurchaseDate": milliseconds(t.originalPurchaseDate), "quantity": t.purchasedQuantity,
            "type": Self.typeName(t.productType), "signedDate": milliseconds(t.signedDate), "environment": AppStoreServerAPI.environment,
            "inAppOwnershipType": t.ownershipType == .familyShared ? "FAMILY_SHARED" : "PURCHASED",
            "storefront": t.storefrontCountryCode, "isUpgraded": t.isUpgraded,
        ]
        fields["subscriptionGroupIdentifier"] = t.subscriptionGroupID
        fields["expiresDate"] = t.expirationDate.map(milliseconds)
        fields["revocationDate"] = t.revocationDate.map(milliseconds)
        fields["webOrderLineItemId"] = t.webOrderLineItemID
        fields["appAccountToken"] = t.appAccountToken?.uuidString.lowercased()
        return try Self.jws(fields)
    }

    func signedRenewalInfo(_ status: SubscriptionStatus) throws -> String {
        let info = status.renewalInfo
        var fields: [String: Any] = [
            "originalTransactionId": String(info.originalTransactionID), "productId": info.currentProductID,
            "autoRenewStatus": info.willAutoRenew ? 1 : 0, "environment": AppStoreServerAPI.environment,
            "signedDate": milliseconds(status.transaction.signedDate),
        ]
        fields["autoRenewProductId"] = info.autoRenewPreference
        fields["renewalDate"] = info.renewalDate.map(milliseconds)
        return try Self.jws(fields)
    }

    func signedAppTransaction(_ record: AppTransactionRecord) throws -> String {
        try Self.jws(["bundleId": record.bundleID, "applicationVersion": record.appVersion, "receiptType": AppStoreServerAPI.environment,
                      "appTransactionId": record.appTransactionID])
    }

    func sign(payload: Data) throws -> String {
        JWTBase64.encode(Data(#"{"alg":"none"}"#.utf8)) + "." + JWTBase64.encode(payload) + "."
    }

    private static func jws(_ fields: [String: Any]) throws -> String {
        try StandInSigner().sign(payload: JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]))
    }

    /// Apple's `type` values.
    static func typeName(_ type: ProductType) -> String {
        switch type {
        case .autoRenewable: "Auto-Renewable Subscription"
        case .nonRenewable: "Non-Renewing Subscription"
        case .consumable: "Consumable"
        default: "Non-Consumable"
        }
    }
}
