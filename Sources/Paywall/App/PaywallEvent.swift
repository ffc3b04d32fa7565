import Foundation
import MockStore
import TerminalUI

/// Everything that can happen to the paywall: input from the terminal, and the results of
/// effects and store listeners, which the runtime feeds back.
public enum PaywallEvent: Sendable, Hashable {
    /// The runtime started: the paywall asks for products and the account state.
    case launched
    /// A key, mouse action, resize or signal from the terminal.
    case input(InputEvent)
    /// `Product.products(for:)` answered (possibly fewer products than asked for).
    case productsLoaded([Product])
    /// `Product.products(for:)` threw.
    case productsFailed(StoreKitError)
    /// A fresh `StoreSnapshot` (after `refreshSnapshot`, or whenever the store changed).
    case snapshotChanged(StoreSnapshot)
    /// `product.purchase()` returned or threw.
    case purchaseFinished(productID: String, result: PurchaseOutcome)
    /// `AppStore.sync()` then `currentEntitlements`, or the error sync threw.
    case restoreFinished(RestoreOutcome)
    /// A transaction arrived on `Transaction.updates` (renewal, approval, refund, another device…).
    case transactionUpdate(Transaction)
    /// The offer code redeem sheet opened (nil), or its presentation threw.
    case redeemSheetPresented(failure: InjectedError?)
    /// The customer's code was redeemed, or refused.
    case redeemFinished(RedeemOutcome)
    /// The store clock's current time, a few times a second.
    case tick(Date)
    /// The clipboard answered a `copy` effect.
    case copyFinished(succeeded: Bool)
    /// The runtime audited the paywall as drawn (while the audit overlay is open).
    case auditFinished(ScreenAudit)

    // MARK: Control room
    /// An admin action (refund, clock, fault…) was carried out or refused.
    case adminFinished(AdminAction, AdminOutcome)
    /// Every transaction and pending purchase on the account (answer to `loadLedger` when the
    /// panel holds no read to build on).
    case ledgerLoaded(LedgerContents)
    /// What changed on the account since the panel's read (answer to `loadLedger`).
    case ledgerChanged(LedgerChanges)
    /// Events from the store's log: the recent history (answer to `loadEventLog`), then every
    /// new one as it happens, from any device or process.
    case storeEvents([StoreEvent])
    /// A theme chosen in Settings was read (answer to `loadTheme`).
    case themeLoaded(Theme)
    /// The theme could not be read: the one-sentence reason.
    case themeFailed(String)
    /// The emulated app was started again (answer to `relaunch`); `.launched` follows.
    case relaunched(device: String, reinstalled: Bool)
    /// The app could not be started again: the one-sentence reason.
    case relaunchFailed(String)
    /// The ledger file stopped being the one the app opened (deleted, replaced, its `-wal`
    /// gone): the one-sentence reason. Nothing more is written to it.
    case ledgerLost(String)
}

/// What `purchase()` produced, in the shape the paywall reacts to.
public enum PurchaseOutcome: Sendable, Hashable {
    /// `.success(.verified(tx))`.
    case success(Transaction)
    /// `.success(.unverified(tx, error))`: flagged and not granted.
    case unverified(Transaction, VerificationError)
    case userCancelled
    /// Ask to Buy: the purchase waits for approval (B10).
    case pending
    /// `purchase()` threw a `StoreKitError`, `Product.PurchaseError` or (for injected faults)
    /// any other store error.
    case failed(InjectedError)

    /// Converts StoreKit's result.
    public init(_ result: PurchaseResult) {
        switch result {
        case .success(.verified(let tx)): self = .success(tx)
        case .success(.unverified(let tx, let error)): self = .unverified(tx, error)
        case .userCancelled: self = .userCancelled
        case .pending: self = .pending
        }
    }

    /// Converts an error thrown by `purchase()`.
    public init(error: any Error) {
        self = .failed(InjectedError(thrown: error))
    }
}

/// What redeeming an offer code produced.
public enum RedeemOutcome: Sendable, Hashable {
    case redeemed(Transaction)
    /// The catalog has no such code.
    case unknownCode(String)
    /// The store refused it (`ineligibleForOffer`, an injected fault…).
    case failed(InjectedError)
}

/// What a restore (`AppStore.sync()`) produced.
public enum RestoreOutcome: Sendable, Hashable {
    /// Sync succeeded; these are the current entitlements afterwards (verified or not).
    case success([Transaction])
    case failed(InjectedError)

    /// Converts an error thrown by `sync()`.
    public init(error: any Error) {
        self = .failed(InjectedError(thrown: error))
    }
}

extension InjectedError {
    /// Any error a store API threw, as one of the error families the paywall has copy for;
    /// an error from outside those families reads as `StoreKitError.unknown`.
    public init(thrown error: any Error) {
        switch error {
        case let e as StoreKitError: self = .storeKit(e)
        case let e as PurchaseError: self = .purchase(e)
        case let e as VerificationError: self = .verification(e)
        case let e as RefundRequestError: self = .refundRequest(e)
        default: self = .storeKit(.unknown)
        }
    }
}
