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

    @Test("what reaches an app before its first listener starts is handed to that listener, once")
    func heldForTheFirstListener() async throws {
        let (store, _, _) = try F.device()
        _ = try await store.admin { try $0.buy(F.lifetime) }  // the app's listener task has not started yet
        let first = store.updates
        let second = store.updates
        #expect(await first.deliveredCount() == 1)
        #expect(await second.deliveredCount() == 0)
    }

    @Test("an administrative client keeps nothing for a listener it never has")
    func adminClientHoldsNothing() async throws {
        let ledger = Ledger.inMemory()
        let cli = try Store(catalog: F.catalog, ledger: ledger, device: "cli", wallClock: ManualWallClock(F.start), polling: false, role: .admin)
        _ = try await cli.admin { try $0.buy(F.lifetime) }
        #expect(await cli.updates.deliveredCount() == 0)
    }

    @Test("a synchronous admin change is in every stream when the call returns")
    func synchronousAdminHandsOverBeforeReturning() async throws {
        let (store, _, _) = try F.device()
        let updates = store.updates
        let events = store.events
        let bought = try store.adminNow { try $0.buy(F.lifetime) }
        #expect(updates.handedCount == 1, "no await between the call and this check")
        #expect(events.handedCount > 0)
        _ = try store.adminNow { try $0.refund(bought.id) }
        #expect(updates.handedCount == 2)
        #expect(try await store.currentEntitlements.isEmpty)
    }
}
