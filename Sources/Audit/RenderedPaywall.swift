import Chrome
import Foundation
import MockStore
import Paywall
import TerminalUI

/// One variant of the paywall as a reviewer sees it: every screen scrolling reaches, drawn by
/// the app's own `view`, plus the first screen with each plan focused (where the headline is),
/// the screens while products load, and each plan's confirmation sheet. Screen rules read only
/// these cells; the state and catalog say what the screens ought to show.
public struct RenderedPaywall: Sendable {
    public var variant: AuditVariant
    /// The app state the screens were drawn from (products and snapshot from the store).
    public var state: PaywallState
    public var catalog: Catalog
    /// The screens as the paywall opens, top to bottom.
    public var screens: [Canvas] {
        didSet { sentences = Self.sentences(on: screens) }
    }
    /// Every sentence of `screens`, with the screen it was read on (read once: several rules
    /// look for theirs).
    var sentences: [(scroll: Int, canvas: Canvas, text: String)]
    /// The first screen with each plan focused, by product id.
    public var focused: [String: Canvas]
    /// The screens while products are still loading.
    public var loading: [Canvas]
    /// Each plan's confirmation sheet, cut out of the screen, by product id.
    public var sheets: [String: Canvas]

    /// Renders `state` at `size`, as it opens and (its first screen) with each plan focused.
    public init(variant: AuditVariant, state: PaywallState, catalog: Catalog, size: Size) {
        self.variant = variant
        self.state = state
        self.catalog = catalog
        self.screens = reachableScreens(state, size: size)
        self.sentences = Self.sentences(on: screens)
        var focused: [String: Canvas] = [:]
        for product in state.products {
            var focusedState = state
            focusedState.focus = .plan(product.id)
            focusedState.scroll = 0
            focusedState.size = size
            focused[product.id] = view(focusedState, size: size)
        }
        self.focused = focused
        self.loading = Self.loadingScreens(state, size: size)
        self.sheets = Self.sheets(state, size: size)
    }

    static func sentences(on screens: [Canvas]) -> [(scroll: Int, canvas: Canvas, text: String)] {
        screens.enumerated().flatMap { scroll, canvas in
            ScreenText.sentences(ScreenText.flat(canvas)).map { (scroll, canvas, $0) }
        }
    }

    /// The plans the paywall was given, in its order.
    public var products: [Product] { state.products }

    public var language: Language { state.language }

    /// Whether the customer may take `product`'s introductory offer, as the store says.
    func isEligibleForIntroOffer(_ product: Product) -> Bool {
        guard let group = product.subscription?.subscriptionGroupID else { return false }
        return state.snapshot?.introEligibleGroupIDs.contains(group) == true
    }

    /// The configured introductory offer of `product`, from the catalog (not the store's copy).
    func configuredIntroOffer(_ product: Product) -> CatalogOffer? {
        catalog.product(id: product.id)?.subscription?.introductoryOffer
    }

    /// Each place plan `id` is drawn on `screens`: the screen's scroll, the canvas, its card or
    /// row, and that text as one line.
    func planViews(_ id: String, on screens: [Canvas]? = nil) -> [(scroll: Int, canvas: Canvas, rect: Rect, text: String)] {
        (screens ?? self.screens).enumerated().compactMap { scroll, canvas in
            canvas.planRect(id).map { (scroll, canvas, $0, ScreenText.flat(canvas, in: $0)) }
        }
    }

    /// A finding of `rule` on this variant.
    func finding(_ rule: String, _ verdict: AuditVerdict, _ message: String, matched: [AuditMatch] = [],
                 missing: [String] = [], fix: String = "") -> AuditFinding {
        AuditFinding(rule: rule, verdict: verdict, variant: variant, message: message,
                     evidence: AuditEvidence(matched: matched, missing: missing), fix: verdict == .pass ? "" : fix)
    }
}

/// A rule read on the rendered paywall (P in docs/domain.md §3).
public protocol ScreenRule: Sendable {
    var rule: String { get }
    func check(_ paywall: RenderedPaywall) -> [AuditFinding]
}

/// A rule read on the catalog (M in docs/domain.md §3), once per locale.
public protocol CatalogRule: Sendable {
    var rule: String { get }
    func check(_ catalog: Catalog, variant: AuditVariant) -> [AuditFinding]
}
