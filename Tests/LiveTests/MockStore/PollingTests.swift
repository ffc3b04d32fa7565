import Testing
import TestSupport

/// The one way the suites wait: a wait that holds returns at once, and one that never holds
/// fails the test with the state it waited for and what it saw, instead of hanging or passing.
@Suite struct PollingTests {
    @Test func aStateThatHoldsEndsTheWaitAtOnce() async {
        var checks = 0
        let held = await Polling.wait(for: "the third check") { checks += 1; return checks >= 3 }
        #expect(held && checks == 3)
    }

    @Test func aStateThatNeverHoldsFailsWithWhatWasSeen() async {
        await withKnownIssue {
            let held = await Polling.wait(for: "a purchase", within: .milliseconds(20), seen: { "no transactions" }) { false }
            #expect(!held)
        } matching: { issue in
            issue.description.contains("waiting for a purchase; seen: no transactions")
        }
    }
}
