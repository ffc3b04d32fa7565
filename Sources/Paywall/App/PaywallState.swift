import Chrome
import Foundation
import MockStore
import TerminalUI

/// Everything the paywall knows: the customer's screen, and the store's facts and settings it
/// shows, which the app shares read-only with its other features (`SharedContext`).
/// `update` changes it; `view` draws it; nothing else does, but the app that composes it.
///
/// Store facts come only from events (`productsLoaded`, `snapshotChanged`…), never from calls,
/// so a state value replays the same screen every time: tests, audits and recordings rely on it.
public struct PaywallState: Sendable, Hashable {
    // MARK: From the store
    /// Products in display order (the manifest's order, else the store's).
    public var products: [Product]
    public var productLoad: ProductLoad
    /// The latest account state; nil until the first `snapshotChanged`.
    public var snapshot: StoreSnapshot?
    /// Store time for the status line, from the latest snapshot or tick.
    public var storeTime: Date?

    // MARK: Interaction
    /// The focused item; nil when nothing is focusable yet.
    public var focus: FocusTarget?
    /// First body row shown (0 = top).
    public var scroll: Int
    public var overlay: Overlay?
    /// The store call in flight, if any.
    public var inFlight: Operation?
    /// The latest result, shown above the status line until the next one.
    public var message: ResultMessage?
    /// The latest result from elsewhere in the app (the control room's), shown in the message
    /// row in place of `message`; the app sets it, Esc dismisses it.
    public var notice: Notice?
    /// What the emulated app itself does (finish transactions or not); the control room's
    /// Settings switch it.
    public var app: AppBehaviour
    /// Another feature (a control-room panel) fills the window: the paywall is not drawn, so
    /// it is not laid out either until it shows again. The app sets it.
    public var isCovered = false
    /// Set once `quit` has been requested; the runtime stops after executing `.quit`.
    public var isQuitting: Bool

    // MARK: Configuration
    /// `en_US`, `ja`, `ja_JP`…: picks the UI language (and the manifest's copy).
    public var locale: String
    /// Dates on screen are in this zone (tests use UTC).
    public var timeZone: TimeZone
    public var theme: Theme
    public var manifest: PaywallManifest
    /// The catalog's `appPolicies`, kept so a locale change (Settings) can re-resolve `links`.
    public var policies: AppPolicies
    public var links: PaywallLinks
    /// Locales the catalog has product text for (Settings offers them besides en_US and ja_JP).
    public var catalogLocales: [String]
    /// The part of the window the paywall is drawn in (all of it, or beside the audit's list).
    public var size: Size
    /// The emulated device this paywall runs on (several may share one account).
    public var deviceName: String
    /// The ledger file the store keeps the account in (`:memory:` for `--ephemeral`); nil
    /// where no one needs to be told (a scenario's own ledger), and Settings shows none.
    public var ledgerPath: String? = nil
    /// The currency of the catalog's own storefront (`_storefront`): a `.storekit` file holds
    /// one bare price per product, so another storefront shows the same numbers in its own
    /// currency, and the paywall says so. Nil when unknown (no note).
    public var catalogCurrency: String? = nil
    /// Skip the confirmation sheet, as Xcode's "Enable Dialogs" off. The store's switch
    /// (`StoreSwitches.dialogsDisabled`) is honoured as well.
    public var dialogsDisabled: Bool
    /// The plans that can also be paid monthly over a 12-month commitment, by product id (the
    /// catalog's v5 `billingPlans`); empty for every catalog without them.
    public var commitments: [String: CommitmentTerms] = [:]
    /// The plans the customer chose to pay monthly (`b`); every other plan is billed up front.
    /// Enter buys the way chosen.
    public var payingMonthly: Set<String> = []

    public init(locale: String = "en_US", timeZone: TimeZone = TimeZone(identifier: "UTC")!,
                theme: Theme = .fallback, manifest: PaywallManifest = .empty, policies: AppPolicies = .init(),
                size: Size = Size(width: 80, height: 24), deviceName: String = "iPhone",
                dialogsDisabled: Bool = false, catalogLocales: [String] = []) {
        self.products = []
        self.productLoad = .loading
        self.snapshot = nil
        self.storeTime = nil
        self.focus = nil
        self.scroll = 0
        self.overlay = nil
        self.inFlight = nil
        self.message = LanguageChoice(locale: locale).missingLanguage.map(ResultMessage.languageFallback)
        self.notice = nil
        self.app = AppBehaviour()
        self.isQuitting = false
        self.locale = locale
        self.timeZone = timeZone
        self.theme = theme
        self.manifest = manifest
        self.policies = policies
        self.links = PaywallLinks(manifest: manifest, policies: policies, locale: locale)
        self.catalogLocales = catalogLocales
        self.size = size
        self.deviceName = deviceName
        self.dialogsDisabled = dialogsDisabled
    }

    /// A paywall for a catalog: its `appPolicies` links, its locale and its "Enable Dialogs"
    /// setting, unless the caller overrides the locale (`--locale`).
    public init(catalog: Catalog, locale: String? = nil, timeZone: TimeZone = TimeZone(identifier: "UTC")!,
                theme: Theme, manifest: PaywallManifest = .empty, size: Size, deviceName: String = "iPhone") {
        self.init(locale: locale ?? catalog.settings.locale ?? "en_US", timeZone: timeZone, theme: theme,
                  manifest: manifest, policies: catalog.policies, size: size, deviceName: deviceName,
                  dialogsDisabled: catalog.settings.dialogsDisabled, catalogLocales: catalog.localizationLocales)
        catalogCurrency = catalog.settings.resolvedStorefront?.currencyCode
        commitments = CommitmentTerms.all(in: catalog)
    }

    // MARK: Derived

    public var language: Language { Language(locale: locale) }

    public var strings: Strings { Strings(language) }
    /// Dates in this language and zone, to the second when the time rate makes periods short.
    public var dates: DateText {
        DateText(locale: language.formattingLocale(for: locale), timeZone: timeZone, showsSeconds: snapshot?.timeRate.showsSeconds ?? false)
    }

    /// The manifest's copy for this locale, if it has one.
    public var copy: ManifestCopy? { manifest.copy(for: locale) }

    /// Store time now: the latest tick's, else the latest snapshot's (a tick is never older
    /// than the snapshot it follows); nil before the first snapshot.
    public var currentStoreTime: Date? { storeTime ?? snapshot?.storeTime }

    /// Whether purchases go straight to the store without the confirmation sheet.
    public var skipsConfirmation: Bool { dialogsDisabled || snapshot?.switches.dialogsDisabled == true }

    /// The facts behind one plan's card.
    public func facts(for product: Product) -> PlanFacts {
        PlanFacts(product: product, products: products, snapshot: snapshot, isBusy: inFlight != nil,
                  device: deviceName)
    }

    public func product(id: String) -> Product? { products.first { $0.id == id } }

    /// The commitment `productID` is bought with when Enter is pressed: nil when the customer
    /// pays up front (the default) or the plan has no monthly way to pay.
    public func chosenCommitment(_ productID: String) -> CommitmentTerms? {
        payingMonthly.contains(productID) ? commitments[productID] : nil
    }

    /// A product's display name for messages; the identifier when it isn't loaded.
    public func displayName(_ productID: String) -> String {
        guard let name = product(id: productID)?.displayName, !name.isEmpty else { return productID }
        return name
    }

    /// Focusable items in Tab order.
    public var focusOrder: [FocusTarget] {
        if case .failed = productLoad { return [.retry, .restore, .privacyPolicy, .termsOfUse] }
        return products.map { .plan($0.id) } + [.restore, .privacyPolicy, .termsOfUse]
    }
}

/// What the emulated app does on its own, as opposed to what the store does: switches a
/// developer flips to reproduce an app's mistakes (S11) and its life cycle (S3, S12, S13).
public struct AppBehaviour: Sendable, Hashable {
    /// The app calls `finish()` after delivering content. Off reproduces S11 (payment
    /// succeeded, granting failed): transactions stay unfinished and come back at launch.
    public var finishesTransactions = true

    public init() {}
}
