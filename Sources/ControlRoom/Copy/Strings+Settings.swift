import Chrome
import Foundation
import MockStore

/// The Settings panel's copy: Xcode's configuration settings and the emulated app's life cycle.
extension Strings {
    public var settingsStoreSection: String { text(.settingsStoreSection) }
    public var settingsAppSection: String { text(.settingsAppSection) }

    func settingsLabel(_ row: SettingsRow) -> String {
        switch row {
        case .storefront: text(.settingsLabel_storefront)
        case .locale: text(.settingsLabel_locale)
        case .dialogs: text(.settingsLabel_dialogs)
        case .theme: text(.settingsLabel_theme)
        case .finishTransactions: text(.settingsLabel_finishTransactions)
        case .relaunch: text(.settingsLabel_relaunch)
        case .relaunchLater: text(.settingsLabel_relaunchLater)
        case .reinstall: text(.settingsLabel_reinstall)
        case .relaunchAs: text(.settingsLabel_relaunchAs)
        }
    }

    /// One line under each row: what it does and which scenario it plays (docs/domain.md §4).
    func settingsExplanation(_ row: SettingsRow) -> String {
        switch row {
        case .storefront:
            text(.settingsExplanation)
        case .locale:
            text(.settingsExplanation_languageOfProductNames)
        case .dialogs:
            text(.settingsExplanation_offPurchasesSkipThe)
        case .theme:
            text(.settingsExplanation_coloursOfThePaywall)
        case .finishTransactions:
            text(.settingsExplanation_offTheAppNever)
        case .relaunch:
            text(.settingsExplanation_aPurchaseInFlight)
        case .relaunchLater:
            text(.settingsExplanation_timeRunsWhileThe)
        case .reinstall:
            text(.settingsExplanation_appDataIsWiped)
        case .relaunchAs:
            text(.settingsExplanation_anotherDeviceOnThe)
        }
    }

    /// The line under the rows that says where the account is kept.
    public var settingsLedgerLabel: String { text(.settingsLabel_ledger) }
    public var settingsLedgerInMemory: String { text(.settingsLedgerInMemory) }

    public var onValue: String { text(.onValue) }
    public var offValue: String { text(.offValue) }
    public var relaunchButton: String { text(.relaunchButton) }
    public var reinstallButton: String { text(.reinstallButton) }
    /// The button where the row is narrow (40 columns).
    public var reinstallButtonShort: String { text(.reinstallButtonShort) }
    public var chooseHint: String { text(.chooseHint) }
    public func relaunchAsHint(_ device: String) -> String { text(.relaunchAsHint, device) }
    public var settingsKeys: String { text(.settingsKeys) }
    public var storefrontChooserKeys: String { text(.storefrontChooserKeys) }
    public func storefrontChooserTitle(_ current: String) -> String {
        text(.storefrontChooserTitle, current)
    }
    public var currentMark: String { text(.currentMark) }

    // The "are you sure?" sheet before the app's life-cycle actions.
    public var appConfirmTitle: String { text(.appConfirmTitle) }
    public func relaunchQuestion(_ device: String) -> String {
        text(.relaunchQuestion, device)
    }
    public func reinstallQuestion(_ device: String) -> String {
        text(.reinstallQuestion, device)
    }
    public var relaunchLaterHint: String { text(.relaunchLaterHint) }
    /// "1 month" / 「1か月」 for a ClockAdvance of whole days, weeks, months or years.
    public func awayLength(_ advance: ClockAdvance) -> String {
        let n = advance.value
        switch advance.unit {
        case .day: return text(.periodDays, n)
        case .week: return text(.periodWeeks, n)
        case .month: return text(.periodMonths, n)
        case .year: return text(.periodYears, n)
        default: return advance.description
        }
    }
    public func relaunchLaterQuestion(_ device: String, away: String) -> String {
        text(.relaunchLaterQuestion, away, device)
    }
    public func relaunchAsQuestion(_ device: String) -> String {
        text(.relaunchAsQuestion, device)
    }

}
