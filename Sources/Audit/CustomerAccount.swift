import Chrome
import Foundation
import MockStore
import Paywall
import TerminalUI

/// Builds the customer of an audit variant in a real in-memory store, so the paywall gets the
/// store's own products and snapshot, as `tollbooth run` would: every state is reached through
/// the store's own operations (a purchase, the Transaction Manager, the clock, a switch).
enum CustomerAccount {
    /// A fixed store time (2026-01-01 00:00 UTC), so reports never depend on the day they run.
    static let storeTime = Date(timeIntervalSince1970: 1_767_225_600)

    /// The paywall state of `customer` for `catalog` and `manifest`, in `locale` and on
    /// `storefront` (an ISO 3166-1 alpha-3 code, as `run --storefront`), before sizing.
    static func paywallState(catalog: Catalog, manifest: PaywallManifest, theme: Theme, locale: String,
                             storefront: String, customer: CustomerState) async throws -> PaywallState {
        let store = try Store(catalog: catalog, ledger: .inMemory(), device: "audit",
                              wallClock: ManualWallClock(storeTime), polling: false)
        await store.setLocale(locale)
        _ = try await store.admin { session in try session.updateSettings { $0.storefront = storefront.uppercased() } }
        let products = manifest.productIDs.isEmpty ? try await store.allProducts() : try await store.products(for: manifest.productIDs)
        var state = PaywallState(catalog: catalog, locale: locale, theme: theme, manifest: manifest,
                                 size: Size(width: 80, height: 24), deviceName: "audit")
        _ = update(&state, .productsLoaded(products))
        // "The first subscription" is the first the paywall lists.
        if customer != .new, let first = state.products.first(where: { $0.type == .autoRenewable }) {
            let id = first.id
            _ = try await store.admin { session in
                let transaction = try session.buy(id)
                try become(customer, transaction: transaction, in: &session)
                return ()
            }
        }
        _ = update(&state, .snapshotChanged(try await store.snapshot()))
        await store.close()
        return state
    }

    /// Takes a fresh subscription `transaction` to `customer`'s state.
    static func become(_ customer: CustomerState, transaction: Transaction, in session: inout AdminSession) throws {
        switch customer {
        case .new, .subscribed:
            break
        case .introUsed:
            _ = try session.expire(transaction.id)
        case .lapsed:
            _ = try session.cancel(transaction.id)
            _ = try session.advanceToNextRenewal()
        case .billingRetry:
            // The renewal fails while the switch is on; it goes off again so the status line
            // shows the account, not a tester's switch.
            _ = try session.updateSettings { $0.switches.billingRetryOnRenewal = true; $0.switches.billingGracePeriod = false }
            _ = try session.advanceToNextRenewal()
            _ = try session.updateSettings { $0.switches.billingRetryOnRenewal = false }
        }
    }
}
