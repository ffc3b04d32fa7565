import Foundation
import MockStore
import Testing
@testable import ControlRoom
@testable import Paywall
@testable import TollboothApp

/// When an idle paywall's loop wakes: on the next second the screen shows, or an earlier
/// deadline, and never while the store clock is paused (the loop itself is in
/// Tests/LiveTests/Paywall/IdleLoopTests.swift).
@Suite struct NextTickTests {
    @Test func aRunningClockWakesTheLoopOnTheNextVisibleSecondOrDeadline() {
        let start = Date(timeIntervalSince1970: 1_767_225_600.25)
        var snapshot = StoreSnapshot(storeTime: start)
        #expect(NextTick.after(snapshot, shownAt: start, now: start) == .milliseconds(751))
        // Half a second later on the wall, the store clock has moved with it.
        #expect(NextTick.after(snapshot, shownAt: start, now: start.addingTimeInterval(0.5)) == .milliseconds(251))
        // An expiry before the next second is the next moment the screen can change.
        snapshot.entitlements = [Fixture.transaction(Fixture.monthly, purchased: start.addingTimeInterval(-100), expires: start.addingTimeInterval(0.1))]
        #expect(NextTick.after(snapshot, shownAt: start, now: start) == .milliseconds(101))
        snapshot.isClockPaused = true
        #expect(NextTick.after(snapshot, shownAt: start, now: start) == nil)
    }
}
