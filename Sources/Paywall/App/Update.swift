import Foundation
import MockStore
import TerminalUI

/// Applies one event to the state and returns the work the runtime must do next.
///
/// Pure: no clock reads, no I/O, no randomness. Time arrives as `tick` events and store facts as
/// `snapshotChanged`; a test feeds events and checks state and effects, nothing else.
public func update(_ state: inout PaywallState, _ event: PaywallEvent) -> [PaywallEffect] {
    switch event {
    case .launched:
        state.productLoad = .loading
        return [.loadProducts(state.manifest.productIDs), .refreshSnapshot]
    case .input(let input):
        return Input.handle(&state, input)
    case .productsLoaded(let products):
        StoreResults.productsLoaded(&state, products)
        return []
    case .productsFailed(let error):
        state.productLoad = .failed(error)
        state.products = []
        state.focus = .retry
        state.scroll = 0
        return []
    case .snapshotChanged(let snapshot):
        state.snapshot = snapshot
        state.storeTime = snapshot.storeTime
        Focus.repair(&state)
        return ControlRoom.storeChanged(&state)
    // A result adds a message row under the body; keep the focused item in view above it.
    case .purchaseFinished(let productID, let result):
        defer { Focus.reveal(&state) }
        return StoreResults.purchaseFinished(&state, productID: productID, result: result)
    case .restoreFinished(let result):
        StoreResults.restoreFinished(&state, result)
        Focus.reveal(&state)
        return []
    case .redeemSheetPresented(let failure):
        OfferCodeSheet.presented(&state, failure: failure)
        return []
    case .redeemFinished(let outcome):
        OfferCodeSheet.finished(&state, outcome)
        Focus.reveal(&state)
        return []
    case .transactionUpdate(let transaction):
        defer { Focus.reveal(&state) }
        return StoreResults.transactionUpdate(&state, transaction)
    case .tick(let now):
        return StoreResults.tick(&state, now)
    case .copyFinished(let succeeded):
        if succeeded { state.message = .copiedURL }
        Focus.reveal(&state)
        return []
    case .auditFinished(let result):
        AuditOverlay.finished(&state, result)
        return []
    case .adminFinished(let action, let outcome):
        return ControlRoom.finished(&state, action, outcome)
    case .ledgerLoaded(let contents):
        TransactionsPanel.loaded(&state, contents)
        return []
    case .ledgerChanged(let changes):
        return TransactionsPanel.changed(&state, changes)
    case .storeEvents(let events):
        EventsPanel.received(&state, events)
        return []
    case .themeLoaded(let theme):
        state.theme = theme
        state.message = .themeChanged(theme.name)
        return []
    case .themeFailed(let reason):
        state.message = .themeFailed(reason)
        return []
    case .relaunchFailed(let reason):
        state.message = .relaunchFailed(reason)
        return []
    case .ledgerLost(let reason):
        StoreResults.show(&state, .ledgerLost(reason))
        return []
    case .relaunched(let device, let reinstalled):
        AppLifecycle.relaunched(&state, device: device, reinstalled: reinstalled)
        return update(&state, .launched)
    }
}
