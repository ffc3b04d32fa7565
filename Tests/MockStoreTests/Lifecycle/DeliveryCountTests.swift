import Foundation
import MockStore
import TestSupport
import Testing

/// The count a store stream keeps of what it was handed: what `Collected.settle()` waits for
/// when a test checks that nothing more was delivered.
@Suite("Lifecycle: delivery counts")
struct DeliveryCountTests {
    typealias F = StoreFixtures

    @Test("a stream counts the launch replay and what came from elsewhere, not the device's own purchases")
    func counts() async throws {
        let ledger = Ledger.inMemory()
        let (phone, _, clock) = try F.device("iphone", ledger: ledger)
        _ = try await phone.admin { try $0.buy(F.lifetime) } // unfinished, from outside: replayed at launch
        let (pad, _, _) = try F.device("ipad", ledger: ledger, clock: clock)
        let first = pad.updates
        let second = pad.updates
        #expect(await first.deliveredCount() == 1, "the launch replay goes to the first listener")
        #expect(await second.deliveredCount() == 0)

        _ = try await Life.buy(pad, F.coins)
        #expect(await first.deliveredCount() == 1, "B1: the device's own purchase is not handed to updates")
        _ = try await Life.buy(phone, F.season)
        await pad.poll()
        #expect(await first.deliveredCount() == 2)
        #expect(await second.deliveredCount() == 1)
        #expect(await pad.events.deliveredCount() == 0, "a new stream counts from its start")
    }

    @Test("a stream made after close is handed nothing")
    func afterClose() async throws {
        let (store, _, _) = try F.device()
        await store.close()
        let late = store.updates
        _ = try await store.admin { try $0.buy(F.lifetime) }
        #expect(await late.deliveredCount() == 0)
        var iterator = late.makeAsyncIterator()
        #expect(await iterator.next() == nil, "and it has ended")
    }
}
