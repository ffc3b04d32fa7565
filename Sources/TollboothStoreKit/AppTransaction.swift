import AppStoreServer
import Foundation
import MockStore

/// Proof that the customer got the app, as StoreKit's `AppTransaction`.
///
/// The store keeps the account's app record (`MockStore.AppTransactionRecord` says where each
/// value comes from): the process tells it the app's bundle ID and version at launch
/// (`TOLLBOOTH_BUNDLE_ID` / `TOLLBOOTH_APP_VERSION`, else the main bundle), and the account's
/// first launch fixes `originalAppVersion` and `originalPurchaseDate`.
public struct AppTransaction: Equatable, Hashable, Sendable {
    public let appID: UInt64?
    public let appVersion: String
    public let appVersionID: UInt64?
    public let bundleID: String
    public let environment: AppStore.Environment
    public let originalAppVersion: String
    public let originalPurchaseDate: Date
    public let preorderDate: Date?
    /// `SHA-384(lowercased deviceVerificationNonce + lowercased AppStore.deviceVerificationID)`.
    public let deviceVerification: Data
    public let deviceVerificationNonce: UUID
    public let signedDate: Date
    public let appTransactionID: String
    public let originalPlatform: AppStore.Platform
    /// The record the payload is built from, and where it says it comes from.
    private let record: AppTransactionRecord
    let signedDataContext: SignedDataContext

    /// The app transaction. Throws the App Transaction fault.
    public static var shared: VerificationResult<AppTransaction> {
        get async throws { try await load(during: "AppTransaction.shared") }
    }

    /// Asks the store again (StoreKit prompts the customer to sign in). Throws the App
    /// Transaction fault.
    public static func refresh() async throws -> VerificationResult<AppTransaction> {
        try await load(during: "AppTransaction.refresh()")
    }

    private static func load(during call: String) async throws -> VerificationResult<AppTransaction> {
        let connection = try AppStoreHost.connection(during: call)
        do {
            guard let record = try await connection.store.appTransaction() else {
                // Only a store opened without launching an app has no record.
                throw StoreKitError.unknown
            }
            let unverified = try connection.store.settings().switches.unverifiedTransactions
            let value = AppTransaction(record, context: connection.signedDataContext)
            return unverified ? .unverified(value, .invalidSignature) : .verified(value)
        } catch {
            throw ErrorBridge.storeKit(error, api: .appTransaction, connection: connection, during: call)
        }
    }

    init(_ record: AppTransactionRecord, context: SignedDataContext) {
        self.record = record
        signedDataContext = context
        appID = nil
        appVersionID = nil
        bundleID = record.bundleID
        appVersion = record.appVersion
        environment = AppStore.Environment(rawValue: context.environment.rawValue)
        originalAppVersion = record.originalAppVersion
        originalPurchaseDate = record.originalPurchaseDate
        preorderDate = nil
        deviceVerification = record.deviceVerification
        deviceVerificationNonce = record.deviceVerificationNonce
        signedDate = record.signedDate
        appTransactionID = record.appTransactionID
        originalPlatform = .iOS
    }

    /// The app this process is, as it tells the store at launch.
    package static var processIdentity: AppIdentity {
        let environment = ProcessInfo.processInfo.environment
        return AppIdentity(
            bundleID: bundleID,
            version: environment["TOLLBOOTH_APP_VERSION"] ?? Bundle.main.object(forInfoDictionaryKey: "CFBundleVersion") as? String ?? "1")
    }

    static var bundleID: String {
        ProcessInfo.processInfo.environment["TOLLBOOTH_BUNDLE_ID"] ?? Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
    }

    /// The App Store's JSON payload (`AppTransaction`), the bytes `jwsRepresentation` signs.
    public var jsonRepresentation: Data { SignedPayload.appTransaction(record, context: signedDataContext) }
}

extension AppTransaction: CustomDebugStringConvertible, JSONPayload {
    public var debugDescription: String { String(decoding: jsonRepresentation, as: UTF8.self) }
}
