import GRDB
import GRDBSQLite
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

    @Test("finding the devices that bought visits a few index entries per device, not every purchase")
    func devicesCostPerDevice() throws {
        let queue = try DatabaseQueue()
        let steps = try queue.write { db -> Int32 in
            try LedgerSchema.migrate(db)
            // 3,000 purchases from three devices.
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
                INSERT INTO transactions (id, originalID, productID, productType, purchaseDate, originalPurchaseDate,
                    ownershipType, reason, quantity, storefront, device, signedDate)
                SELECT i, i, 'p', 'Consumable', i, i, 'PURCHASED', 'PURCHASE', 1, 'USA',
                       CASE i % 3 WHEN 0 THEN 'ipad' WHEN 1 THEN 'iphone' ELSE 'mac' END, i FROM n
                """)
            let statement = try db.makeStatement(sql: DeviceRecords.seenSQL)
            #expect(try String.fetchAll(statement) == ["iphone", "mac", "ipad"])
            return sqlite3_stmt_status(statement.sqliteStatement, SQLITE_STMTSTATUS_VM_STEP, 0)
        }
        // Grouping every purchase by device took over 30,000 steps here; seeking takes about 100.
        #expect(steps < 1_000, "\(steps) virtual machine steps")
    }

    @Test("the devices that bought, in the order each was first seen")
    func devicesInOrder() throws {
        let queue = try DatabaseQueue()
        let names = try queue.write { db -> [String] in
            try LedgerSchema.migrate(db)
            try db.execute(sql: "INSERT INTO devices (name, firstSeen, lastSeen) VALUES ('mac', 50, 60), ('watch', 5, 6)")
            var id = 0
            // ipad bought first (10), iphone at 20 and 30, mac bought at 40 but was seen at 50,
            // a transaction with no device, and watch was seen (5) and never bought.
            for (device, date) in [("iphone", 30.0), ("ipad", 10.0), ("iphone", 20.0), ("mac", 40.0), (nil, 1.0)] as [(String?, Double)] {
                id += 1
                try db.execute(sql: """
                    INSERT INTO transactions (id, originalID, productID, productType, purchaseDate, originalPurchaseDate,
                        ownershipType, reason, quantity, storefront, device, signedDate)
                    VALUES (?, ?, 'p', 'Consumable', ?, ?, 'PURCHASED', 'PURCHASE', 1, 'USA', ?, ?)
                    """, arguments: [id, id, date, date, device, date])
            }
            return try DeviceRecords.seen(db)
        }
        #expect(names == ["watch", "ipad", "iphone", "mac"])
    }
}
