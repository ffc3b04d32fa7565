import Foundation
import MockStore

/// The App Store itself, as StoreKit's `AppStore`.
public enum AppStore: Sendable {
    /// Which store signed a value, as `AppStore.Environment`: `.xcode` for a store an
    /// `SKTestSession` made (Xcode's StoreKit Testing, which it mirrors), `.sandbox` for the
    /// store an app binary gets from its environment, as a backend sees the same ledger
    /// (`SignedDataContext`).
    public struct Environment: RawRepresentable, Equatable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let production = Environment(rawValue: "Production")
        public static let sandbox = Environment(rawValue: "Sandbox")
        public static let xcode = Environment(rawValue: "Xcode")

        init(_ environment: MockStore.StoreEnvironment) {
            switch environment {
            case .production: self = .production
            case .sandbox: self = .sandbox
            default: self = .xcode
            }
        }
    }

    /// The platform an app was first bought on, as `AppStore.Platform`.
    public struct Platform: RawRepresentable, Equatable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let iOS = Platform(rawValue: "iOS")
        public static let macOS = Platform(rawValue: "macOS")
        public static let tvOS = Platform(rawValue: "tvOS")
        public static let visionOS = Platform(rawValue: "visionOS")
    }

    /// Whether this customer may make payments (false when the store's payments are disabled).
    /// A store that cannot be read answers false, and the failure is reported.
    public static var canMakePayments: Bool {
        guard let connection = AppStoreHost.reachable(during: "AppStore.canMakePayments") else { return false }
        do {
            return try connection.store.canMakePayments
        } catch {
            StoreKitReport.failure(error, during: "AppStore.canMakePayments", connection: connection)
            return false
        }
    }

    /// Identifies this device to the App Store; the same for one device name on every run.
    public static var deviceVerificationID: UUID? {
        AppStoreHost.reachable(during: "AppStore.deviceVerificationID").map { StableUUID.deviceVerificationID(of: $0.store.device) }
    }

    /// The restore action: reloads transactions from the store. Throws the App Store Sync fault.
    public static func sync() async throws {
        let connection = try AppStoreHost.connection(during: "AppStore.sync()")
        do {
            try await connection.store.sync()
        } catch {
            throw ErrorBridge.storeKit(error, api: .appStoreSync, connection: connection, during: "AppStore.sync()")
        }
    }
}
