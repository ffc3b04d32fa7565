import Foundation
import MockStore

/// Proof that the customer got the app, as StoreKit's `AppTransaction`.
///
/// The store holds no app record, so the app's facts come from the process: the bundle ID and
/// version from `TOLLBOOTH_BUNDLE_ID` / `TOLLBOOTH_APP_VERSION` or the main bundle; the original
/// purchase date is the account's first use of the store. `originalAppVersion` is "1.0", as in
/// Xcode's and the sandbox's environments.
public struct AppTransaction: Equatable, Hashable, Sendable {
    public let appID: UInt64?
    public let appVersion: String
    public let appVersionID: UInt64?
    public let bundleID: String
    public let environment: AppStore.Environment
    public let originalAppVersion: String
    public let originalPurchaseDate: Date
    public let preorderDate: Date?
    /// Empty: see `Transaction.deviceVerification`.
    public let deviceVerification: Data
    public let deviceVerificationNonce: UUID
    public let signedDate: Date
    public let appTransactionID: String
    public let originalPlatform: AppStore.Platform

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
            try await connection.store.presentSheet(.appTransaction)
            let (first, now) = try await connection.store.admin { session in
                (try session.events(after: 0, limit: 1).first?.storeTime ?? session.now, session.now)
            }
            let unverified = try connection.store.settings().switches.unverifiedTransactions
            let value = AppTransaction(originalPurchaseDate: first, signedDate: now)
            return unverified ? .unverified(value, .invalidSignature) : .verified(value)
        } catch {
            throw ErrorBridge.storeKit(error, api: .appTransaction, connection: connection, during: call)
        }
    }

    init(originalPurchaseDate: Date, signedDate: Date) {
        let environment = ProcessInfo.processInfo.environment
        appID = nil
        appVersionID = nil
        bundleID = Self.bundleID
        appVersion = environment["TOLLBOOTH_APP_VERSION"] ?? Bundle.main.object(forInfoDictionaryKey: "CFBundleVersion") as? String ?? "1"
        self.environment = .xcode
        originalAppVersion = "1.0"
        self.originalPurchaseDate = originalPurchaseDate
        preorderDate = nil
        deviceVerification = Data()
        deviceVerificationNonce = StableUUID.make("app transaction \(signedDate.timeIntervalSince1970)")
        self.signedDate = signedDate
        appTransactionID = Self.identifier
        originalPlatform = .iOS
    }

    static var bundleID: String {
        ProcessInfo.processInfo.environment["TOLLBOOTH_BUNDLE_ID"] ?? Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
    }

    /// The app's `appTransactionID`, the same on every run of the same app.
    static var identifier: String {
        let hash = bundleID.utf8.reduce(UInt64(0xcbf29ce484222325)) { ($0 ^ UInt64($1)) &* 0x100000001b3 }
        return String(hash % 1_000_000_000_000_000_000)
    }

    /// The App Store's JSON payload (`JWSAppTransactionDecodedPayload`).
    public var jsonRepresentation: Data {
        var json = PayloadJSON()
        json.set("bundleId", bundleID)
        json.set("applicationVersion", appVersion)
        json.set("originalApplicationVersion", originalAppVersion)
        json.set("originalPurchaseDate", originalPurchaseDate)
        json.set("receiptType", environment.rawValue)
        json.set("receiptCreationDate", signedDate)
        json.set("requestDate", signedDate)
        json.set("deviceVerificationNonce", deviceVerificationNonce.uuidString.lowercased())
        json.set("appTransactionId", appTransactionID)
        json.set("originalPlatform", originalPlatform.rawValue)
        return json.data
    }
}

extension AppTransaction: CustomDebugStringConvertible, JSONPayload {
    public var debugDescription: String { String(decoding: jsonRepresentation, as: UTF8.self) }
}
