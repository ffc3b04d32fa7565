import MockStore
import Paywall

/// The runtime's test seams: when the refresher may read the account again, and a report of
/// what the loop did with each event, so a test waits for the moment something was (or was
/// not) applied instead of sleeping and hoping it had happened.
struct RuntimeProbe: Sendable {
    /// What the runtime did with an event.
    enum Report: Sendable {
        /// `update` applied the event on the loop thread, giving this state and these effects.
        case applied(AppEvent, AppState, [AppEffect])
        /// An effect's result arrived after a relaunch and was dropped, as a quit app never
        /// hears back from its store calls (S12).
        case dropped(AppEvent)
    }

    /// The least time between two reads: short enough for the next frame, long enough that a
    /// burst of store events (a year of renewals) costs one read.
    static let refreshInterval: Duration = .milliseconds(12)

    /// Waits until the refresher may read again: in the app, `refreshInterval` after the last
    /// read and then until the snapshot is marked dirty (its bell rings), so an idle app never
    /// wakes for it. A test can step it by hand instead.
    var refreshBeat: @Sendable (_ dirty: Doorbell) async -> Void = { dirty in
        try? await Task.sleep(for: RuntimeProbe.refreshInterval)
        await dirty.wait()
    }
    /// Told of every event; nil in the app.
    var report: (@Sendable (Report) -> Void)?
}
