import Foundation
import TestSupport
import Testing
@testable import MockStore

/// The store's poll task sleeps until the ledger changes or the next renewal falls due: an idle
/// device on an in-memory ledger never wakes, and one with a subscription wakes when it renews.
@Suite struct PollScheduleTests {
    @Test func anIdleInMemoryStoreWaitsOnlyForAChange() async throws {
        let (store, _, _) = try StoreFixtures.device()
        #expect(await store.pollUntilNext().timeout == nil)
    }

    @Test func aSubscribedStoreWakesWhenTheRenewalFallsDue() async throws {
        let (store, _, _) = try StoreFixtures.device()
        _ = try await store.admin { session in try session.setRate(.oneRenewalEveryTwoSeconds) }
        _ = try await store.purchase(productID: StoreFixtures.monthly)
        let timeout = try #require(await store.pollUntilNext().timeout)
        #expect(timeout > .zero && timeout <= .milliseconds(2001))
        // Paused, nothing can fall due.
        _ = try await store.admin { session in try session.setPaused(true) }
        #expect(await store.pollUntilNext().timeout == nil)
    }

    @Test func aFileLedgerAlsoLooksAtTheFallbackInterval() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("poll-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let (store, _, _) = try StoreFixtures.device(ledger: try Ledger.open(path: path))
        #expect(await store.pollUntilNext().timeout == Store.fallbackPollInterval)
    }
}
