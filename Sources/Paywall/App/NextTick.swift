import Foundation
import MockStore

/// When the screen can next change with no key pressed and no word from the store: the status
/// line's clock shows whole seconds, and crossing an expiry, grace or renewal date calls for a
/// new snapshot (`StoreResults.tick`). The loop sleeps until then; a paused clock never moves,
/// so then it sleeps until something else happens.
package enum NextTick {
    /// How long from `now` (wall time) until the next whole second of store time or the next
    /// deadline of `snapshot`, whichever is first; nil while the store clock is paused.
    /// `shownAt` is the wall time the snapshot was read; store time runs with wall time since.
    package static func after(_ snapshot: StoreSnapshot, shownAt: Date, now: Date) -> Duration? {
        guard !snapshot.isClockPaused else { return nil }
        let storeNow = snapshot.storeTime.addingTimeInterval(max(0, now.timeIntervalSince(shownAt)))
        var next = storeNow.timeIntervalSince1970.rounded(.down) + 1
        for deadline in deadlines(of: snapshot) where deadline > storeNow {
            next = min(next, deadline.timeIntervalSince1970)
        }
        // A millisecond past the moment, so the tick lands on the new second, not just before it.
        return .milliseconds(Int(((next - storeNow.timeIntervalSince1970) * 1000).rounded(.up)) + 1)
    }

    /// The dates whose passing changes what the paywall shows.
    static func deadlines(of snapshot: StoreSnapshot) -> [Date] {
        var deadlines: [Date] = snapshot.entitlements.compactMap(\.expirationDate)
        for status in snapshot.statuses {
            deadlines += [status.transaction.expirationDate, status.renewalInfo.renewalDate,
                          status.renewalInfo.gracePeriodExpirationDate].compactMap { $0 }
        }
        return deadlines
    }

    /// `duration` as a `readEvent` timeout.
    package static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int((Double(attoseconds) / 1e15).rounded(.up))
    }
}
