import Chrome
/// The control room's shared copy: tabs, footer, confirmation, results.
extension Strings {
    public func panelName(_ panel: Panel) -> String {
        switch panel {
        case .transactions: text(.panelName_transactions)
        case .clock: text(.panelName_clock)
        case .faults: text(.panelName_faults)
        case .settings: text(.panelName_settings)
        case .events: text(.panelName_events)
        }
    }
    // Shared keys at the end of every panel's footer.
    public var escPaywall: String { text(.escPaywall) }
    public var escBack: String { text(.escBack) }
    public var panelKey: String { text(.panelKey) }
    public var helpKey: String { text(.helpKey) }
    public var paywallTab: String { text(.paywallTab) }
    public var working: String { text(.working) }
    public var confirmActionTitle: String { text(.confirmActionTitle) }
    public var confirmActionNote: String {
        text(.confirmActionNote)
    }
    public func themeChanged(_ name: String) -> String { text(.themeChanged, name) }
    public var relaunchFailedTitle: String { text(.relaunchFailedTitle) }
    public var themeFailedTitle: String { text(.themeFailedTitle) }
}
