import AppStoreServer
import Foundation
import MockStore
import Synchronization

/// The App Store this process talks to, as a device has one: `Product.products(for:)`,
/// `Transaction.updates` and the rest are static in StoreKit, so they reach it without a handle.
///
/// Which store that is, first match wins:
/// 1. the store of the current isolated scope (`withIsolatedAppStore`), so parallel tests each
///    have their own;
/// 2. the store an `SKTestSession` installed (the newest);
/// 3. for an unmodified app binary, the store the environment describes: `TOLLBOOTH_CATALOG`
///    (the `.storekit` file), `TOLLBOOTH_LEDGER` (a ledger file shared with `tollbooth run` and
///    `tollbooth txn`; without it, purchases live in memory until the process ends) and
///    `TOLLBOOTH_DEVICE` (this device's name, `app` by default).
package enum AppStoreHost {
    /// The device name an app gets when `TOLLBOOTH_DEVICE` does not name one.
    package static let defaultDevice = "app"

    @TaskLocal package static var scope: AppStoreScope?

    private static let installed = Mutex<AppStoreConnection?>(nil)
    private static let fromEnvironment = Mutex<Result<AppStoreConnection, ConfigurationError>?>(nil)

    /// The connection to use now, or the sentence saying why there is none.
    package static func current() throws(ConfigurationError) -> AppStoreConnection {
        if let scope, let connection = scope.connection { return connection }
        if let connection = installed.withLock({ $0 }) { return connection }
        return try environmentConnection()
    }

    /// Makes `store` the App Store of this process, or of the current isolated scope. The store
    /// it replaces is closed: its listeners' sequences end, as an app's do when it quits.
    /// `SKTestSession` installs its stores here, so their signed values name Xcode's environment.
    @discardableResult
    package static func install(_ store: MockStore.Store, environment: SignedDataContext.Environment = .xcode) -> AppStoreConnection {
        let connection = AppStoreConnection(store: store, environment: environment)
        let replaced: AppStoreConnection?
        if let scope {
            replaced = scope.replace(with: connection)
        } else {
            replaced = installed.withLock { slot in defer { slot = connection }; return slot }
        }
        if let replaced, replaced !== connection { replaced.close() }
        return connection
    }

    /// Removes `connection` if it is still the installed one, and closes it.
    package static func uninstall(_ connection: AppStoreConnection) {
        if let scope {
            scope.remove(connection)
        } else {
            installed.withLock { slot in if slot === connection { slot = nil } }
        }
        connection.close()
    }

    /// Runs `body` with an App Store of its own: an `SKTestSession` created inside installs its
    /// store there, and the tasks `body` starts (an app's listener) see that store. Parallel
    /// tests that each run in one of these do not share purchases.
    package static func withIsolatedAppStore<T>(_ body: () async throws -> T) async rethrows -> T {
        let scope = AppStoreScope()
        defer { scope.close() }
        return try await $scope.withValue(scope) { try await body() }
    }

    private static func environmentConnection() throws(ConfigurationError) -> AppStoreConnection {
        let result = fromEnvironment.withLock { cached in
            if let cached { return cached }
            let made = Result { () throws(ConfigurationError) -> AppStoreConnection in
                AppStoreConnection(store: try EnvironmentStore.open(ProcessInfo.processInfo.environment), environment: .sandbox)
            }
            cached = made
            return made
        }
        return try result.get()
    }

    /// The signed-data context of the store this process talks to now; without one (no store
    /// configured), a ledger's: `Sandbox` and this process's bundle ID.
    package static var signedDataContext: SignedDataContext {
        (try? current())?.signedDataContext ?? SignedDataContext(environment: .sandbox, bundleID: AppTransaction.bundleID)
    }

    /// Why no App Store could be reached: one sentence, printed once on standard error.
    package struct ConfigurationError: Error, CustomStringConvertible {
        package var description: String
    }
}

/// The App Store slot of one isolated scope.
package final class AppStoreScope: Sendable {
    private let slot = Mutex<AppStoreConnection?>(nil)
    var connection: AppStoreConnection? { slot.withLock { $0 } }
    func replace(with connection: AppStoreConnection) -> AppStoreConnection? {
        slot.withLock { current in defer { current = connection }; return current }
    }
    func remove(_ connection: AppStoreConnection) {
        slot.withLock { current in if current === connection { current = nil } }
    }
    func close() { slot.withLock { current in defer { current = nil }; return current }?.close() }
}
