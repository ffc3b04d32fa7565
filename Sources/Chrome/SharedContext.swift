import Foundation
import MockStore
import TerminalUI

/// The app's facts every feature reads and only the app changes: the store's answers, the
/// language, the theme, the window and the device. A child feature gets them as this one
/// read-only value with each event, and asks its parent to change any of them.
public struct SharedContext: Sendable {
    /// The whole window.
    public let size: Size
    /// Whether the emulated app finishes transactions after delivering them.
    public let finishesTransactions: Bool
    /// Products in display order (the manifest's order, else the store's).
    public let products: [Product]
    /// The latest account state; nil until the first read.
    public let snapshot: StoreSnapshot?
    /// Store time now; nil before the first snapshot.
    public let currentStoreTime: Date?
    public let locale: String
    public let theme: Theme
    public let language: Language
    public let strings: Strings
    public let dates: DateText
    /// The product the paywall is buying now, if it is buying one.
    public let purchasingProductID: String?
    /// The emulated device the app runs on.
    public let deviceName: String
    /// Locales the catalog has product text for.
    public let catalogLocales: [String]
    /// The app's own "no purchase dialogs" setting (the store's switch is in `snapshot`).
    public let dialogsDisabled: Bool
    /// The ledger file the account lives in (`:memory:` for an in-memory one); nil: not shown.
    public let ledgerPath: String?
    /// The rows pinned under every screen, worked out only when a view asks for them.
    private let pinnedRows: @Sendable () -> [Line]

    /// `statusRows` is asked for only by views (and the layouts they share), so it is a function
    /// of the facts it was made from rather than rows made for every event.
    package init(size: Size, finishesTransactions: Bool, products: [Product], snapshot: StoreSnapshot?,
                 currentStoreTime: Date?, locale: String, theme: Theme, language: Language, strings: Strings,
                 dates: DateText, purchasingProductID: String?, deviceName: String, catalogLocales: [String],
                 dialogsDisabled: Bool, ledgerPath: String? = nil, statusRows: @escaping @Sendable () -> [Line]) {
        self.size = size
        self.finishesTransactions = finishesTransactions
        self.products = products
        self.snapshot = snapshot
        self.currentStoreTime = currentStoreTime
        self.locale = locale
        self.theme = theme
        self.language = language
        self.strings = strings
        self.dates = dates
        self.purchasingProductID = purchasingProductID
        self.deviceName = deviceName
        self.catalogLocales = catalogLocales
        self.dialogsDisabled = dialogsDisabled
        self.ledgerPath = ledgerPath
        self.pinnedRows = statusRows
    }

    public func product(id: String) -> Product? { products.first { $0.id == id } }

    /// A product's display name for messages; the identifier when it isn't loaded.
    public func displayName(_ productID: String) -> String {
        guard let name = product(id: productID)?.displayName, !name.isEmpty else { return productID }
        return name
    }

    /// The rows pinned under every screen (latest result, store status, active faults), above
    /// the keys, at the window's width: the control room draws its panels above them.
    package var statusRows: [Line] { pinnedRows() }
}
