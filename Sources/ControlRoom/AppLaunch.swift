import Chrome
import MockStore

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
