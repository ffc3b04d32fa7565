import Chrome
import MockStore
import TerminalUI

extension SharedContext {
    /// The facts the paywall keeps, for a window of `window`: the app hands them to the other
    /// features (the paywall holds most of them because it shows them).
    package init(paywall: PaywallState, window: Size) {
        let purchasing: String? = if case .purchasing(let id, _) = paywall.inFlight { id } else { nil }
        self.init(size: window, finishesTransactions: paywall.app.finishesTransactions, products: paywall.products,
                  snapshot: paywall.snapshot, currentStoreTime: paywall.currentStoreTime, locale: paywall.locale,
                  theme: paywall.theme, language: paywall.language, strings: paywall.strings, dates: paywall.dates,
                  purchasingProductID: purchasing, deviceName: paywall.deviceName,
                  catalogLocales: paywall.catalogLocales, dialogsDisabled: paywall.dialogsDisabled, ledgerPath: paywall.ledgerPath,
                  statusRows: { StatusBar.statusRows(paywall, size: window) })
    }
}
