import Foundation
import MockStore
import Synchronization
import TollboothStoreKit

/// Controls the StoreKit test environment from a test, as StoreKitTest's `SKTestSession`.
///
/// As with Apple's, there is one environment per process: a new session becomes it, and
/// `Product.products(for:)`, `Transaction.updates` and the rest of `TollboothStoreKit` talk to
/// it. Unlike Apple's, every session starts clean: a new in-memory account seeded from the
/// `.storekit` file's settings, and the previous session's store is closed (its listeners'
/// sequences end), so nothing leaks from one test to the next. Tests that create sessions run
/// one at a time (XCTest runs them in turn; `.serialized` in Swift Testing), or in parallel
/// when each runs in an environment of its own (`.isolatedStoreKitEnvironment`,
/// `withIsolatedStoreKitEnvironment`).
///
/// The synchronous methods have finished when they return: the change is in the ledger and has
/// been handed to every `Transaction.updates` and `Status.updates` sequence. `buyProduct`
/// also waits until each listener has processed it.
public final class SKTestSession: Sendable {
    let catalog: Catalog
    let connection: AppStoreConnection
    var store: MockStore.Store { connection.store }
    /// The failures `setSimulatedError` was given, returned as given by `simulatedError(forAPI:)`.
    let rememberedFailures = Mutex<[FailableAPI: any SKTestFailure]>([:])
    /// `failureError` while `failTransactionsEnabled` is off.
    let storedFailureError = Mutex<SKError.Code>(.unknown)

    /// A session for the `.storekit` file `filename` (with or without its extension) among the
    /// test's resources: see `ConfigurationFile` for where it looks. Throws
    /// `SKTestError.fileNotFound` naming the places it looked.
    public convenience init(configurationFileNamed filename: String) throws {
        try self.init(contentsOf: ConfigurationFile.locate(filename))
    }

    /// A session for the `.storekit` file at `fileURL`. A file that is not a valid
    /// configuration throws the catalog's error, which says where and why.
    public init(contentsOf fileURL: URL) throws {
        guard fileURL.isFileURL else {
            throw SKTestError(.invalidURL, "\(fileURL) is not a file URL; pass the URL of a .storekit file.")
        }
        guard FileManager.default.fileExists(atPath: fileURL.path) else {
            throw SKTestError(.fileNotFound, "No configuration file at \(fileURL.path).")
        }
        catalog = try CatalogLoader.load(path: fileURL.path)
        let store = try MockStore.Store(catalog: catalog, ledger: .inMemory(), device: AppStoreHost.defaultDevice,
                                        app: AppTransaction.processIdentity)
        connection = AppStoreHost.install(store)
    }

    // MARK: - Settings (each setter writes at once)

    /// Purchases wait for a parent's approval (`approveAskToBuyTransaction`).
    public var askToBuyEnabled: Bool {
        get { setting(false) { $0.switches.askToBuy } }
        set { change { $0.switches.askToBuy = newValue } }
    }

    /// Skips the purchase confirmation sheets (Tollbooth shows none to a test).
    public var disableDialogs: Bool {
        get { setting(false) { $0.switches.dialogsDisabled } }
        set { change { $0.switches.dialogsDisabled = newValue } }
    }

    /// Purchases are interrupted until `resolveIssueForTransaction(identifier:)`.
    public var interruptedPurchasesEnabled: Bool {
        get { setting(false) { $0.switches.interruptedPurchases } }
        set { change { $0.switches.interruptedPurchases = newValue } }
    }

    /// Renewals fail to bill: the subscription enters billing retry.
    public var shouldEnterBillingRetryOnRenewal: Bool {
        get { setting(false) { $0.switches.billingRetryOnRenewal } }
        set { change { $0.switches.billingRetryOnRenewal = newValue } }
    }

    /// A failed renewal gets a grace period first (only with `shouldEnterBillingRetryOnRenewal`).
    public var billingGracePeriodIsEnabled: Bool {
        get { setting(false) { $0.switches.billingGracePeriod } }
        set { change { $0.switches.billingGracePeriod = newValue } }
    }

    /// The storefront's ISO 3166-1 alpha-3 code, `USA` by default.
    public var storefront: String {
        get { setting("USA") { $0.storefront } }
        set { change { $0.storefront = newValue.uppercased() } }
    }

    /// The locale products are shown in.
    public var locale: Locale {
        get { Locale(identifier: setting("en_US") { $0.locale }) }
        set { change { $0.locale = newValue.identifier } }
    }

    /// How fast subscriptions renew; a new rate applies from each subscription's next period.
    public var timeRate: SKTestSession.TimeRate {
        get { TimeRate(read(.realTime) { $0.clock.rate }) }
        set { perform("setting timeRate") { try $0.setRate(newValue.storeRate) } }
    }

    // MARK: - Plumbing

    /// Runs `body` on the ledger now, turning the store's refusals into `SKTestError`s.
    func run<T: Sendable>(_ body: (inout AdminSession) throws -> T) throws -> T {
        do {
            return try store.adminNow(body)
        } catch let error as SKTestError {
            throw error
        } catch let error as MockStore.PurchaseError {
            throw error
        } catch let error as StoreOperationError {
            throw SKTestError(.invalidAction, error.description)
        } catch {
            throw SKTestError(.serviceUnavailable, "The test session's store failed: \(error)")
        }
    }

    /// For the non-throwing members: a failure is reported on standard error, never swallowed.
    func perform(_ what: String, _ body: (inout AdminSession) throws -> some Sendable) {
        do { _ = try run(body) } catch { report("\(what) failed: \(error)") }
    }

    func read<T: Sendable>(_ fallback: T, _ body: (inout AdminSession) throws -> T) -> T {
        do { return try run(body) } catch {
            report("reading the test session failed: \(error)")
            return fallback
        }
    }

    private func setting<T: Sendable>(_ fallback: T, _ value: (StoreSettings) -> T) -> T {
        read(fallback) { value($0.settings) }
    }

    private func change(_ body: (inout StoreSettings) -> Void) {
        perform("changing a setting") { try $0.updateSettings(body) }
    }

    func report(_ sentence: String) {
        FileHandle.standardError.write(Data("SKTestSession: \(sentence)\n".utf8))
    }
}
