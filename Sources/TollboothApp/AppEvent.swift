import Chrome
import ControlRoom
import Foundation
import MockStore
import Paywall
import TerminalUI

/// Everything that can happen to the app: input from the terminal, which the app routes, and
/// each feature's events, which the runtime feeds back from effects and store listeners.
public enum AppEvent: Sendable, Hashable {
    /// A key, mouse action, resize or signal from the terminal.
    case input(InputEvent)
    case paywall(PaywallEvent)
    case controlRoom(ControlRoomEvent)
    /// The runtime audited the paywall as drawn (while the audit overlay is open).
    case auditFinished(ScreenAudit)
    /// A theme chosen in Settings was read (answer to `loadTheme`).
    case themeLoaded(Theme)
    /// The theme could not be read: the one-sentence reason.
    case themeFailed(String)
    /// The emulated app was started again (answer to `relaunch`); the paywall launches after.
    case relaunched(device: String, reinstalled: Bool)
    /// The app could not be started again: the one-sentence reason.
    case relaunchFailed(String)

    /// The runtime started: the paywall asks for products and the account state.
    public static let launched = AppEvent.paywall(.launched)
}

/// Work the app asks the runtime to do: each feature's effects, and the app's own.
public enum AppEffect: Sendable, Hashable {
    case paywall(PaywallEffect)
    /// A control-room store call (never a delegate action: `update` carries those out).
    case controlRoom(ControlRoomEffect)
    /// Set this device's language for product names and prices, then reload these products
    /// (all when empty). Answer with the paywall's `productsLoaded`.
    case changeLocale(String, productIDs: [String])
    /// Quit the emulated app and start it again as `device`: listeners stop, a purchase in
    /// flight never returns (S12), unfinished transactions are replayed once (B2). Reinstall
    /// also forgets the app's own data. With `away`, the store clock runs that long while the
    /// app is closed, so renewals pile up with nobody listening (S3). Answer with `relaunched`.
    case relaunch(device: String, reinstall: Bool, away: ClockAdvance? = nil)

    /// Stop: save what must be saved, restore the terminal, exit 0.
    public static let quit = AppEffect.paywall(.quit)
}
