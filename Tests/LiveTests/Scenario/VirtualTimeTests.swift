import Foundation
import MockStore
import Scenario
import TerminalUI
import TestSupport
import Testing

/// Time in a scenario is the script's: the same file gives the same recording, and a long
/// `Sleep` moves the store clock by exactly that long without waiting for it.
@Suite struct VirtualTimeTests {
    @Test func twoPlaysGiveTheSameFramesAndTheReviewedLastScreen() async throws {
        let script = ScenarioPlayerTests.buy + "\nStore clock advance +1M\nExpect \"renewed\"\nSleep 1s\n"
        let first = FrameLog(), second = FrameLog()
        let result = try await play(script, recorder: first)
        _ = try await play(script, recorder: second)
        #expect(first.entries.count > 3)
        #expect(first.entries == second.entries)
        #expect(first.entries.first == .begin(Size(width: 80, height: 24), title: nil))
        assertGolden(result.screen, named: "player-renewed", in: goldenDirectory())
    }

    @Test func sleepingAMinuteMovesTheStoreClockAMinuteWithoutWaitingForIt() async throws {
        // A monthly subscription renews every 30 s of store time at this rate.
        let started = ContinuousClock.now
        let result = try await play("""
            \(exampleCatalog)
            Set StoreDate 2026-01-01T09:00:00Z
            Set Rate monthlyRenewalEveryThirtySeconds
            Set TypingSpeed 100ms
            Down
            Enter
            Enter
            Expect "Premium Monthly is now active"
            Sleep 60s
            """)
        let real = ContinuousClock.now - started
        // Three keys at 100 ms, then the minute: the store clock moved by exactly that.
        #expect(result.elapsed == .milliseconds(60_300))
        #expect(abs(result.storeTime.timeIntervalSince(storeDate) - 60.3) < 0.001)
        #expect(result.screen.text().contains("Premium Monthly renewed"))
        // Not driven by the wall clock: a minute of store time took less than a minute.
        #expect(real < .seconds(60))
    }

    @Test func hiddenStepsTakeNoTimeInTheRecording() async throws {
        let log = FrameLog()
        _ = try await play("""
            \(exampleCatalog)
            Hide
            Sleep 5s
            Down
            Show
            Sleep 1s
            """, recorder: log)
        // The first frame is the screen as Show found it (focus on the second plan), at 0 s.
        let frames = log.frames
        #expect(frames.first?.time == .zero)
        #expect(frames.first?.canvas.text().contains("> Premium Monthly") == true)
        #expect(frames.allSatisfy { $0.time <= .seconds(1) })
    }

    @Test func aFaultsLatencyPassesInVirtualTimeWithPurchasingOnScreen() async throws {
        let log = FrameLog()
        let started = ContinuousClock.now
        let result = try await play("""
            \(exampleCatalog)
            Set TypingSpeed 100ms
            Store fault latency purchase 60000
            Enter
            Enter
            Expect "is now active"
            """, recorder: log)
        // A player that waited out the latency would take a minute; passing it in beats takes seconds.
        #expect(ContinuousClock.now - started < .seconds(30))
        // Two keys, and the purchase answered a minute after the second.
        #expect(result.elapsed == .milliseconds(60_200))
        #expect(log.frames.contains { $0.canvas.text().contains("Purchasing") })
    }
}
