import Foundation
import MockStore
import Testing
@testable import ControlRoom
@testable import Paywall
@testable import TollboothApp

/// A paywall left open costs nothing: with nothing to do, the loop sleeps in `readEvent` until
/// something can change. These tests wait for the named state "the loop is waiting with no
/// deadline" (never for a time), which a loop that polls on a timeout never reaches.
@Suite(.serialized) struct IdleLoopTests {
    @Test func withTheStoreClockPausedTheLoopWaitsForInputWithNoDeadline() async throws {
        let app = try RunningApp()
        await app.waitForState("the launch") { $0.paywall.snapshot != nil && !$0.paywall.products.isEmpty }
        _ = try await app.runtime.store.admin { try $0.setPaused(true) }
        await app.waitForState("the paused clock on screen") { $0.paywall.snapshot?.isClockPaused == true }
        await app.waitFor("the loop asleep until input") { _ in app.terminal.isWaitingWithoutDeadline }
        // And it still wakes for a key.
        app.terminal.enqueue(.key(.character("?")))
        await app.waitForState("help opened by the key") { $0.paywall.overlay != nil }
        await app.stop()
    }
}
