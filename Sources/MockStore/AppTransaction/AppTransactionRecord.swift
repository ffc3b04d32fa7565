#if !os(Linux)
import Crypto  // swift-crypto, which is CryptoKit there; Linux: Platform/P256+OpenSSL.swift
#endif
import Foundation

/// The account's `AppTransaction`: proof that the customer got the app, as StoreKit returns it
/// from `AppTransaction.shared` (docs/domain.md §1.7).
///
/// Where each value comes from:
/// - `bundleID`, `appVersion`: the app of the newest launch on the account (`AppIdentity`).
/// - `originalAppVersion`, `originalPurchaseDate`: the version and store time of the account's
///   first launch, which stands for the download; kept in the ledger, so deleting the app and
///   launching again (the control room's reinstall) keeps them, as the App Store does.
/// - `deviceVerificationNonce`: new for each request; `deviceVerification` is StoreKit's
///   `SHA-384(lowercased nonce + lowercased AppStore.deviceVerificationID)` for the asking device.
/// - `appTransactionID`: the same for every request on one account and bundle.
/// - `environment`: always Xcode's here; signed data names its signer's (`SignedDataContext`).
public struct AppTransactionRecord: Sendable, Hashable, Codable {
    public var bundleID: String
    public var appVersion: String
    public var originalAppVersion: String
    public var originalPurchaseDate: Date
    /// The App Store Server API's `receiptType` spelling.
    public var environment: String
    public var appTransactionID: String
    public var deviceVerificationNonce: UUID
    public var deviceVerification: Data
    public var signedDate: Date

    public init(bundleID: String, appVersion: String, originalAppVersion: String, originalPurchaseDate: Date,
                environment: String = "Xcode", appTransactionID: String, deviceVerificationNonce: UUID,
                deviceVerification: Data, signedDate: Date) {
        self.bundleID = bundleID
        self.appVersion = appVersion
        self.originalAppVersion = originalAppVersion
        self.originalPurchaseDate = originalPurchaseDate
        self.environment = environment
        self.appTransactionID = appTransactionID
        self.deviceVerificationNonce = deviceVerificationNonce
        self.deviceVerification = deviceVerification
        self.signedDate = signedDate
    }

    /// StoreKit's device verification value: `SHA-384` of the lowercased nonce followed by the
    /// lowercased device verification ID, as ASCII (Apple's `Transaction.deviceVerification`).
    public static func deviceVerification(nonce: UUID, deviceVerificationID: UUID) -> Data {
        Data(SHA384.hash(data: Data((nonce.uuidString.lowercased() + deviceVerificationID.uuidString.lowercased()).utf8)))
    }

    /// The account's `appTransactionID` for a bundle: a decimal number, stable across launches.
    public static func identifier(bundleID: String) -> String {
        let hash = bundleID.utf8.reduce(UInt64(0xcbf29ce484222325)) { ($0 ^ UInt64($1)) &* 0x100000001b3 }
        return String(hash % 1_000_000_000_000_000_000)
    }
}
