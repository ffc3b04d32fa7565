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
extension HitTarget {
    package var regionID: String {
        switch self {
        case .focus(.plan(let productID)): "plan:\(productID)"
        case .focus(.restore): "restore"
        case .focus(.privacyPolicy): "privacyPolicy"
        case .focus(.termsOfUse): "termsOfUse"
        case .focus(.retry): "retry"
        case .buy(let productID): "buy:\(productID)"
        case .sheet: "sheet"
        case .sheetButton(.confirm): "confirm"
        case .sheetButton(.cancel): "cancel"
        case .copyLink: "copyLink"
        case .closeSheet: "closeSheet"
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
        case ("sheet", false): .sheet
        case ("confirm", false): .sheetButton(.confirm)
        case ("cancel", false): .sheetButton(.cancel)
        case ("copyLink", false): .copyLink
        case ("closeSheet", false): .closeSheet
        default: nil
        }
        guard let target else { return nil }
        self = target
    }
}

/// A feature's clickable things, named on the canvas as `kind` or `kind:value` strings
/// (`TerminalUI` knows no app). Each feature reads back only the names it wrote.
package protocol RegionTarget: Hashable, Sendable {
    var regionID: String { get }
    init?(regionID: String)
}

extension RegionTarget {
    /// `kind:value` split at the first colon; the value is nil when there is no colon.
    package static func split(_ regionID: String) -> (kind: String, value: String?) {
        guard let colon = regionID.firstIndex(of: ":") else { return (regionID, nil) }
        return (String(regionID[..<colon]), String(regionID[regionID.index(after: colon)...]))
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

    /// What a click at `point` hits among `kind`'s targets, if anything.
    package func hit<Target: RegionTarget>(at point: Point, as kind: Target.Type) -> Target? {
        region(at: point).flatMap(Target.init(regionID:))
    }

    /// Every clickable region with its target, in the order they were added.
    var targets: [(target: HitTarget, rect: Rect)] {
        regions.compactMap { region in HitTarget(regionID: region.id).map { ($0, region.rect) } }
    }
}
