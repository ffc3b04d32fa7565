import Foundation
import MockStore

/// What signed data says about where it comes from, beyond the store's records: the App Store
/// environment and the app's bundle ID. Apple's verifier rejects a payload whose `environment`
/// or `bundleId` is not the one it was set up with.
///
/// - A ledger (what `tollbooth txn signed`, `tollbooth serve` and the notifications read) signs
///   as `Sandbox`, the environment a backend meets before release, for the bundle ID of the
///   newest app launched on the ledger; a ledger no app launched on uses the paywall's,
///   `dev.tollbooth.paywall` (`AppIdentity.paywall`), which is the app `tollbooth run` is.
/// - A store an `SKTestSession` made signs as `Xcode`, as Xcode's StoreKit Testing does on
///   Apple's side.
public struct SignedDataContext: Sendable, Hashable {
    public var environment: Environment
    public var bundleID: String

    public init(environment: Environment, bundleID: String) {
        self.environment = environment
        self.bundleID = bundleID
    }

    /// The context of signed data read from a ledger, given its app record.
    public static func ledger(app: AppTransactionRecord?) -> SignedDataContext {
        SignedDataContext(environment: Environment(rawValue: AppIdentity.ledgerEnvironment), bundleID: AppIdentity.ledgerBundleID(app: app))
    }

    /// The account's `appTransactionId` for this bundle, which every payload carries.
    public var appTransactionID: String { AppTransactionRecord.identifier(bundleID: bundleID) }

    /// The App Store environment, spelled as the App Store Server API spells it.
    public struct Environment: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let sandbox = Environment(rawValue: "Sandbox")
        public static let production = Environment(rawValue: "Production")
        public static let xcode = Environment(rawValue: "Xcode")

        public var description: String { rawValue }

        /// The store's own name for it.
        public var storeEnvironment: StoreEnvironment {
            switch self {
            case .sandbox: .sandbox
            case .production: .production
            default: .xcode
            }
        }
    }
}
