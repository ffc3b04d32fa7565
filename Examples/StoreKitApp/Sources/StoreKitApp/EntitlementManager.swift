#if canImport(StoreKit)
import StoreKit
#else
import TollboothStoreKit
#endif
import Foundation
import Observation

/// What the app sells and what the customer may use, kept current from StoreKit 2.
///
/// Create one at launch and keep it for the life of the app: its initializer starts the
/// `Transaction.updates` listener, which must run from launch so that purchases approved,
/// renewed or refunded while the app runs (and unfinished ones from earlier launches) arrive.
@MainActor
@Observable
public final class EntitlementManager {
    /// The products the paywall offers, cheapest first; empty until `loadProducts()` succeeds.
    public private(set) var products: [Product] = []
    /// Why the products could not be loaded, in words for the customer; nil when they loaded.
    public private(set) var productsMessage: String?
    /// The products the customer may use now: verified, unrefunded current entitlements.
    public private(set) var purchasedProductIDs: Set<Product.ID> = []
    /// Products bought with Ask to Buy that are waiting for the parent's answer.
    public internal(set) var pendingProductIDs: Set<Product.ID> = []
    /// The subscription's status, when the customer has one (active, lapsed or refunded).
    public private(set) var plan: PlanStatus?
    /// The introductory offer the customer can still get; nil once the group was subscribed to.
    public private(set) var introductoryOffer: Product.SubscriptionOffer?

    /// What the customer should be told when a change arrives from outside a `purchase()` call,
    /// sent after the entitlements above reflect it.
    public let notices: AsyncStream<Notice>
    private let noticeContinuation: AsyncStream<Notice>.Continuation
    @ObservationIgnored private var updateListenerTask: Task<Void, Never>?

    public init() {
        (notices, noticeContinuation) = AsyncStream.makeStream(of: Notice.self)
        updateListenerTask = listenForTransactions()
    }

    deinit {
        updateListenerTask?.cancel()
    }

    /// Whether the app's premium features are unlocked: a lifetime purchase or a live subscription.
    public var hasPremium: Bool {
        !purchasedProductIDs.isEmpty
    }

    /// The loaded product with this identifier.
    public func product(_ id: Product.ID) -> Product? {
        products.first { $0.id == id }
    }

    /// Loads the catalog's products; on failure keeps none and says why.
    public func loadProducts() async {
        do {
            products = try await Product.products(for: ProductIDs.all).sorted { $0.price < $1.price }
            productsMessage = nil
        } catch {
            products = []
            productsMessage = StoreMessage.text(for: error)
        }
    }

    /// Reads `Transaction.currentEntitlements` again, then the subscription's status and the
    /// customer's eligibility for the introductory offer.
    public func updatePurchasedProducts() async {
        var purchased: Set<Product.ID> = []
        for await result in Transaction.currentEntitlements {
            // Content is withheld when StoreKit cannot verify the transaction.
            guard case .verified(let transaction) = result else { continue }
            if transaction.revocationDate == nil {
                purchased.insert(transaction.productID)
            }
        }
        purchasedProductIDs = purchased
        pendingProductIDs.subtract(purchased)
        await updateSubscriptionStatus()
    }

    /// Starts the listener for transactions that do not come from this app's `purchase()`:
    /// renewals, refunds, approvals, purchases on other devices.
    private func listenForTransactions() -> Task<Void, Never> {
        Task.detached { [weak self] in
            for await result in Transaction.updates {
                await self?.handle(updated: result)
            }
        }
    }

    private func handle(updated result: VerificationResult<Transaction>) async {
        switch result {
        case .verified(let transaction):
            pendingProductIDs.remove(transaction.productID)
            await updatePurchasedProducts()
            await transaction.finish()
            noticeContinuation.yield(Notice(transaction))
        case .unverified(let transaction, _):
            // Not finished either: StoreKit offers it again, and support can look at it.
            noticeContinuation.yield(.withheld(transaction.productID))
        }
    }

    private func updateSubscriptionStatus() async {
        guard let subscription = products.first(where: { $0.type == .autoRenewable })?.subscription else {
            plan = nil
            introductoryOffer = nil
            return
        }
        do {
            let statuses = try await subscription.status
            let plans = statuses.compactMap(PlanStatus.init)
            plan = plans.first { $0.isActive } ?? plans.first
        } catch {
            plan = nil
        }
        let eligible = await subscription.isEligibleForIntroOffer
        introductoryOffer = eligible ? products.lazy.compactMap { $0.subscription?.introductoryOffer }.first : nil
    }
}
