import Chrome
import MockStore
import TerminalUI

/// What a click can land on. `view` marks each clickable span or row with one, and `update`
/// hit-tests the same canvas to learn which was clicked.
package enum HitTarget: RegionTarget {
    // MARK: The paywall

    /// A focusable item: a plan's card (a click focuses it), restore, the legal links, retry
    /// (a click acts).
    case focus(FocusTarget)
    /// A plan's buy button: a click focuses the plan and buys.
    case buy(productID: String)

    // MARK: Sheets

    /// The open sheet's box. Sheets are modal: a click on it that hits no button does nothing.
    case sheet
    case sheetButton(SheetButton)
    /// "Copy" on a legal link's sheet.
    case copyLink
    /// "Close" or "OK".
    case closeSheet

    /// The paywall item a click on this focuses: a buy button focuses its plan.
    var focusTarget: FocusTarget? {
        switch self {
        case .focus(let target): target
        case .buy(let productID): .plan(productID)
        default: nil
        }
    }

    var isBuyButton: Bool {
        if case .buy = self { true } else { false }
    }
}

// MARK: On the canvas

/// `TerminalUI` knows nothing of the paywall, so its canvas names regions with strings. This is
/// the one place a target becomes that string and back: `kind` or `kind:value`.
extension Span {
    /// Clickable, hitting one of the paywall's targets. (Each feature adds the initialisers
    /// for its own targets.)
    package init(_ text: SafeText, _ role: ThemeRole, region: HitTarget?) {
        self.init(text, role, regionID: region?.regionID)
    }

    package init(_ untrusted: String, _ role: ThemeRole, region: HitTarget?) {
        self.init(SafeText(untrusted), role, regionID: region?.regionID)
    }
}

extension HitTarget {
    package var regionID: String {
        switch self {
        case .focus(.plan(let productID)): "plan:\(productID)"
        case .focus(.restore): "restore"
        case .focus(.privacyPolicy): "privacyPolicy"
        case .focus(.termsOfUse): "termsOfUse"
        case .focus(.retry): "retry"
        case .buy(let productID): "buy:\(productID)"
        case .sheet: OverlayView.sheetRegionID
        case .sheetButton(let button): OverlayView.buttonRegionID(button)
        case .copyLink: "copyLink"
        case .closeSheet: OverlayView.closeRegionID
        }
    }

    /// The target `regionID` names; nil for a string no target makes.
    package init?(regionID: String) {
        let (kind, found) = Self.split(regionID)
        let colon: String? = found
        let value = found ?? ""
        let target: HitTarget? = switch (kind, colon != nil) {
        case ("plan", true): .focus(.plan(value))
        case ("restore", false): .focus(.restore)
        case ("privacyPolicy", false): .focus(.privacyPolicy)
        case ("termsOfUse", false): .focus(.termsOfUse)
        case ("retry", false): .focus(.retry)
        case ("buy", true): .buy(productID: value)
        case (OverlayView.sheetRegionID, false): .sheet
        case (OverlayView.buttonRegionID(.confirm), false): .sheetButton(.confirm)
        case (OverlayView.buttonRegionID(.cancel), false): .sheetButton(.cancel)
        case ("copyLink", false): .copyLink
        case (OverlayView.closeRegionID, false): .closeSheet
        default: nil
        }
        guard let target else { return nil }
        self = target
    }
}

extension Canvas {
    /// Marks `rect` as clickable, hitting `target`; later regions are on top.
    mutating func addRegion(_ rect: Rect, _ target: HitTarget) {
        addRegion(rect, id: target.regionID)
    }

    /// What a click at `point` hits, if anything.
    package func target(at point: Point) -> HitTarget? {
        hit(at: point, as: HitTarget.self)
    }

    /// Every clickable region with its target, in the order they were added.
    var targets: [(target: HitTarget, rect: Rect)] {
        regions.compactMap { region in HitTarget(regionID: region.id).map { ($0, region.rect) } }
    }
}
