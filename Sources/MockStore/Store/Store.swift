import Foundation
import Synchronization

/// The in-process mock of StoreKit 2, as one running app instance ("device") sees it.
///
/// Names read as StoreKit's so app code ports almost line by line:
/// `Product.products(for:)` → `store.products(for:)`, `product.purchase()` →
/// `store.purchase(product)`, `Transaction.updates` → `store.updates`,
/// `Transaction.currentEntitlements` → `store.currentEntitlements`, `AppStore.sync()` →
/// `store.sync()`. Several `Store`s (devices) may share one ledger, in one process or many;
/// each sees the others' changes through its own `updates`.
public actor Store {
    public nonisolated let device: String
    public nonisolated let catalog: Catalog
    public nonisolated let ledger: Ledger
    nonisolated let wallClock: any WallClock
    /// Whether this device belongs to a family member of the purchaser (Family Sharing): it
    /// sees only the shared products, as `familyShared` (`FamilySharing`).
    public nonisolated let isFamilyMember: Bool

    let transactionUpdates: Broadcast<VerificationResult<Transaction>>
    let statusBroadcast = Broadcast<SubscriptionStatus>()
    let eventBroadcast = Broadcast<StoreEvent>()
    /// Unfinished transactions to hand to the first `updates` listener (B2), then nil.
    private let launchReplay: LaunchReplay
    /// The newest event handed to the streams; held while handing out, so events go out once
    /// and in order whichever thread delivers them (`adminNow` delivers off the actor).
    let cursor: Mutex<Int64>
    var pollTask: Task<Void, Never>?
    /// Rung by the ledger when it may have changed; the poll task sleeps on it.
    let ledgerChanged = Doorbell()
    /// The latest store time `snapshot()` showed.
    private var shownStoreTime: Date?
    /// This device's language for product names and prices; nil uses the ledger's locale.
    private var localeOverride: String?
    /// The store's operations run on their own queue (`StoreExecutor` says why).
    private nonisolated let executor = StoreExecutor(label: "tollbooth.store")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Whether this store is a running app (a device) or an administrative client such as
    /// `tollbooth txn`, which neither registers a device nor receives launch replays.
    public enum Role: Sendable { case app, admin }

    /// How often a device on a ledger file looks at it with no word of a change: for filesystems
    /// whose changes are never reported. Changes that are reported are read at once, and a
    /// renewal is processed when it falls due, whatever this says.
    public static let fallbackPollInterval: Duration = .seconds(1)

    /// Opens a device on a ledger. A new ledger is seeded from the catalog's settings;
    /// renewals that fell due while no app ran are recorded now (S3) and the device's
    /// unfinished transactions wait for its first `updates` listener (B2).
    ///
    /// An app records `app` (its bundle and version, for `appTransaction()`); `familyMember`
    /// flags the device as a family member's (true) or the purchaser's (false) in the ledger,
    /// and nil keeps what the ledger says.
    public init(catalog: Catalog, ledger: Ledger, device: String = "device", wallClock: any WallClock = ScriptedTime.wallClock,
                storeStart: Date? = nil, polling: Bool = true, role: Role = .app, app: AppIdentity = .paywall,
                familyMember: Bool? = nil) throws {
        self.device = device
        self.catalog = catalog
        self.ledger = ledger
        self.wallClock = wallClock
        let wallNow = wallClock.now()
        let (cursor, replay, member) = ledger.isReadOnly ? try Self.look(at: ledger, role: role, device: device)
            : try ledger.write { db -> (Int64, [Transaction], Bool) in
            _ = try LedgerSeed.seedIfNeeded(db, catalog: catalog, wallNow: wallNow, start: storeStart)
            var context = try LedgerContext(db: db, catalog: catalog, wallNow: wallNow)
            try SubscriptionRules.catchUp(in: &context)
            let cursor = try AccountQueries.latestEventID(db)
            guard role == .app else { return (cursor, [], try FamilySharing.isMember(device, in: db)) }
            try DeviceRecords.recordLaunch(of: device, at: wallNow, in: db)
            if let familyMember { try FamilySharing.setMember(device, familyMember, in: db) }
            let member = try FamilySharing.isMember(device, in: db)
            try AppTransactionRules.recordLaunch(of: app, at: context.now, in: db)
            try context.log(.launch, device: device, detail: "\(device) launched\(member ? " (family member)" : "")")
            // B2: unfinished transactions of this device, or from outside the app (renewals,
            // approvals), come once at launch. Another device's own purchases do not: they
            // reach this device through currentEntitlements (S14). A family member's device
            // gets the purchaser's shared transactions through currentEntitlements only.
            let replay = member ? [] : try AccountQueries.unfinished(db).filter { $0.device == nil || $0.device == device }
            return (cursor, replay, member)
        }
        self.isFamilyMember = member
        self.cursor = Mutex(cursor)
        self.launchReplay = LaunchReplay(replay)
        // An app keeps what reaches `updates` before its listener starts, as a device does for
        // an app still launching; an administrative client never listens, so it keeps nothing.
        transactionUpdates = Broadcast(holdsForFirstListener: role == .app)
        if polling {
            Task { await self.startPolling() }
        }
    }

    deinit {
        pollTask?.cancel()
        ledger.stopListening(ledgerChanged)
    }

    /// Opening a read-only ledger: looked at, never changed. An app would record its launch,
    /// and a ledger never used would need seeding, so only an administrative client on a
    /// ledger in use gets this far.
    private static func look(at ledger: Ledger, role: Role, device: String) throws -> (Int64, [Transaction], Bool) {
        guard role == .admin else { try ledger.refuseChange() }
        return try ledger.read { db in
            guard try LedgerSeed.isSeeded(db) else { try ledger.refuseChange() }
            return (try AccountQueries.latestEventID(db), [], try FamilySharing.isMember(device, in: db))
        }
    }

    // MARK: - Streams

    /// `Transaction.updates` for this device: purchases made elsewhere, renewals, approvals,
    /// refunds; plus, for the first listener, the unfinished transactions at launch (B2).
    /// Not the result of this device's own `purchase` (B1).
    public nonisolated var updates: StoreStream<VerificationResult<Transaction>> {
        StoreStream(transactionUpdates.stream(replay: launchReplay.take().map(\.verificationResult)), store: self)
    }

    /// Whether updates wait for this app's first `updates` listener, which has not started.
    public nonisolated var holdsUpdatesForFirstListener: Bool { transactionUpdates.isHolding }

    /// `Product.SubscriptionInfo.Status.updates`: the only way to hear about a plain expiry (B4).
    public nonisolated var statusUpdates: StoreStream<SubscriptionStatus> { StoreStream(statusBroadcast.stream(), store: self) }

    /// Every store event as it lands in the ledger, from any process.
    public nonisolated var events: StoreStream<StoreEvent> { StoreStream(eventBroadcast.stream(), store: self) }

    /// Returns once every broadcast this store has started has been handed to every stream.
    ///
    /// The store broadcasts inside its operations and polls, which run on this actor without
    /// suspending between reading the new events and yielding the last of them; so by the time
    /// this runs on the actor, no broadcast is half done. Changes this device has not polled
    /// yet (another device's, another process's) are not started broadcasts.
    public func idle() {}

    // MARK: - StoreKit API

    /// `Product.products(for:)`: identifiers that do not resolve are left out, with no error.
    public func products(for identifiers: some Sequence<String>) async throws -> [Product] {
        let (fault, resolver) = try await operation { context -> (FaultDraw, ProductResolver) in
            let fault = try FaultBook.draw(.loadProducts, in: context, device: self.device)
            let locale = self.localeOverride ?? context.settings.locale
            return (fault, ProductResolver(catalog: self.catalog, locale: locale, storefront: context.settings.storefront))
        }
        try await settle(fault)
        var seen = Set<String>()
        return identifiers.compactMap { id in
            guard seen.insert(id).inserted, let item = catalog.product(id: id) else { return nil }
            return resolver.product(item)
        }
    }

    /// Every product of the catalog, in file order, resolved like `products(for:)`.
    public func allProducts() async throws -> [Product] {
        try await products(for: catalog.products.map(\.id))
    }

    /// `product.purchase(options:)`.
    public func purchase(_ product: Product, options: Set<PurchaseOption> = []) async throws -> PurchaseResult {
        try await purchase(productID: product.id, options: options)
    }

    public func purchase(productID: String, options: Set<PurchaseOption> = []) async throws -> PurchaseResult {
        let (fault, decision) = try await operation { context -> (FaultDraw, PurchaseDecision) in
            let product = try context.product(productID)
            let fault = try FaultBook.draw(.purchase, in: context, device: self.device)
            if let error = fault.error { return (fault, .failed(error)) }
            let decision = try PurchaseRules.purchase(product, device: self.device, options: options, in: &context)
            return (fault.delayed(by: context.verificationLatencyMilliseconds), decision)
        }
        try await settle(fault)
        switch decision {
        case .success(let transaction): return .success(transaction.verificationResult)
        case .userCancelled: return .userCancelled
        case .pending: return .pending
        case .failed(let error): throw error.error
        }
    }

    /// `Transaction.currentEntitlements`.
    public var currentEntitlements: [VerificationResult<Transaction>] {
        get throws { try ledger.read { try seen(AccountQueries.currentEntitlements($0), in: $0) }.map(\.verificationResult) }
    }

    /// `Transaction.currentEntitlements(for:)`.
    public func currentEntitlements(for productID: String) throws -> [VerificationResult<Transaction>] {
        try currentEntitlements.filter { $0.unsafePayloadValue.productID == productID }
    }

    /// `Transaction.all`.
    public var all: [VerificationResult<Transaction>] {
        get throws { try ledger.read { try seen(AccountQueries.history($0), in: $0) }.map(\.verificationResult) }
    }

    /// `Transaction.unfinished`: this account's transactions not yet finished.
    public var unfinished: [VerificationResult<Transaction>] {
        get throws { try ledger.read { try seen(AccountQueries.unfinished($0), in: $0) }.map(\.verificationResult) }
    }

    /// `Transaction.latest(for:)`.
    public func latest(for productID: String) throws -> VerificationResult<Transaction>? {
        try ledger.read { db in try Transaction.latest(productID: productID, in: db).flatMap { try seen([$0], in: db).first } }?.verificationResult
    }

    /// `transaction.finish()`. Finishing twice is harmless (B3).
    public func finish(_ transaction: Transaction) async throws {
        try await finish(transactionID: transaction.id)
    }

    public func finish(transactionID: UInt64) async throws {
        try await operation { try PurchaseRules.finish(transactionID, by: self.device, in: $0) }
    }

    /// `AppStore.sync()`: the restore action (B14). Throws the injected App Store Sync error.
    public func sync() async throws {
        let fault = try await operation { context in
            let fault = try FaultBook.draw(.appStoreSync, in: context, device: self.device)
            if fault.error == nil {
                let count = try AccountQueries.currentEntitlements(context.db).count
                try context.log(.sync, device: self.device, detail: "App Store sync: \(count) entitlement\(count == 1 ? "" : "s")")
            }
            return fault
        }
        try await settle(fault)
    }

    /// `AppStore.canMakePayments` (B11). Nonisolated: StoreKit's is synchronous.
    public nonisolated var canMakePayments: Bool {
        get throws { try !settings().switches.paymentsDisabled }
    }

    /// The account's settings now (storefront, locale, switches), read without the actor.
    public nonisolated func settings() throws -> StoreSettings {
        try ledger.read { try StoreSettings.load($0) }
    }

    /// `Product.SubscriptionInfo.isEligibleForIntroOffer(for:)` (B7).
    public func isEligibleForIntroOffer(groupID: String) throws -> Bool {
        try ledger.read { db in
            try SubscriptionRules.isEligibleForIntroOffer(group: groupID, in: db, rule: try StoreSettings.load(db).introRule)
        }
    }

    /// `Product.SubscriptionInfo.status(for:)`. Throws the injected Subscription Status error.
    public func status(forGroup groupID: String) async throws -> [SubscriptionStatus] {
        let fault = try await operation { try FaultBook.draw(.subscriptionStatus, in: $0, device: self.device) }
        try await settle(fault)
        return try ledger.read { db in
            try seen(AccountQueries.statuses(db, catalog: catalog, currency: Storefront.currencyCode(forAlpha3: try StoreSettings.load(db).storefront)), in: db)
        }.filter { $0.subscriptionGroupID == groupID }
    }

    /// Calls an API that only shows a system sheet (manage subscriptions, refund request,
    /// offer-code redemption, app transaction): it succeeds unless a fault is injected.
    public func presentSheet(_ api: FailableAPI) async throws {
        let fault = try await operation { try FaultBook.draw(api, in: $0, device: self.device) }
        try await settle(fault)
    }

    /// `AppTransaction.shared`: the account's app transaction as this device receives it now.
    /// Throws the injected App Transaction error; nil before any app launched on the account.
    public func appTransaction() async throws -> AppTransactionRecord? {
        let (fault, record) = try await operation { context in
            (try FaultBook.draw(.appTransaction, in: context, device: self.device),
             try AppTransactionRules.record(for: self.device, at: context.now, in: context.db))
        }
        try await settle(fault)
        return record
    }

    // MARK: - Paywall and admin

    /// Sets this device's locale (names, descriptions and price formatting of `products(for:)`).
    /// Another device on the same account keeps its own.
    public func setLocale(_ locale: String?) {
        localeOverride = locale
    }

    /// Everything a paywall shows, read consistently.
    public func snapshot() throws -> StoreSnapshot {
        let wallNow = wallClock.now()
        let readOnly = ledger.isReadOnly
        var (snapshot, stale) = try ledger.read { db in
            let snapshot = try seen(AccountQueries.snapshot(db, catalog: catalog, wallNow: wallNow), in: db)
            guard readOnly else { return (snapshot, false) }
            return (snapshot, try AccountQueries.nextDue(db).map { $0 <= snapshot.storeTime } == true)
        }
        if stale { ledger.noteStaleRead() }
        // A read records nothing in the ledger; this device still never shows time going back.
        if let shown = shownStoreTime, shown > snapshot.storeTime { snapshot.storeTime = shown }
        shownStoreTime = snapshot.storeTime
        return snapshot
    }

    /// Stops polling and ends every stream.
    public func close() {
        pollTask?.cancel()
        pollTask = nil
        ledger.stopListening(ledgerChanged)
        transactionUpdates.finish()
        statusBroadcast.finish()
        eventBroadcast.finish()
    }

    // MARK: - Plumbing

    /// One database transaction at the current wall time; afterwards, deliver what changed.
    /// On a read-only ledger, one read without catching up: a body that only reads works, and
    /// the first statement that would write refuses the whole operation.
    @discardableResult
    func operation<T: Sendable>(_ body: (inout LedgerContext) throws -> T) async throws -> T {
        let wallNow = wallClock.now()
        let catalog = self.catalog
        if ledger.isReadOnly {
            let (result, stale) = try ledger.read { db in
                var context = try LedgerContext(db: db, catalog: catalog, wallNow: wallNow, reading: true)
                let stale = try AccountQueries.nextDue(db).map { $0 <= context.now } == true
                return (try body(&context), stale)
            }
            if stale { ledger.noteStaleRead() }
            try deliverNewEvents()
            return result
        }
        let result = try ledger.write { db in
            var context = try LedgerContext(db: db, catalog: catalog, wallNow: wallNow)
            try SubscriptionRules.catchUp(in: &context)
            return try body(&context)
        }
        try deliverNewEvents()
        return result
    }

    /// Waits out a drawn fault's latency, then throws its error if it fired.
    private func settle(_ fault: FaultDraw) async throws {
        if fault.latencyMilliseconds > 0 {
            if let wait = ScriptedTime.latency {
                await wait(.milliseconds(fault.latencyMilliseconds))
            } else {
                try await Task.sleep(for: .milliseconds(fault.latencyMilliseconds))
            }
        }
        if let error = fault.error { throw error.error }
    }
}
