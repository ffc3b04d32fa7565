import Chrome
import MockStore
import TerminalUI

/// Work the control room asks for. The store calls come back as `ControlRoomEvent`s; a
/// delegate action is the app's to carry out.
public enum ControlRoomEffect: Sendable, Hashable {
    /// Run an admin action in one database transaction. Answer with `adminFinished`.
    case admin(AdminAction)
    /// Read what changed since the Transactions panel's read (`ledgerChanged`), or, when it holds
    /// none or the ledger cannot say, every transaction and pending purchase (`ledgerLoaded`).
    /// While one read runs, further requests fold into one more read after it.
    case loadLedger
    /// Read the newest events of the log. Answer with `storeEvents`.
    case loadEventLog(limit: Int)
    /// Read a theme by name or path; the app uses it. Answer with `themeLoaded` or `themeFailed`.
    case loadTheme(String)
    /// Something only the app may do.
    case delegate(ControlRoomDelegate)
}

/// What the control room asks its parent for: changes to state it does not own.
public enum ControlRoomDelegate: Sendable, Hashable {
    /// Back to the paywall (Esc, or its tab).
    case closed
    case quit
    /// Speak this language (the UI at once, product names and prices after a reload).
    case changeLocale(String)
    /// Turn the app's own "no purchase dialogs" setting off (Settings' "Enable Dialogs" on).
    case enableDialogs
    /// The emulated app finishes transactions after delivering them, or not (S11).
    case setFinishesTransactions(Bool)
    /// Quit the emulated app and start it again, as the sheet confirmed.
    case relaunch(AppLaunch)
    /// The store's products changed (a storefront or locale): load them again.
    case reloadProducts
}

/// What happens to the control room: input the app routed to it, and answers to its effects.
public enum ControlRoomEvent: Sendable, Hashable {
    case open(Panel)
    case key(Key)
    case mouse(MouseEvent)
    /// The store changed (another device, the clock, an action here): the open panel re-reads.
    case storeChanged
    /// An admin action was carried out or refused.
    case adminFinished(AdminAction, AdminOutcome)
    /// Every transaction and pending purchase on the account (answer to `loadLedger` when the
    /// panel holds no read to build on).
    case ledgerLoaded(LedgerContents)
    /// What changed on the account since the panel's read (answer to `loadLedger`).
    case ledgerChanged(LedgerChanges)
    /// Events from the store's log: the recent history, then every new one as it happens.
    case storeEvents([StoreEvent])
    /// A theme chosen in Settings is in use now (its name).
    case themeLoaded(String)
    /// The theme could not be read: the one-sentence reason.
    case themeFailed(String)
    /// The app could not be started again: the one-sentence reason.
    case relaunchFailed(String)
}

/// The control room's latest result, said in the message row until the next one (the app's or
/// the paywall's).
public enum ControlRoomMessage: Sendable, Hashable {
    case adminDone(AdminAction)
    /// The store refused the action: its one-sentence reason.
    case adminFailed(AdminAction, reason: String)
    case themeChanged(String)
    case themeFailed(String)
    case relaunchFailed(String)

    public var tone: MessageTone {
        switch self {
        case .adminDone, .themeChanged: .info
        case .adminFailed, .themeFailed, .relaunchFailed: .error
        }
    }
}

/// The sheets over a panel.
public enum ControlRoomOverlay: Sendable, Hashable {
    /// "Are you sure?" before an action that changes the account.
    case adminConfirm(AdminAction, focus: SheetButton)
    /// "Are you sure?" before quitting and relaunching or reinstalling the emulated app.
    case appConfirm(AppLaunch, focus: SheetButton)
    /// The open panel's keys, scrolled down `scroll` lines.
    case help(scroll: Int)
}
