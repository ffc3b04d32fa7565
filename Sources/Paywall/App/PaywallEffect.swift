import MockStore

/// Work the paywall asks the runtime to do. Effects are the only way the paywall touches the
/// store or the outside world; each result comes back as a `PaywallEvent`.
public enum PaywallEffect: Sendable, Hashable {
    /// `Product.products(for: ids)`; an empty list means every product of the catalog.
    /// Answer with `productsLoaded` or `productsFailed`.
    case loadProducts([String])
    /// `product.purchase()` on this device, with `.billingPlanType(billingPlan)` when the
    /// customer chose a billing plan other than up front (nil: billed up front, no option).
    /// The paywall has already shown (or skipped) its confirmation sheet. Answer with
    /// `purchaseFinished`.
    case purchase(productID: String, billingPlan: BillingPlanType? = nil)
    /// `product.purchase(options: [.promotionalOffer(…)])`, signed as the app's server would
    /// with the catalog's subscription offers key. Answer with `purchaseFinished`.
    case purchaseWithOffer(productID: String, offerID: String)
    /// `AppStore.sync()`, then read `currentEntitlements`. Answer with `restoreFinished`.
    case restore
    /// `AppStore.presentOfferCodeRedeemSheet(in:)`, which may fail (its failable API). Answer
    /// with `redeemSheetPresented`.
    case presentRedeemSheet
    /// The customer redeems `code` in the sheet; the transaction comes on `updates`. Answer
    /// with `redeemFinished`.
    case redeem(code: String)
    /// `transaction.finish()`: the content was delivered (B3).
    case finish(transactionID: UInt64)
    /// Read a new `StoreSnapshot`. Answer with `snapshotChanged`.
    ///
    /// The rule for re-reading the account: whatever a store call changes, the store announces.
    /// Each write (this app's purchase, finish or restore, a control-room action, another
    /// device or process, a renewal, an expiry) lands as a store event, every listener marks
    /// the snapshot dirty, and the runtime reads once per beat however many changes came. So
    /// neither `update` nor the runtime asks for a read after a store call: a purchase and its
    /// finish cost one read, not four. `update` asks only where no store call was made: at
    /// launch (and relaunch), and when the clock passes a deadline of the last snapshot.
    case refreshSnapshot
    /// The paywall showed this URL in a sheet. Nothing to open (never a browser); the runtime
    /// may note it in the trace or a recording.
    case showLink(url: String)
    /// Put this text on the clipboard (e.g. OSC 52 after the frame). Answer with `copyFinished`.
    case copy(String)
    /// Stop: save what must be saved, restore the terminal, exit 0.
    case quit
}
