import Foundation
import MockStore

/// Results of store calls and store listeners → state changes, messages and follow-up effects.
enum StoreResults {
    static func productsLoaded(_ state: inout PaywallState, _ products: [Product]) {
        // The manifest decides which products show and in what order; the store may return
        // fewer than asked (unknown identifiers are left out, §1.2).
        let ids = state.manifest.productIDs
        let firstLoad = state.products.isEmpty
        state.products = ids.isEmpty ? products : ids.compactMap { id in products.first { $0.id == id } }
        state.productLoad = .loaded
        // Focus parked on Restore or Retry while nothing was loaded moves to the first plan.
        if state.focus == .retry || firstLoad { state.focus = nil }
        Focus.repair(&state)
    }

    static func purchaseFinished(_ state: inout PaywallState, productID: String, result: PurchaseOutcome) -> [PaywallEffect] {
        var promised: PlanChange?
        if case .purchasing(let id, let change) = state.inFlight, id == productID { promised = change }
        state.inFlight = nil
        switch result {
        case .success(let tx):
            if let error = tx.verificationError {
                return unverified(&state, productID: productID, error)
            }
            state.message = successMessage(productID, promised)
            // Deliver, then finish (B3). The purchase's store events bring the snapshot that
            // shows the entitlement; no read is asked for here (see `PaywallEffect.refreshSnapshot`).
            return finish(state, tx)
        case .unverified(_, let error):
            return unverified(&state, productID: productID, error)
        case .userCancelled:
            state.message = .cancelled
        case .pending:
            show(&state, .pending(productID: productID))
        case .failed(let error):
            show(&state, .failed(error, during: .purchase))
        }
        return []
    }

    static func successMessage(_ productID: String, _ change: PlanChange?) -> ResultMessage {
        guard let change else { return .purchased(productID: productID) }
        switch (change.kind, change.effective) {
        case (.keep, _): return .planKept(productID: productID, cancelled: change.fromProductID)
        case (.upgrade, _): return .upgraded(productID: productID)
        case (_, .now): return .switchedNow(productID: productID)
        case (_, .atRenewal(let date)): return .changeScheduled(productID: productID, on: date)
        }
    }

    /// An unverified transaction is flagged and not granted: not finished, not unlocked.
    static func unverified(_ state: inout PaywallState, productID: String, _ error: VerificationError) -> [PaywallEffect] {
        show(&state, .unverified(productID: productID, error))
        return []
    }

    static func restoreFinished(_ state: inout PaywallState, _ result: RestoreOutcome) {
        if state.inFlight == .restoring { state.inFlight = nil }
        switch result {
        case .success(let transactions):
            let live = transactions.filter { $0.revocationDate == nil }
            let verified = live.filter { $0.verificationError == nil }.count
            let unverified = live.count - verified
            state.message = live.isEmpty ? .nothingToRestore : .restored(count: verified, unverified: unverified)
        case .failed(let error):
            show(&state, .failed(error, during: .restore))
        }
    }

    /// `Transaction.updates`: finish what is verified and say what happened. The listener that
    /// delivered it has already marked the account for a re-read.
    static func transactionUpdate(_ state: inout PaywallState, _ tx: Transaction) -> [PaywallEffect] {
        guard tx.verificationError == nil else {
            state.message = .unverifiedUpdate(productID: tx.productID)
            return []
        }
        let awaitingApproval = state.snapshot?.pendingPurchases.contains { $0.productID == tx.productID } == true
        if tx.revocationDate != nil {
            state.message = .refunded(productID: tx.productID)
        } else if tx.reason == .renewal {
            state.message = .renewed(productID: tx.productID)
        } else if tx.offer?.type == .code {
            state.message = .codeRedeemed(productID: tx.productID)
        } else if awaitingApproval {
            state.message = .approved(productID: tx.productID)
        } else if tx.device == state.deviceName {
            // This device's own purchase on `updates`: only the launch replay of one left
            // unfinished (B1, B2; S11, S12).
            state.message = .redelivered(productID: tx.productID)
        } else {
            state.message = .deliveredFromElsewhere(productID: tx.productID)
        }
        return finish(state, tx)
    }

    /// `transaction.finish()` after delivering the content, unless the developer made the app
    /// forget to (S11): then it stays unfinished and comes back at the next launch (B2, B3).
    static func finish(_ state: PaywallState, _ tx: Transaction) -> [PaywallEffect] {
        state.app.finishesTransactions ? [.finish(transactionID: tx.id)] : []
    }

    /// The clock moved: when it passes an expiry, grace or renewal date, re-read the account, so
    /// a plain expiry (which emits no transaction, B4) re-locks the paywall.
    static func tick(_ state: inout PaywallState, _ now: Date) -> [PaywallEffect] {
        let previous = state.currentStoreTime
        state.storeTime = now
        guard let previous, let snapshot = state.snapshot, now > previous else { return [] }
        return NextTick.deadlines(of: snapshot).contains { $0 > previous && $0 <= now } ? [.refreshSnapshot] : []
    }

    /// Sets the message, and opens an alert when it needs the customer's attention.
    static func show(_ state: inout PaywallState, _ message: ResultMessage) {
        state.message = message
        if message.needsAttention { state.overlay = .alert(message) }
    }
}
