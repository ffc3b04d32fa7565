import Chrome
import MockStore
import TerminalUI

/// What a click in the control room can land on: its tabs, its panels' rows and fields, and
/// its sheets' buttons. The control room's view marks them and hit-tests the same canvas.
enum ControlRoomTarget: RegionTarget {
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
    /// A sheet's buttons: "Yes"/"No", and "Close" on help (named as the paywall's sheets name
    /// theirs, since the sheets are drawn alike).
    case button(SheetButton)
    case close

    /// `kind` or `kind:value`, as the canvas names regions (`RegionTarget`).
    var regionID: String {
        switch self {
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
        case .button(let button): OverlayView.buttonRegionID(button)
        case .close: OverlayView.closeRegionID
        }
    }

    init?(regionID: String) {
        let (kind, value) = Self.split(regionID)
        let target: ControlRoomTarget? = switch (kind, value) {
        case ("paywallTab", nil): .paywallTab
        case ("panelTab", let v?): Panel(rawValue: v).map(ControlRoomTarget.panelTab)
        case ("transactionRow", let v?): UInt64(v).map { .transactionRow(id: $0) }
        case ("chooserOption", let v?): Int(v).map(ControlRoomTarget.chooserOption)
        case ("clockRow", let v?): Int(v).map(ControlRoomTarget.clockRow)
        case ("rate", let v?): Int(v).map(ControlRoomTarget.rate)
        case ("faultAPI", let v?): FailableAPI(rawValue: v).map(ControlRoomTarget.faultAPI)
        case ("faultSwitch", let v?): StoreSwitch(rawValue: v).map(ControlRoomTarget.faultSwitch)
        case ("faultSwitchBox", let v?): StoreSwitch(rawValue: v).map(ControlRoomTarget.faultSwitchBox)
        case ("faultField", let v?): FaultEditor.Field(rawValue: v).map(ControlRoomTarget.faultField)
        case ("clearAllFaults", nil): .clearAllFaults
        case ("settingsRow", let v?): Int(v).flatMap(SettingsRow.init(rawValue:)).map(ControlRoomTarget.settingsRow)
        case ("storefront", let v?): .storefront(countryCode: v)
        case ("eventRow", let v?): Int64(v).map { .eventRow(id: $0) }
        case ("eventFilter", nil): .eventFilter
        case ("eventWarnings", nil): .eventWarnings
        case (OverlayView.buttonRegionID(.confirm), nil): .button(.confirm)
        case (OverlayView.buttonRegionID(.cancel), nil): .button(.cancel)
        case (OverlayView.closeRegionID, nil): .close
        default: nil
        }
        guard let target else { return nil }
        self = target
    }
}

extension Canvas {
    /// Marks `rect` as clickable, hitting `target`; later regions are on top.
    mutating func addRegion(_ rect: Rect, _ target: ControlRoomTarget) {
        addRegion(rect, id: target.regionID)
    }
}

extension Span {
    init(_ untrusted: String, _ role: ThemeRole, region: ControlRoomTarget?) {
        self.init(SafeText(untrusted), role, regionID: region?.regionID)
    }

    init(_ text: SafeText, _ role: ThemeRole, region: ControlRoomTarget?) {
        self.init(text, role, regionID: region?.regionID)
    }
}
