import Chrome
import ControlRoom
import Foundation
import MockStore
import Paywall

/// Carries out one `AppEffect` against a store and answers with the events it produced:
/// the store calls behind the paywall's effects, shared by `PaywallRuntime` (which posts the
/// answers to its inbox from tasks) and the scenario player (which awaits them one by one, so a
/// scripted run is the same every time).
///
/// A store call here never re-reads the account itself: what it wrote comes back as store
/// events, which mark the snapshot dirty (the rule at `PaywallEffect.refreshSnapshot`).
public enum EffectPerformer {
    /// What changed since the Transactions panel of `control` read the ledger (or since `after`,
    /// a read not yet in `control`), or the whole ledger when there is no read to count from (or
    /// the ledger's change log cannot say); nil if both fail.
    static func readLedger(_ store: Store, for control: ControlRoomState, after: Int64? = nil) async -> ControlRoomEvent? {
        let held = control.transactions.contents?.changeCursor
        if let since = [held, after].compactMap({ $0 }).max(),
           let changes = try? await store.ledgerChanges(since: since) {
            return .ledgerChanged(changes)
        }
        return (try? await store.ledgerContents()).map { ControlRoomEvent.ledgerLoaded($0) }
    }

    /// The events answering `effect`, in order; none for `finish`, `showLink` and `quit`.
    ///
    /// `relaunch` is not performed here: it replaces the store and the listeners, which belong
    /// to whoever runs the app, so it answers nothing. `state` is the app's state as the effect
    /// was asked for; `loadLedger` reads what changed since its Transactions panel's read.
    public static func perform(_ effect: AppEffect, on store: Store, state: AppState) async -> [AppEvent] {
        switch effect {
        case .paywall(let effect):
            return await perform(effect, on: store).map(AppEvent.paywall)
        case .controlRoom(let effect):
            return await perform(effect, on: store, control: state.control)
        case .changeLocale(let locale, let ids):
            await store.setLocale(locale)
            return [.paywall(await loadProducts(ids, from: store))]
        case .relaunch:
            return []
        }
    }

    /// The paywall's store calls.
    static func perform(_ effect: PaywallEffect, on store: Store) async -> [PaywallEvent] {
        switch effect {
        case .loadProducts(let ids):
            return [await loadProducts(ids, from: store)]
        case .purchase(let productID, let billingPlan):
            do {
                let options: Set<PurchaseOption> = billingPlan.map { [.billingPlanType($0)] } ?? []
                let result = try await store.purchase(productID: productID, options: options)
                return [.purchaseFinished(productID: productID, result: PurchaseOutcome(result))]
            } catch {
                return [.purchaseFinished(productID: productID, result: PurchaseOutcome(error: error))]
            }
        case .restore:
            do {
                try await store.sync()
                let entitlements = try await store.currentEntitlements.map(\.unsafePayloadValue)
                return [.restoreFinished(.success(entitlements))]
            } catch {
                return [.restoreFinished(RestoreOutcome(error: error))]
            }
        case .purchaseWithOffer(let productID, let offerID):
            do {
                let option = try await PromotionalOfferFlow.signedOption(offerID, productID: productID, store: store)
                let result = try await store.purchase(productID: productID, options: [option])
                return [.purchaseFinished(productID: productID, result: PurchaseOutcome(result))]
            } catch {
                return [.purchaseFinished(productID: productID, result: PurchaseOutcome(error: error))]
            }
        case .presentRedeemSheet:
            do {
                try await store.presentSheet(.offerCodeRedeem)
                return [.redeemSheetPresented(failure: nil)]
            } catch {
                return [.redeemSheetPresented(failure: InjectedError(thrown: error))]
            }
        case .redeem(let code):
            do {
                let device = store.device
                let transaction = try await store.admin { try $0.redeem(code: code, device: device) }
                return [.redeemFinished(.redeemed(transaction))]
            } catch is StoreOperationError {
                return [.redeemFinished(.unknownCode(code))]
            } catch {
                return [.redeemFinished(.failed(InjectedError(thrown: error)))]
            }
        case .finish(let id):
            try? await store.finish(transactionID: id)
            return []
        case .refreshSnapshot:
            return (try? await store.snapshot()).map { [.snapshotChanged($0)] } ?? []
        case .showLink, .quit:
            return []
        case .copy:
            // No clipboard is reachable from a terminal app without OSC 52, which many
            // terminals refuse; the URL stays on screen to select instead.
            return [.copyFinished(succeeded: false)]
        }
    }

    /// The control room's store calls (its delegate actions never reach the runtime).
    static func perform(_ effect: ControlRoomEffect, on store: Store, control: ControlRoomState) async -> [AppEvent] {
        switch effect {
        case .admin(let action):
            do {
                let summary = try await store.admin { session in try action.perform(in: &session) }
                return [.controlRoom(.adminFinished(action, .done(summary)))]
            } catch {
                return [.controlRoom(.adminFinished(action, .failed(sentence(error))))]
            }
        case .loadLedger:
            return await readLedger(store, for: control).map { [.controlRoom($0)] } ?? []
        case .loadEventLog(let limit):
            return (try? await store.recentEvents(limit: limit)).map { [.controlRoom(.storeEvents($0))] } ?? []
        case .loadTheme(let name):
            do {
                return [.themeLoaded(try ThemeLoader.resolve(name))]
            } catch {
                return [.themeFailed(sentence(error))]
            }
        case .delegate:
            return []
        }
    }

    /// `Product.products(for:)` (every product when `ids` is empty), answered as an event.
    public static func loadProducts(_ ids: [String], from store: Store) async -> PaywallEvent {
        do {
            let products = ids.isEmpty ? try await store.allProducts() : try await store.products(for: ids)
            return .productsLoaded(products)
        } catch {
            return .productsFailed(error as? StoreKitError ?? .unknown)
        }
    }

    /// An error as the one sentence the message row shows.
    public static func sentence(_ error: any Error) -> String {
        if let error = error as? LocalizedError, let text = error.errorDescription { return text }
        return String(describing: error)
    }
}
