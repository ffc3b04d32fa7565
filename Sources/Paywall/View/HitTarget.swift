import MockStore
import TerminalUI

/// What a click can land on. `view` marks each clickable span or row with one, and `update`
/// hit-tests the same canvas to learn which was clicked.
enum HitTarget: Hashable, Sendable {
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

    // MARK: The control room

    /// The tab bar's "Paywall": back to the paywall.
    case paywallTab
    case panelTab(Panel)
    case transactionRow(id: UInt64)
    /// An option of the Transactions panel's chooser, by position.
    case chooserOption(Int)
    case clockRow(Int)
    /// A rate in the chooser, by its index in `ClockPanel.rateOrder`.
    case rate(Int)
    case faultAPI(FailableAPI)
    /// A behaviour switch's row: a click selects it, a second one toggles it.
    case faultSwitch(StoreSwitch)
    /// A behaviour switch's on/off box: a click toggles it at once.
    case faultSwitchBox(StoreSwitch)
    case faultField(FaultEditor.Field)
    case clearAllFaults
    case settingsRow(SettingsRow)
    case storefront(countryCode: String)
    case eventRow(id: Int64)
    case eventFilter
    case eventWarnings

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
    var regionID: String {
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
        case .paywallTab: "paywallTab"
        case .panelTab(let panel): "panelTab:\(panel.rawValue)"
        case .transactionRow(let id): "transactionRow:\(id)"
        case .chooserOption(let index): "chooserOption:\(index)"
        case .clockRow(let index): "clockRow:\(index)"
        case .rate(let index): "rate:\(index)"
        case .faultAPI(let api): "faultAPI:\(api.rawValue)"
        case .faultSwitch(let name): "faultSwitch:\(name.rawValue)"
        case .faultSwitchBox(let name): "faultSwitchBox:\(name.rawValue)"
        case .faultField(let field): "faultField:\(field.rawValue)"
        case .clearAllFaults: "clearAllFaults"
        case .settingsRow(let row): "settingsRow:\(row.rawValue)"
        case .storefront(let code): "storefront:\(code)"
        case .eventRow(let id): "eventRow:\(id)"
        case .eventFilter: "eventFilter"
        case .eventWarnings: "eventWarnings"
        }
    }

    /// The target `regionID` names; nil for a string no target makes.
    init?(regionID: String) {
        let colon = regionID.firstIndex(of: ":")
        let kind = colon.map { regionID[..<$0] } ?? regionID[...]
        let value = colon.map { String(regionID[regionID.index(after: $0)...]) } ?? ""
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
        case ("paywallTab", false): .paywallTab
        case ("panelTab", true): Panel(rawValue: value).map(HitTarget.panelTab)
        case ("transactionRow", true): UInt64(value).map { .transactionRow(id: $0) }
        case ("chooserOption", true): Int(value).map(HitTarget.chooserOption)
        case ("clockRow", true): Int(value).map(HitTarget.clockRow)
        case ("rate", true): Int(value).map(HitTarget.rate)
        case ("faultAPI", true): FailableAPI(rawValue: value).map(HitTarget.faultAPI)
        case ("faultSwitch", true): StoreSwitch(rawValue: value).map(HitTarget.faultSwitch)
        case ("faultSwitchBox", true): StoreSwitch(rawValue: value).map(HitTarget.faultSwitchBox)
        case ("faultField", true): FaultEditor.Field(rawValue: value).map(HitTarget.faultField)
        case ("clearAllFaults", false): .clearAllFaults
        case ("settingsRow", true): Int(value).flatMap(SettingsRow.init(rawValue:)).map(HitTarget.settingsRow)
        case ("storefront", true): .storefront(countryCode: value)
        case ("eventRow", true): Int64(value).map { .eventRow(id: $0) }
        case ("eventFilter", false): .eventFilter
        case ("eventWarnings", false): .eventWarnings
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
    func target(at point: Point) -> HitTarget? {
        region(at: point).flatMap(HitTarget.init(regionID:))
    }

    /// Every clickable region with its target, in the order they were added.
    var targets: [(target: HitTarget, rect: Rect)] {
        regions.compactMap { region in HitTarget(regionID: region.id).map { ($0, region.rect) } }
    }
}
