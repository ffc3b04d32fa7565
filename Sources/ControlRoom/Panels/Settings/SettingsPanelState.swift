import Chrome
/// The Settings panel's cursor and sub-views.
public struct SettingsPanelState: Sendable, Hashable {
    /// The selected row (`SettingsRow.rawValue`).
    public var selection: Int = 0
    /// The storefront chooser, open over the rows: the highlighted storefront's index in
    /// `Storefront.all`; nil when closed.
    public var chooser: Int?
    /// The device "Relaunch as device" starts as; nil: the first one offered.
    public var device: String?
    /// How long "Quit, wait, relaunch" stays away (an index into `SettingsPanel.awayChoices`).
    public var away: Int = 2

    public init() {}
}

/// The Settings panel's rows, in screen order: Xcode's configuration settings, then the
/// emulated app's life cycle, so every scenario (S1–S17) can be played from the terminal.
enum SettingsRow: Int, CaseIterable, Sendable {
    case storefront, locale, dialogs, theme
    case finishTransactions, relaunch, relaunchLater, reinstall, relaunchAs
}
