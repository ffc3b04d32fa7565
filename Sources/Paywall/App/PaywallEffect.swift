/// Work the paywall asks the runtime to do. Effects are the only way the paywall touches the
/// store or the outside world; each result comes back as a `PaywallEvent`.
public enum PaywallEffect: Sendable, Hashable {
    /// `Product.products(for: ids)`; an empty list means every product of the catalog.
    /// Answer with `productsLoaded` or `productsFailed`.
    case loadProducts([String])
    /// `product.purchase()` on this device. The paywall has already shown (or skipped) its
    /// confirmation sheet. Answer with `purchaseFinished`.
    case purchase(productID: String)
    /// `AppStore.sync()`, then read `currentEntitlements`. Answer with `restoreFinished`.
    case restore
    /// `transaction.finish()`: the content was delivered (B3).
    case finish(transactionID: UInt64)
    /// Read a new `StoreSnapshot`. Answer with `snapshotChanged`.
    case refreshSnapshot
    /// The paywall showed this URL in a sheet. Nothing to open (never a browser); the runtime
    /// may note it in the trace or a recording.
    case showLink(url: String)
    /// Put this text on the clipboard (e.g. OSC 52 after the frame). Answer with `copyFinished`.
    case copy(String)
    /// Stop: save what must be saved, restore the terminal, exit 0.
    case quit
}
