import MockStore

/// The emulated app's life cycle: quitting and starting again (S3, S11, S12), reinstalling
/// (S13), or starting as another device signed into the same account (S14, S16).
enum AppLifecycle {
    /// The app's memory is gone; the account (the ledger) is not. `.launched` follows, so the
    /// new app reads entitlements and its listener gets the unfinished transactions once (B2).
    static func relaunched(_ state: inout PaywallState, device: String, reinstalled: Bool) {
        state.products = []
        state.productLoad = .loading
        state.snapshot = nil
        state.focus = nil
        state.scroll = 0
        state.overlay = nil
        state.inFlight = nil
        state.deviceName = device
        // A reinstall forgets the app's own settings too; the store's stay (they are the account's).
        if reinstalled { state.app = AppBehaviour() }
        state.control.panel = nil
        state.message = .relaunched(device: device, reinstalled: reinstalled)
    }
}

/// A relaunch the Settings panel asks about first: quit and start again (as `device`, which may
/// be another device on the same account), or delete and reinstall.
public struct AppLaunch: Sendable, Hashable {
    public var device: String
    public var reinstall: Bool
    /// How long the store clock runs while the app is closed (S3); nil: it starts at once.
    public var away: ClockAdvance?

    public init(device: String, reinstall: Bool, away: ClockAdvance? = nil) {
        self.device = device
        self.reinstall = reinstall
        self.away = away
    }
}

extension AppLifecycle {
    /// Opens the "are you sure?" sheet; nothing happens until it is confirmed.
    static func request(_ state: inout PaywallState, _ launch: AppLaunch) {
        state.overlay = .appConfirm(launch, focus: .confirm)
    }

    static func confirm(_ state: inout PaywallState, _ launch: AppLaunch) -> [PaywallEffect] {
        state.overlay = nil
        return [.relaunch(device: launch.device, reinstall: launch.reinstall, away: launch.away)]
    }
}
