import Foundation
import MockStore
import TestSupport
import Testing

/// The store clock: pause, manual advances, "to next renewal", and time that never goes back.
@Suite("Lifecycle: store clock")
struct ClockTests {
    typealias F = StoreFixtures

    func storeTime(_ store: Store) async throws -> Date { try await store.snapshot().storeTime }

    @Test("store time follows the wall clock from the anchor")
    func runs() async throws {
        let (store, _, clock) = try F.device()
        #expect(try await storeTime(store) == F.start)
        clock.advance(by: 90)
        #expect(try await storeTime(store) == F.start.addingTimeInterval(90))
    }

    @Test("pause stops store time; resume continues from where it stopped")
    func pause() async throws {
        let (store, _, clock) = try F.device()
        clock.advance(by: 10)
        _ = try await store.admin { try $0.setPaused(true) }
        #expect(try await store.snapshot().isClockPaused)
        clock.advance(by: 3600)
        #expect(try await storeTime(store) == F.start.addingTimeInterval(10))
        let tx = try await Life.buy(store, F.coins)
        #expect(tx.purchaseDate == F.start.addingTimeInterval(10), "purchases happen at store time")
        _ = try await store.admin { try $0.setPaused(false) }
        clock.advance(by: 60)
        #expect(try await storeTime(store) == F.start.addingTimeInterval(70))
    }

    @Test("a paused clock renews nothing, however much wall time passes; a manual advance still works")
    func pausedRenewals() async throws {
        let (store, _, clock) = try F.device()
        let tx = try await Life.buy(store, F.monthly)
        _ = try await store.admin { try $0.setPaused(true) }
        let updates = Collected(store.updates)
        await Life.move(store, clock, to: tx.expirationDate!.addingTimeInterval(Life.day))
        #expect(await updates.settle().isEmpty)
        _ = try await store.admin { try $0.advanceClock(ClockAdvance("+1M")!) }
        #expect(await updates.wait(for: 1).count == 1)
        #expect(try await store.snapshot().isClockPaused, "still paused after the jump")
    }

    @Test("advance +1M moves a calendar month and renews what fell due, once")
    func advanceMonth() async throws {
        let (store, _, _) = try F.device()
        let tx = try await Life.buy(store, F.monthly)
        let updates = Collected(store.updates)
        let text = try await store.admin { try $0.advanceClock(ClockAdvance("+1M")!) }
        #expect(text.contains("1 subscription step"))
        let now = try await storeTime(store)
        #expect(now == tx.expirationDate, "31 Jan + 1 month = 28 Feb, the renewal moment itself")
        #expect(Life.utcDay(now) == 28)
        let renewal = try #require(await updates.wait(for: 1).first?.unsafePayloadValue)
        #expect(renewal.purchaseDate == tx.expirationDate)
        _ = try await store.admin { try $0.advanceClock(ClockAdvance("+3d")!) }
        #expect(try await storeTime(store) == now.addingTimeInterval(3 * Life.day))
    }

    @Test("advance to the next renewal lands on each expiry in turn")
    func nextRenewal() async throws {
        let (store, _, _) = try F.device()
        #expect(try await store.admin { try $0.advanceToNextRenewal() }.contains("nothing to renew"))
        let tx = try await Life.buy(store, F.monthly)
        let updates = Collected(store.updates)
        _ = try await store.admin { try $0.advanceToNextRenewal() }
        #expect(try await storeTime(store) == tx.expirationDate)
        let first = try #require(await updates.wait(for: 1).first?.unsafePayloadValue)
        _ = try await store.admin { try $0.advanceToNextRenewal() }
        #expect(try await storeTime(store) == first.expirationDate)
        #expect(await updates.wait(for: 2).count == 2)
        _ = try await store.admin { try $0.cancel(tx.id) }
        _ = try await store.admin { try $0.advanceToNextRenewal() }
        #expect(try await Life.status(store).state == .expired)
        #expect(try await store.admin { try $0.advanceToNextRenewal() }.contains("nothing to renew"))
    }

    @Test("time never goes back when the wall clock does")
    func wallGoesBack() async throws {
        let (store, _, clock) = try F.device()
        clock.advance(by: 600)
        let before = try await storeTime(store)
        let first = try await Life.buy(store, F.coins)
        clock.set(F.start.addingTimeInterval(-3 * 3600))
        #expect(try await storeTime(store) >= before)
        let second = try await Life.buy(store, F.coins)
        #expect(second.purchaseDate >= first.purchaseDate)
        _ = try await store.admin { try $0.setRate(.monthlyRenewalEveryHour) } // re-anchors at the earlier wall time
        #expect(try await storeTime(store) >= before)
        clock.set(F.start.addingTimeInterval(600))
        #expect(try await storeTime(store) >= before)
    }

    @Test("a device that only polls processes renewals that fell due after another device's purchase")
    func pollOnOtherDevice() async throws {
        let ledger = Ledger.inMemory()
        let (phone, _, clock) = try F.device("iphone", ledger: ledger)
        let (pad, _, _) = try F.device("ipad", ledger: ledger, clock: clock)
        let padUpdates = Collected(pad.updates)
        let tx = try await Life.buy(phone, F.monthly)
        clock.set(tx.expirationDate!.addingTimeInterval(1))
        await pad.poll()
        let got = await padUpdates.wait(for: 2).map(\.unsafePayloadValue)
        #expect(got.map(\.reason) == [.purchase, .renewal], "one poll sees the purchase and the renewal it made due")
    }

    @Test("ClockAdvance parses +N<unit> and refuses the rest", arguments: [
        ("+1h", ClockAdvance(value: 1, unit: .hour)), ("1h", ClockAdvance(value: 1, unit: .hour)),
        ("+3d", ClockAdvance(value: 3, unit: .day)), ("+1M", ClockAdvance(value: 1, unit: .month)),
        ("2w", ClockAdvance(value: 2, unit: .week)), ("+1y", ClockAdvance(value: 1, unit: .year)),
        ("+90s", ClockAdvance(value: 90, unit: .second)), ("15m", ClockAdvance(value: 15, unit: .minute)),
        (" +2d ", ClockAdvance(value: 2, unit: .day)),
    ])
    func parse(text: String, expected: ClockAdvance) {
        #expect(ClockAdvance(text) == expected)
        #expect(ClockAdvance(expected.description) == expected, "description round-trips")
    }

    @Test("ClockAdvance rejects malformed text", arguments: ["", "+", "h", "+0h", "-1h", "1.5h", "1x", "1H", "+3162240001s", "++1h", "1 h"])
    func reject(text: String) {
        #expect(ClockAdvance(text) == nil)
    }

    @Test("ClockAdvance arithmetic: fixed units add seconds, months and years follow the calendar")
    func apply() {
        #expect(ClockAdvance(value: 90, unit: .second).apply(to: F.start) == F.start.addingTimeInterval(90))
        #expect(ClockAdvance(value: 15, unit: .minute).apply(to: F.start) == F.start.addingTimeInterval(900))
        #expect(ClockAdvance(value: 2, unit: .week).apply(to: F.start) == F.start.addingTimeInterval(14 * Life.day))
        #expect(Life.utcDay(ClockAdvance(value: 1, unit: .month).apply(to: F.start)) == 28)
        #expect(ClockAdvance(value: 1, unit: .year).apply(to: F.start) == F.start.addingTimeInterval(365 * Life.day))
    }
}
