import Testing
import TestSupport
@testable import MockStore

/// `tollbooth clock advance` durations: forward only, digits only, at most 100 years at once.
@Suite struct ClockAdvanceParsingTests {
    @Test(arguments: [("+1h", 1, ClockAdvance.Unit.hour), ("3d", 3, .day), ("+1M", 1, .month), ("+100y", 100, .year),
                      ("+36600d", 36600, .day), ("+1200M", 1200, .month)])
    func durationsWithinTheLimitParse(text: String, value: Int, unit: ClockAdvance.Unit) {
        #expect(ClockAdvance(text) == ClockAdvance(value: value, unit: unit))
    }

    @Test(arguments: [("-1h", "goes back in time"), ("++1h", "is not a duration"), ("+1.5h", "is not a duration"),
                      ("+0d", "is not a duration"), ("1 h", "is not a duration"), ("+101y", "is more than 100 years"),
                      ("+1201M", "is more than 100 years"), ("+1000000y", "is more than 100 years")])
    func everythingElseIsRefusedWithItsReason(text: String, reason: String) {
        guard case .failure(let problem) = ClockAdvance.parse(text) else {
            Issue.record("\(text) parsed")
            return
        }
        #expect(problem.description.contains(reason), "\(problem)")
    }
}

/// One advance is one write transaction every other process waits behind: its work is bounded.
@Suite struct ClockAdvanceWorkBoundTests {
    @Test func anAdvanceOfTooManyRenewalsIsRefusedBeforeAnythingChanges() async throws {
        let (store, _, _) = try StoreFixtures.device()
        _ = try await store.admin { try $0.setRate(.oneRenewalEveryTwoSeconds) }
        _ = try await store.admin { try $0.buy(StoreFixtures.monthly) }
        let before = try await store.admin { $0.now }
        let error = await #expect(throws: StoreOperationError.self) {
            try await store.admin { try $0.advanceClock(ClockAdvance(value: 1, unit: .week)) }
        }
        #expect(error?.description.contains("would take about 302400 renewals") == true, "\(String(describing: error))")
        #expect(try await store.admin { $0.now } == before, "the clock did not move")
        // An hour at that rate (1,800 renewals) is within the bound. (Not a day: 43,200 renewals
        // hold the store's actor for seconds and starve the suites running beside this one.)
        _ = try await store.admin { try $0.advanceClock(ClockAdvance(value: 1, unit: .hour)) }
        #expect(try await store.admin { $0.now } == before.addingTimeInterval(3600))
    }
}
