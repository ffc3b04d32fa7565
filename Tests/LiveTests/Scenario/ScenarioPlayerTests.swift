import Foundation
import MockStore
import Scenario
import TerminalUI
import TestSupport
import Testing

/// The player on the example catalog: what a scenario's author sees on the screen.
@Suite struct ScenarioPlayerTests {
    static let buy = """
        \(exampleCatalog)
        Set StoreDate 2026-01-01T09:00:00Z
        Expect "Premium Yearly"
        Enter
        Expect "Confirm"
        Enter
        Expect "Free trial until Jan 4, 2026"
        """

    @Test func buyingWithKeysSubscribes() async throws {
        let result = try await play(Self.buy)
        #expect(result.screen.text().contains("[ Subscribed ]"))
        #expect(result.screen.text().contains("Purchase complete: Premium Yearly is now active."))
    }

    @Test func advancingTheStoreClockFromAnotherProcessRenews() async throws {
        let result = try await play(Self.buy + """

            Store clock advance +1M
            Expect "Premium Yearly renewed"
            Expect "renews on Jan 4, 2027"
            """)
        #expect(result.screen.text().contains("Store 2026-02-01 09:00"))
    }

    @Test func aRefundFromAnotherProcessLocksThePlanAgain() async throws {
        let result = try await play(Self.buy + """

            Store txn refund last
            Expect "was refunded"
            ExpectNot "[ Subscribed ]"
            """)
        #expect(result.screen.text().contains("Premium Yearly  Best value                               $39.99  [ Subscribe ]"))
    }

    @Test func anExpectationThatNeverHoldsNamesItsLineAndShowsTheScreen() async throws {
        let error = await #expect(throws: ExpectationFailed.self) {
            try await play("""
                \(exampleCatalog)
                Enter
                Expect "Subscribed" within 2s
                """)
        }
        let text = error.map(\.description) ?? ""
        #expect(text.hasPrefix(URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
                               + "/inline.tape:3: Expect \"Subscribed\": not on the screen after 2s\n"))
        // The screen it gave up on: the confirmation sheet, after the 2 s it waited.
        #expect(text.contains("the screen (80x24) at 2.05s:"))
        #expect(text.contains("Confirm"))
    }

    @Test func aStoreLineThatFailsNamesItsLineAndTheCommandsError() async throws {
        let error = await #expect(throws: ScenarioError.self) {
            try await play("\(exampleCatalog)\n\nStore txn refund last\n")
        }
        #expect(error?.line == 3)
        #expect(error?.message == "Store txn refund last failed: there are no transactions yet, so `last` names none")
    }

    @Test func aMissingCatalogNamesTheSetLine() async throws {
        let error = await #expect(throws: ScenarioError.self) {
            try await play("Set Size 80x24\nSet Catalog nowhere.storekit\nEnter\n")
        }
        #expect(error?.line == 2)
        #expect(error?.message.contains("nowhere.storekit") == true)
    }

    @Test func keysAfterQuittingAreRefused() async throws {
        let error = await #expect(throws: ScenarioError.self) {
            try await play("\(exampleCatalog)\nKey q\nEnter\n")
        }
        #expect(error?.line == 3)
        #expect(error?.message.hasPrefix("the paywall quit at line 2") == true)
    }
}
