import Paywall
import TerminalUI
import TollboothApp

/// The recording's side of time: which screens become frames, and when.
///
/// The recording's clock is the timeline minus the time spent hidden (`Hide` … `Show`), so set-up
/// steps take no time in the cast, as in VHS. A frame is taken only when the screen changed
/// since the last one, and none while hidden; `Show` takes the screen as it then is.
struct FrameClock {
    private var hiddenSince: Duration?
    private var hiddenTotal: Duration = .zero
    private var lastState: AppState?
    private var lastCanvas: Canvas?
    private var lastSent: Canvas?

    mutating func hide(at now: Duration) {
        if hiddenSince == nil { hiddenSince = now }
    }

    mutating func show(at now: Duration) {
        guard let since = hiddenSince else { return }
        hiddenTotal += now - since
        hiddenSince = nil
    }

    /// `now` on the recording's clock.
    func recordingTime(_ now: Duration) -> Duration {
        now - hiddenTotal - (hiddenSince.map { now - $0 } ?? .zero)
    }

    /// The frame to record for `state` at `now`: nil while hidden, or when the screen reads as
    /// the last frame did. `view` is drawn only when the state changed.
    mutating func frame(of state: AppState, at now: Duration) -> (Duration, Canvas)? {
        if state != lastState || lastCanvas == nil {
            lastCanvas = view(state, size: state.size)
            lastState = state
        }
        guard hiddenSince == nil, let canvas = lastCanvas, canvas != lastSent else { return nil }
        lastSent = canvas
        return (recordingTime(now), canvas)
    }
}
