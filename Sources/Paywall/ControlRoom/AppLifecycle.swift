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
