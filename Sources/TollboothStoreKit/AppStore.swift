import Foundation
import MockStore

/// The App Store itself, as StoreKit's `AppStore`.
public enum AppStore: Sendable {
    /// Which store signed a value, as `AppStore.Environment`. Tollbooth's store is `.xcode`,
    /// the environment of Xcode's StoreKit Testing, which it mirrors.
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
        AppStoreHost.reachable(during: "AppStore.deviceVerificationID").map { StableUUID.make("device \($0.store.device)") }
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

/// UUIDs that stay the same for the same name (a device, a transaction), so runs repeat.
enum StableUUID {
    static func make(_ name: String) -> UUID {
        // Two FNV-1a hashes with different seeds fill the 128 bits.
        func fnv(_ seed: UInt64) -> UInt64 {
            name.utf8.reduce(seed) { ($0 ^ UInt64($1)) &* 0x100000001b3 }
        }
        let (high, low) = (fnv(0xcbf29ce484222325), fnv(0x84222325cbf29ce4))
        var bytes = (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // version 5: name-based
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
