import Foundation
import MockStore
import TerminalUI

/// The app's facts every feature reads and only the app changes: the store's answers, the
/// language, the theme, the window and the device. A child feature gets them as this one
/// read-only value with each event, and asks its parent to change any of them.
public struct SharedContext: Sendable {
    /// Where the facts are kept (the paywall shows most of them); read through the properties.
    private let paywall: PaywallState
    /// The whole window.
    public let size: Size

    package init(paywall: PaywallState, window: Size) {
        self.paywall = paywall
        self.size = window
    }

    /// Whether the emulated app finishes transactions after delivering them.
    public var finishesTransactions: Bool { paywall.app.finishesTransactions }

    /// Products in display order (the manifest's order, else the store's).
    public var products: [Product] { paywall.products }
    /// The latest account state; nil until the first read.
    public var snapshot: StoreSnapshot? { paywall.snapshot }
    /// Store time now; nil before the first snapshot.
    public var currentStoreTime: Date? { paywall.currentStoreTime }
    public var locale: String { paywall.locale }
    public var theme: Theme { paywall.theme }
    public var language: Language { paywall.language }
    public var strings: Strings { paywall.strings }
    public var dates: DateText { paywall.dates }
    /// The paywall's store call in flight, if any.
    public var inFlight: Operation? { paywall.inFlight }
    /// The emulated device the app runs on.
    public var deviceName: String { paywall.deviceName }
    /// Locales the catalog has product text for.
    public var catalogLocales: [String] { paywall.catalogLocales }
    /// The app's own "no purchase dialogs" setting (the store's switch is in `snapshot`).
    public var dialogsDisabled: Bool { paywall.dialogsDisabled }

    public func product(id: String) -> Product? { paywall.product(id: id) }
    /// A product's display name for messages; the identifier when it isn't loaded.
    public func displayName(_ productID: String) -> String { paywall.displayName(productID) }

    /// The rows pinned under every screen (latest result, store status, active faults), above
    /// the keys, at the window's width: the control room draws its panels above them.
    package var statusRows: [Line] { StatusBar.statusRows(paywall, size: size) }
}
