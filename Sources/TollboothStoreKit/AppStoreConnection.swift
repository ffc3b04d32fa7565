import AppStoreServer
import Foundation
import MockStore
import Synchronization

/// One App Store as this process's StoreKit API uses it: the device's store, the listeners of
/// its sequences, and the exact errors a test asked to simulate.
package final class AppStoreConnection: Sendable {
    package let store: MockStore.Store
    package let listeners = ListenerRegistry()
    /// The App Store environment its signed values name: `Xcode` for a store an
    /// `SKTestSession` made, `Sandbox` for the store the environment describes
    /// (`SignedDataContext` says why).
    package let environment: SignedDataContext.Environment
    /// The error values `setSimulatedError` was given, per API: the ledger keeps only the case
    /// (`networkError`), the app must get the value (`URLError(.notConnectedToInternet)`).
    private let simulated = Mutex<[FailableAPI: any Error & Sendable]>([:])

    /// What this store's signed values say about their origin: its environment and this
    /// process's bundle ID, which the store recorded at launch.
    package let signedDataContext: SignedDataContext

    init(store: MockStore.Store, environment: SignedDataContext.Environment) {
        self.store = store
        self.environment = environment
        signedDataContext = SignedDataContext(environment: environment, bundleID: AppTransaction.bundleID)
    }

    /// Remembers the exact error to throw when a fault on `api` fires (nil forgets it).
    package func rememberSimulatedError(_ error: (any Error & Sendable)?, for api: FailableAPI) {
        simulated.withLock { $0[api] = error }
    }

    /// The error a test set for `api`, when it is the case the store threw.
    func simulatedError(for api: FailableAPI, matching thrown: any Error) -> (any Error)? {
        guard let remembered = simulated.withLock({ $0[api] }) else { return nil }
        return ErrorBridge.sameCase(remembered, thrown) ? remembered : nil
    }

    /// Returns once every listener of this store's sequences has taken and processed what it
    /// was handed and waits for more (or after `limit`, for a listener that never asks again).
    ///
    /// An app starts its `Transaction.updates` listener in a task at launch, which may not have
    /// run yet; when the store holds updates for a first listener and none iterates, this gives
    /// it `startGrace` to start.
    package func waitForListeners(limit: Duration = .seconds(2), startGrace: Duration = .milliseconds(100)) async {
        await store.idle()
        if listeners.count == 0, store.holdsUpdatesForFirstListener {
            await listeners.waitUntilListening(limit: startGrace)
        }
        await listeners.waitUntilSettled(limit: limit)
    }

    func close() {
        Task { [store] in await store.close() }
    }
}
