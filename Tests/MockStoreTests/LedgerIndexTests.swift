import GRDB
@testable import MockStore
import Testing

/// The questions every snapshot and every change read ask of the ledger go through an index:
/// as scans they made a 100,000-transaction ledger cost a full table read per subscription
/// group on every purchase (BENCHMARKS.md, `transactions-panel-live`).
@Suite("Ledger indexes")
struct LedgerIndexTests {
    func plan(_ sql: String) throws -> String {
        let queue = try DatabaseQueue()
        return try queue.write { db in
            try LedgerSchema.migrate(db)
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: ["group"]).map { $0["detail"] as String }
                .joined(separator: "\n")
        }
    }

    @Test("intro offer eligibility reads the group's index", arguments: [
        StoreSettings.IntroEligibilityRule.anySubscription, .receivedIntroOffer,
    ])
    func eligibility(rule: StoreSettings.IntroEligibilityRule) throws {
        let plan = try plan(SubscriptionRules.introEligibilitySQL(rule))
        #expect(plan.contains("transactions_by_group"), "\(plan)")
        #expect(!plan.contains("SCAN transactions"), "\(plan)")
    }

    @Test("the devices that bought are read from the device index")
    func devices() throws {
        let queue = try DatabaseQueue()
        let plan = try queue.write { db in
            try LedgerSchema.migrate(db)
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + DeviceRecords.seenSQL).map { $0["detail"] as String }.joined(separator: "\n")
        }
        #expect(plan.contains("transactions_by_device"), "\(plan)")
    }
}
