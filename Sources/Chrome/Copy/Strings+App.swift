import Foundation

/// Copy the paywall shows about the app around it: the control room's name in titles, the
/// emulated app's relaunch, the keys that open the panels, and the yes/no of every sheet.
extension Strings {
    public var controlRoomTitle: String { text(.controlRoomTitle) }
    public var yesButton: String { text(.yesButton) }
    public var noButton: String { text(.noButton) }
    public func relaunched(_ device: String) -> String {
        text(.relaunched, device)
    }
    public func reinstalled(_ device: String) -> String {
        text(.reinstalled, device)
    }
    public var ledgerLostTitle: String { text(.ledgerLostTitle) }
    public var helpControlRoomRows: [(String, String)] {
        [
            ("t c f s e", text(.helpControlRoomRows)),
            ("Tab  1-5", text(.helpControlRoomRows_nextPanelJumpTo)),
            ("Esc", text(.helpControlRoomRows_backToThePaywall)),
        ]
    }
    /// "No Dutch translation of Tollbooth: showing English." `code` is the locale's language.
    public func languageFallback(_ code: String) -> String {
        let name = Locale(identifier: language.defaultLocale).localizedString(forLanguageCode: code) ?? code
        return text(.languageFallback, name, code, Language.allCases.map(\.rawValue).joined(separator: ", "))
    }
}
