@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import TestSupport
import Testing
@testable import TollboothApp

/// An account with a history: a refunded lifetime unlock, a monthly subscription (first
/// period expired, second superseded by an upgrade), the yearly plan it was upgraded to
/// (active, bought on the iPad, not yet finished), an interrupted purchase and an Ask to Buy
/// request. Two devices. Store time is `Fixture.t0` (2026-01-01 09:00 UTC).
enum LedgerFixture {
    static func date(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

    static let yearly = Transaction(
        id: 4, originalID: 2, webOrderLineItemID: "4000000004", appBundleID: "dev.tollbooth.example",
        productID: Fixture.yearly, productType: .autoRenewable, subscriptionGroupID: Fixture.group,
        purchaseDate: date("2025-11-20T14:30:00Z"), originalPurchaseDate: date("2025-10-01T09:00:00Z"),
        expirationDate: date("2026-11-20T14:30:00Z"), price: Decimal(string: "39.99"), currencyCode: "USD",
        appAccountToken: UUID(uuidString: "6F1C2A7E-8B3D-4E5F-9A0B-1C2D3E4F5A6B"), device: "iPad", isFinished: false)

    static let transactions: [Transaction] = [
        Transaction(id: 1, originalID: 1, appBundleID: "dev.tollbooth.example", productID: Fixture.lifetime,
                    productType: .nonConsumable, purchaseDate: date("2025-06-10T10:15:00Z"),
                    originalPurchaseDate: date("2025-06-10T10:15:00Z"), revocationDate: date("2025-07-01T08:00:00Z"),
                    revocationReason: .developerIssue, price: Decimal(string: "79.99"), currencyCode: "USD",
                    device: "iPhone", isFinished: true),
        Transaction(id: 2, originalID: 2, webOrderLineItemID: "4000000002", appBundleID: "dev.tollbooth.example",
                    productID: Fixture.monthly, productType: .autoRenewable, subscriptionGroupID: Fixture.group,
                    purchaseDate: date("2025-10-01T09:00:00Z"), originalPurchaseDate: date("2025-10-01T09:00:00Z"),
                    expirationDate: date("2025-11-01T09:00:00Z"), price: Decimal(string: "4.99"), currencyCode: "USD",
                    device: "iPhone", isFinished: true),
        Transaction(id: 3, originalID: 2, webOrderLineItemID: "4000000003", appBundleID: "dev.tollbooth.example",
                    productID: Fixture.monthly, productType: .autoRenewable, subscriptionGroupID: Fixture.group,
                    purchaseDate: date("2025-11-01T09:00:00Z"), originalPurchaseDate: date("2025-10-01T09:00:00Z"),
                    expirationDate: date("2025-12-01T09:00:00Z"), isUpgraded: true, reason: .renewal,
                    price: Decimal(string: "4.99"), currencyCode: "USD", isFinished: true),
        yearly,
    ]

    static let pending = [
        PendingPurchase(id: 5, productID: Fixture.lifetime, device: "iPhone", requestedAt: date("2025-12-20T18:00:00Z"), kind: .interrupted),
        PendingPurchase(id: 6, productID: Fixture.lifetime, device: "iPad", requestedAt: date("2025-12-30T20:45:00Z"), kind: .askToBuy),
    ]

    static let contents = LedgerContents(transactions: transactions, pending: pending, devices: ["iPhone", "iPad"])

    static func snapshot(_ renewal: RenewalState = .subscribed, willAutoRenew: Bool = true) -> StoreSnapshot {
        var snapshot = Fixture.snapshot(eligible: false)
        let info = RenewalInfo(originalTransactionID: 2, currentProductID: Fixture.yearly, willAutoRenew: willAutoRenew,
                               autoRenewPreference: Fixture.yearly, isInBillingRetry: renewal == .inBillingRetryPeriod || renewal == .inGracePeriod,
                               renewalDate: yearly.expirationDate)
        snapshot.statuses = [SubscriptionStatus(state: renewal, renewalInfo: info, transaction: yearly, subscriptionGroupID: Fixture.group)]
        if renewal.isEntitled { snapshot.entitlements = [yearly] }
        snapshot.pendingPurchases = pending
        snapshot.unfinished = [yearly]
        return snapshot
    }

    /// The paywall with the Transactions panel open on this account.
    static func state(_ language: Language = .en, size: Size = Size(width: 80, height: 24),
                      snapshot: StoreSnapshot = snapshot(), contents: LedgerContents = contents) -> AppState {
        var state = Fixture.app(language, size: size, snapshot: snapshot)
        _ = send(&state, char("t"))
        send(&state, .controlRoom(.ledgerLoaded(contents)))
        return state
    }

    /// `count` synthetic transactions: monthly renewals, lifetime unlocks, a few refunds.
    static func many(_ count: Int) -> LedgerContents {
        let transactions = (1...UInt64(count)).map { id -> Transaction in
            let kind = id % 10
            let start = Fixture.t0.addingTimeInterval(-Double(count) * 3600 + Double(id) * 3600)
            return Transaction(id: id, originalID: kind == 0 ? id : (id / 10) * 10 + 1, productID: kind == 0 ? Fixture.lifetime : Fixture.monthly,
                               productType: kind == 0 ? .nonConsumable : .autoRenewable,
                               subscriptionGroupID: kind == 0 ? nil : Fixture.group, purchaseDate: start, originalPurchaseDate: start,
                               expirationDate: kind == 0 ? nil : start.addingTimeInterval(3600),
                               revocationDate: id % 97 == 0 ? start : nil, revocationReason: id % 97 == 0 ? .other : nil,
                               device: ["iPhone", "iPad", "mac"][Int(id % 3)], isFinished: id % 13 != 0)
        }
        return LedgerContents(transactions: transactions, devices: ["iPhone", "iPad", "mac"])
    }
}

extension AppState {
    var txn: TransactionsPanelState { control.transactions }
    var selectedID: UInt64? { control.transactions.selectedRow?.id }
}

/// Moves the cursor to the row with this id (rows are newest first).
func select(_ state: inout AppState, id: UInt64) {
    send(&state, char("g"))
    for _ in 0..<200 where state.selectedID != id { send(&state, char("j")) }
    #expect(state.selectedID == id)
}

@Suite struct TransactionsPanelTests {
    // MARK: Rows

    @Test func openingReadsTheLedgerAndListsEveryRowNewestFirst() {
        var state = Fixture.app(snapshot: LedgerFixture.snapshot())
        #expect(send(&state, char("t")) == [.controlRoom(.loadLedger)])
        #expect(state.control.panel == .transactions)
        #expect(view(state, size: state.size).flatText.contains("Reading the ledger"))
        send(&state, .controlRoom(.ledgerLoaded(LedgerFixture.contents)))
        #expect(state.txn.table.rows.map(\.id) == [6, 5, 4, 3, 2, 1])
        #expect(state.txn.table.rows.map(\.state) == [.askToBuy, .interrupted, .active, .upgraded, .expired, .revoked(.developerIssue)])
        #expect(state.txn.table.rows.map(\.isFinished) == [nil, nil, false, true, true, true])
        #expect(state.selectedID == 6)
        let text = view(state, size: state.size).flatText
        #expect(text.contains("6 transactions"))
        for word in ["Ask to Buy", "interrupted", "active", "upgraded", "expired", "revoked (dev)", "iPad", "iPhone", "Premium Yearly"] {
            #expect(text.contains(word), "\(word)")
        }
    }

    @Test func rowStatesFollowTheSubscriptionStatus() {
        func state(of renewal: RenewalState, willAutoRenew: Bool = true) -> TransactionRowState? {
            LedgerFixture.state(snapshot: LedgerFixture.snapshot(renewal, willAutoRenew: willAutoRenew)).txn.row(id: 4)?.state
        }
        #expect(state(of: .subscribed) == .active)
        #expect(state(of: .subscribed, willAutoRenew: false) == .autoRenewOff)
        #expect(state(of: .inGracePeriod) == .gracePeriod)
        #expect(state(of: .inBillingRetryPeriod) == .billingRetry)
        #expect(state(of: .expired) == .expired)
        var unverified = LedgerFixture.contents
        unverified.transactions[3].verificationError = .invalidSignature
        #expect(LedgerFixture.state(contents: unverified).txn.row(id: 4)?.state == .unverified)
        // No status at all: the expiry date against store time decides.
        var none = LedgerFixture.snapshot()
        none.statuses = []
        #expect(LedgerFixture.state(snapshot: none).txn.row(id: 4)?.state == .active)
        #expect(LedgerFixture.state(snapshot: none).txn.row(id: 4)?.liveWillAutoRenew == nil)
    }

    @Test func theProductOfARowIsFoundForTheConfirmationText() {
        let state = LedgerFixture.state()
        #expect(state.txn.productID(of: 4) == Fixture.yearly)
        #expect(state.txn.productID(of: 6) == Fixture.lifetime)
        #expect(state.txn.productID(of: 99) == nil)
    }

    // MARK: Actions, each confirmed

    /// Presses `keys`, expects the confirmation sheet for `action`, then `y` sends it.
    func confirms(_ state: inout AppState, _ keys: [AppEvent], _ action: AdminAction,
                  sourceLocation: SourceLocation = #_sourceLocation) {
        var effects: [AppEffect] = []
        for event in keys { effects += update(&state, event) }
        #expect(effects.isEmpty, sourceLocation: sourceLocation)
        #expect(state.control.overlay == .adminConfirm(action, focus: .confirm), sourceLocation: sourceLocation)
        #expect(view(state, size: state.size).sheetText?.contains("Are you sure?") == true, sourceLocation: sourceLocation)
        #expect(send(&state, char("y")) == [.controlRoom(.admin(action))], sourceLocation: sourceLocation)
        #expect(state.paywall.overlay == nil, sourceLocation: sourceLocation)
        #expect(state.control.panel == .transactions, sourceLocation: sourceLocation)
    }

    @Test func refundChoosesTheReasonThenConfirms() {
        var state = LedgerFixture.state()
        select(&state, id: 4)
        send(&state, char("r"))
        #expect(state.txn.chooser == .refundReason(id: 4, selection: 0))
        #expect(TransactionsPanel.capturesText(state.controlScope))
        let sheet = view(state, size: state.size).flatText
        #expect(sheet.contains("Refund transaction 4: reason"))
        #expect(sheet.contains("1 developer issue") && sheet.contains("2 other"))
        confirms(&state, [char("j"), key(.enter)], .refund(4, .other))
        #expect(state.txn.chooser == nil)
        // The digit picks directly; Esc in the chooser cancels without leaving the panel.
        confirms(&state, [char("r"), char("1")], .refund(4, .developerIssue))
        send(&state, char("r"), key(.escape))
        #expect(state.txn.chooser == nil && state.paywall.overlay == nil && state.control.panel == .transactions)
        // Already refunded: nothing to do.
        select(&state, id: 1)
        send(&state, char("r"))
        #expect(state.txn.chooser == nil)
    }

    @Test func subscriptionActionsOnTheLiveSubscription() {
        var state = LedgerFixture.state()
        select(&state, id: 4)
        confirms(&state, [char("e")], .expire(4))
        confirms(&state, [char("n")], .renew(4))
        confirms(&state, [char("a")], .setAutoRenew(4, on: false))
        confirms(&state, [char("x")], .delete(4))
        confirms(&state, [key(.delete)], .delete(4))
        #expect(TransactionsPanel.footerKeys(state.controlScope).hasPrefix("r refund  e expire  n renew  a auto-renew off  x delete  Enter details"))

        var off = LedgerFixture.state(snapshot: LedgerFixture.snapshot(willAutoRenew: false))
        select(&off, id: 4)
        #expect(TransactionsPanel.footerKeys(off.controlScope).contains("a auto-renew on"))
        confirms(&off, [char("a")], .setAutoRenew(4, on: true))
    }

    @Test func actionsThatDoNotApplyAreNotOfferedAndDoNothing() {
        var state = LedgerFixture.state()
        for (id, keys) in [(UInt64(1), "renpdf"), (2, "enapdf"), (3, "enapdf"), (6, "renfx"), (5, "renpdx")] {
            select(&state, id: id)
            for c in keys {
                #expect(send(&state, char(c)).isEmpty, "\(c) on \(id)")
                #expect(state.paywall.overlay == nil && state.txn.chooser == nil, "\(c) on \(id)")
            }
        }
        select(&state, id: 2)
        #expect(TransactionsPanel.footerKeys(state.controlScope).hasPrefix("r refund  x delete  Enter details"))
        select(&state, id: 6)
        #expect(TransactionsPanel.footerKeys(state.controlScope).hasPrefix("p approve  d decline  Enter details"))
    }

    @Test func askToBuyIsApprovedOrDeclined() {
        var state = LedgerFixture.state()
        select(&state, id: 6)
        confirms(&state, [char("p")], .approve(6))
        confirms(&state, [char("d")], .decline(6))
    }

    @Test func resolveEndsAnInterruptedPurchaseOrABillingIssue() {
        var state = LedgerFixture.state()
        select(&state, id: 5)
        confirms(&state, [char("f")], .resolve(5))
        var retry = LedgerFixture.state(snapshot: LedgerFixture.snapshot(.inBillingRetryPeriod))
        select(&retry, id: 4)
        #expect(retry.txn.selectedRow?.state == .billingRetry)
        confirms(&retry, [char("f")], .resolve(4))
        var grace = LedgerFixture.state(snapshot: LedgerFixture.snapshot(.inGracePeriod))
        select(&grace, id: 4)
        confirms(&grace, [char("f")], .resolve(4))
        // Subscribed: nothing to resolve.
        var fine = LedgerFixture.state()
        select(&fine, id: 4)
        #expect(send(&fine, char("f")).isEmpty && fine.control.overlay == nil)
    }

    @Test func buyFromAnotherDeviceChoosesAProductThenADevice() {
        var state = LedgerFixture.state()
        send(&state, char("b"))
        #expect(state.txn.chooser == .buyProduct(selection: 0))
        #expect(view(state, size: state.size).flatText.contains("Premium Monthly $4.99"))
        send(&state, char("j"), key(.enter))
        #expect(state.txn.chooser == .buyDevice(productID: Fixture.monthly, selection: 0))
        // The account's other devices (not this iPhone), then suggestions not already listed.
        #expect(TransactionsPanel.otherDevices(state.controlScope) == ["iPad", "mac"])
        #expect(view(state, size: state.size).flatText.contains("Buy Premium Monthly on which device?"))
        confirms(&state, [key(.enter)], .buyElsewhere(productID: Fixture.monthly, device: "iPad"))
        confirms(&state, [char("b"), char("3"), char("2")], .buyElsewhere(productID: Fixture.lifetime, device: "mac"))
        // Confirming names what is bought where.
        send(&state, char("b"), key(.enter), key(.enter))
        #expect(view(state, size: state.size).sheetText?.contains("Buy Premium Yearly on iPad") == true)
    }

    @Test func clearAllIsConfirmedAndNoIsANo() {
        var state = LedgerFixture.state()
        confirms(&state, [char("C")], .clearAll)
        send(&state, char("C"))
        #expect(send(&state, char("n")).isEmpty)
        #expect(state.paywall.overlay == nil)
    }

    @Test func actionsWorkFromTheDetailViewToo() {
        var state = LedgerFixture.state()
        select(&state, id: 4)
        send(&state, key(.enter))
        #expect(state.txn.detail?.id == 4)
        confirms(&state, [char("e")], .expire(4))
        #expect(state.txn.detail?.id == 4)
    }

    @Test func theResultComesBackAsAMessageAndTheLedgerIsReadAgain() {
        var state = LedgerFixture.state()
        select(&state, id: 4)
        send(&state, char("e"), char("y"))
        let effects = send(&state, .controlRoom(.adminFinished(.expire(4), .done("expired"))))
        #expect(effects == [.controlRoom(.loadLedger)])
        #expect(view(state, size: state.size).flatText.contains("Expired transaction 4 (Premium Yearly)."))
    }

    // MARK: Filters

    @Test func typingAfterSlashFiltersByText() {
        var state = LedgerFixture.state()
        send(&state, char("/"))
        #expect(TransactionsPanel.capturesText(state.controlScope))
        for c in "IPAD" { send(&state, char(c)) }
        #expect(state.txn.visible.map { state.txn.table.rows[Int($0)].id } == [6, 4])
        #expect(view(state, size: state.size).flatText.contains("Filter: IPAD"))
        // q and digits are typed, not taken by the control room.
        send(&state, char("q"))
        #expect(!state.paywall.isQuitting && state.txn.filterText == "IPADq" && state.txn.visible.isEmpty)
        #expect(view(state, size: state.size).flatText.contains("No transaction matches"))
        send(&state, key(.backspace))
        #expect(state.txn.visible.count == 2)
        send(&state, key(.enter))
        #expect(!state.txn.isTypingFilter && state.txn.filterText == "IPAD")
        #expect(view(state, size: state.size).flatText.contains("2 of 6 transactions, filter: IPAD"))
        // Esc clears the filter before it leaves the panel.
        send(&state, key(.escape))
        #expect(state.txn.filterText.isEmpty && state.txn.visible.count == 6 && state.control.panel == .transactions)
        send(&state, key(.escape))
        #expect(state.control.panel == nil)
    }

    @Test func escWhileTypingClearsTheFilter() {
        var state = LedgerFixture.state()
        send(&state, char("/"), char("y"), char("e"), char("a"), char("r"))
        #expect(state.txn.visible.count == 1)
        send(&state, key(.escape))
        #expect(!state.txn.isTypingFilter && state.txn.filterText.isEmpty && state.txn.visible.count == 6)
        #expect(state.control.panel == .transactions)
    }

    @Test func textFilterFindsIdsProductsDevicesAndStates() {
        func ids(_ text: String) -> [UInt64] {
            var state = LedgerFixture.state()
            send(&state, char("/"))
            for c in text { send(&state, char(c)) }
            return state.txn.visible.map { state.txn.table.rows[Int($0)].id }
        }
        #expect(ids("monthly") == [3, 2])
        #expect(ids("lifetime unlock") == [6, 5, 1])
        #expect(ids("revoked") == [1])
        #expect(ids("unfinished") == [4])
        #expect(ids("pending") == [6, 5])
        #expect(ids("4") == [4])  // id 4 (and nothing else has a 4: web order ids are not searched)
    }

    @Test(arguments: ["monthly ipad", "1234", "ipad exp"])
    func narrowingGivesTheSameRowsAsFilteringFromScratch(text: String) {
        var state = LedgerFixture.state(contents: LedgerFixture.many(3_000))
        let table = state.txn.table
        send(&state, char("/"))
        var typed = ""
        for c in text {
            send(&state, char(c))
            typed.append(c)
            let query = SearchIndex.folded(typed)
            let brute = table.rows.indices.filter { index in
                table.text(ofRow: index).firstRange(of: query) != nil
            }.map(Int32.init)
            #expect(Array(state.txn.visible) == brute, "after \(typed)")
        }
        #expect(!state.txn.visible.isEmpty)
    }

    @Test func theStateFilterCycles() {
        var state = LedgerFixture.state()
        var seen: [TransactionStateFilter: [UInt64]] = [:]
        for _ in TransactionStateFilter.allCases {
            send(&state, char("s"))
            seen[state.txn.stateFilter] = state.txn.visible.map { state.txn.table.rows[Int($0)].id }
        }
        #expect(state.txn.stateFilter == .all)
        #expect(seen[.active] == [4])
        #expect(seen[.pending] == [6, 5])
        #expect(seen[.unfinished] == [4])
        #expect(seen[.expired] == [2])
        #expect(seen[.revoked] == [1])
        #expect(seen[.upgraded] == [3])
        #expect(seen[.billing] == [])
        #expect(seen[.all] == [6, 5, 4, 3, 2, 1])
        send(&state, char("S"))
        #expect(state.txn.stateFilter == .unverified)
        send(&state, char("s"), char("s"), char("s"))
        #expect(view(state, size: state.size).flatText.contains("2 of 6 transactions, state: pending"))
    }

    @Test func theCursorStaysOnItsRowWhenAFilterChanges() {
        var state = LedgerFixture.state()
        select(&state, id: 4)
        send(&state, char("s"))  // active: only 4
        #expect(state.selectedID == 4)
        send(&state, char("S"))
        #expect(state.selectedID == 4)
    }

    // MARK: Detail

    @Test func enterShowsEveryFieldAndVTogglesJSON() {
        var state = LedgerFixture.state(size: Size(width: 80, height: 60))
        select(&state, id: 4)
        send(&state, key(.enter))
        let fields = view(state, size: state.size).flatText
        for text in ["Transaction 4", "originalID 2", "webOrderLineItemID 4000000004", "expirationDate 2026-11-20 14:30:00",
                     "appAccountToken 6F1C2A7E-8B3D-4E5F-9A0B-1C2D3E4F5A6B", "device iPad", "isFinished no", "price 39.99 USD",
                     "willAutoRenew yes", "state active", "productType autoRenewable (auto-renew)"] {
            #expect(fields.contains(text), "\(text)")
        }
        send(&state, char("v"))
        #expect(state.txn.detail?.showsJSON == true)
        let json = TransactionsPanelView.json(state.txn, state.txn.row(id: 4)!)
        #expect(json.contains("\"expirationDate\" : \"2026-11-20T14:30:00Z\""))
        #expect(json.contains("\"originalID\" : 2"))
        let keys = json.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(keys == keys.sorted())
        #expect(view(state, size: state.size).flatText.contains("\"productID\" : \"dev.tollbooth.example.premium.yearly\""))
        // Esc closes the detail first, then leaves the panel.
        send(&state, key(.escape))
        #expect(state.txn.detail == nil && state.control.panel == .transactions)
        send(&state, key(.escape))
        #expect(state.control.panel == nil)
    }

    @Test func aPendingPurchaseHasItsOwnDetail() {
        var state = LedgerFixture.state()
        send(&state, key(.enter))
        let text = view(state, size: state.size).flatText
        #expect(text.contains("Pending purchase 6") && text.contains("Ask to Buy: waits for a parent") && text.contains("device iPad"))
        send(&state, char("v"))
        #expect(view(state, size: state.size).flatText.contains("\"kind\" : \"askToBuy\""))
    }

    @Test func theDetailScrollsWithinItsLines() {
        var state = LedgerFixture.state(size: Size(width: 40, height: 20))
        select(&state, id: 4)
        send(&state, key(.enter))
        for _ in 0..<100 { send(&state, char("j")) }
        let scroll = state.txn.detail!.scroll
        #expect(scroll > 0)
        let lines = TransactionsPanelView.detailLines(state.controlScope, detail: state.txn.detail!, width: 40).count
        #expect(scroll == lines - TransactionsPanel.pageSize(state.controlScope) - 1)
        #expect(view(state, size: state.size).flatText.contains("isFinished"))
        send(&state, char("g"))
        #expect(state.txn.detail!.scroll == 0)
    }

    // MARK: Reloads, navigation, mouse

    @Test func aReloadKeepsTheCursorOnTheSameRow() {
        var state = LedgerFixture.state()
        select(&state, id: 3)
        var more = LedgerFixture.contents
        more.transactions.append(Transaction(id: 7, originalID: 7, productID: Fixture.lifetime, productType: .nonConsumable,
                                             purchaseDate: Fixture.t0, originalPurchaseDate: Fixture.t0, device: "mac"))
        #expect(send(&state, .controlRoom(.ledgerLoaded(more))).isEmpty)
        #expect(state.selectedID == 3 && state.txn.cursor == 4)
        // `opened` runs again when the store changes: it reads, and resets nothing.
        #expect(send(&state, .paywall(.snapshotChanged(LedgerFixture.snapshot()))) == [.controlRoom(.loadLedger)])
        #expect(state.selectedID == 3)
        // The selected row was deleted: the cursor stays where it was.
        var fewer = more
        fewer.transactions.removeAll { $0.id == 3 }
        send(&state, .controlRoom(.ledgerLoaded(fewer)))
        #expect(state.txn.cursor == 4 && state.selectedID == 2)
        // The detail of a deleted row closes.
        send(&state, key(.enter))
        fewer.transactions.removeAll { $0.id == 2 }
        send(&state, .controlRoom(.ledgerLoaded(fewer)))
        #expect(state.txn.detail == nil && state.selectedID == 1)
    }

    @Test func pagesAndEndsMoveTheCursorAndScrollFollows() {
        var state = LedgerFixture.state(contents: LedgerFixture.many(500))
        let page = TransactionsPanel.pageSize(state.controlScope)
        send(&state, key(.pageDown))
        #expect(state.txn.cursor == page - 1)
        send(&state, char("G"))
        #expect(state.txn.cursor == 499 && state.selectedID == 1)
        #expect(state.txn.scroll == 500 - page)
        #expect(view(state, size: state.size).regionRect(.transactionRow(id: 1)) != nil)
        send(&state, char("g"))
        #expect(state.txn.cursor == 0 && state.txn.scroll == 0 && state.selectedID == 500)
        send(&state, key(.up))
        #expect(state.txn.cursor == 0)
    }

    @Test func clickingARowSelectsItAndTheWheelScrolls() {
        var state = LedgerFixture.state()
        let rect = view(state, size: state.size).regionRect(.transactionRow(id: 3))!
        send(&state, .input(.mouse(MouseEvent(kind: .click, point: Point(x: 10, y: rect.y)))))
        #expect(state.selectedID == 3)
        send(&state, .input(.mouse(MouseEvent(kind: .wheelUp, button: .none, point: Point(x: 10, y: 5)))))
        #expect(state.selectedID == 6)
        // Choosers take clicks on their options.
        send(&state, char("r"))
        #expect(state.txn.chooser == nil)  // 6 is a pending purchase: nothing to refund
        select(&state, id: 4)
        send(&state, char("r"))
        let option = view(state, size: state.size).regionRect(.chooserOption(1))!
        send(&state, .input(.mouse(MouseEvent(kind: .click, point: option.origin))))
        #expect(state.control.overlay == .adminConfirm(.refund(4, .other), focus: .confirm))
    }

    @Test func navigatingLeavesTheBigArraysAlone() {
        var state = LedgerFixture.state(contents: LedgerFixture.many(20_000))
        func identity(_ state: AppState) -> [UnsafeRawPointer?] {
            [state.txn.visible.offsets.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
             state.txn.table.chunks.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
             state.txn.contents!.transactions.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }]
        }
        let before = identity(state)
        for event: AppEvent in [char("j"), char("j"), key(.pageDown), char("G"), char("k"), char("g"), key(.enter), char("v"), key(.escape)] {
            let previous = state
            send(&state, event)
            #expect(identity(state) == before)
            #expect(previous != state)
        }
    }

    @Test func anEmptyAccountSaysSo() {
        var state = LedgerFixture.state(contents: LedgerContents())
        let text = view(state, size: state.size).flatText
        #expect(text.contains("No transactions on this account yet"))
        #expect(send(&state, char("j"), char("G"), key(.enter), char("r"), char("x")).isEmpty)
        #expect(state.txn.detail == nil)
        #expect(TransactionsPanel.footerKeys(state.controlScope).hasPrefix("/ filter  s state  b buy elsewhere  C clear all"))
    }

    @Test(arguments: spelledOutLanguages)
    func neverCrashesAtTinySizes(language: Language) {
        for (width, height) in [(20, 8), (19, 7), (10, 3), (3, 2), (1, 1), (0, 0), (24, 9), (30, 10)] {
            let size = Size(width: width, height: height)
            var state = LedgerFixture.state(language, size: size)
            for event: AppEvent in [char("j"), key(.enter), char("v"), key(.escape), char("r"), char("j"), key(.escape), char("b"), key(.enter),
                          char("/"), char("x"), key(.enter), char("G")] {
                send(&state, event)
                TinyScreens.expect(view(state, size: size), of: state, size: size, language: language)
                for panelHeight in 0...3 {
                    let panel = Size(width: width, height: panelHeight)
                    #expect(TransactionsPanel.render(state.controlScope, size: panel).size == panel)
                }
            }
        }
    }

    @Test func japaneseColumnsLineUp() {
        let state = LedgerFixture.state(.ja, size: Size(width: 40, height: 20))
        let screen = view(state, size: state.size)
        let rows = screen.text().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Every table row is exactly 40 cells wide, and the state column starts at the same cell.
        let table = rows[3...8]
        #expect(table.allSatisfy { TextWidth.of($0) <= 40 })
        #expect(table.contains { $0.contains("プレミアム（年額）") })
        #expect(table.contains { $0.contains("取消（開発者）") })
    }
}

/// Rendering goldens for the Transactions panel: list, detail, JSON, choosers, confirmation.
@Suite struct TransactionsPanelGoldenTests {
    let directory = goldenDirectory()

    static let sizes = [Size(width: 80, height: 24), Size(width: 40, height: 20)]

    func golden(_ state: AppState, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        assertGolden(view(state, size: state.size), named: name, in: directory, sourceLocation: sourceLocation)
    }

    @Test(arguments: spelledOutLanguages)
    func everyScreen(language: Language) {
        for size in Self.sizes {
            let name = "transactions-\(language)-\(size)"
            var state = LedgerFixture.state(language, size: size)
            select(&state, id: 4)
            golden(state, "\(name)-list")
            send(&state, key(.enter))
            golden(state, "\(name)-detail")
            send(&state, char("v"))
            golden(state, "\(name)-json")
            send(&state, key(.escape), char("r"))
            golden(state, "\(name)-refund-reason")
            send(&state, char("2"))
            golden(state, "\(name)-confirm")
            send(&state, char("n"), char("b"), char("j"))
            golden(state, "\(name)-buy-product")
            send(&state, key(.enter))
            golden(state, "\(name)-buy-device")
            send(&state, key(.escape), char("/"), char("i"), char("p"))
            golden(state, "\(name)-filtering")
        }
    }

    /// `AppTransaction.shared` as the store keeps it, on the line above the table.
    static let app = AppTransactionRecord(
        bundleID: "dev.tollbooth.example", appVersion: "3", originalAppVersion: "1",
        originalPurchaseDate: LedgerFixture.date("2025-06-01T08:00:00Z"), appTransactionID: "704289569412345678",
        deviceVerificationNonce: UUID(uuidString: "00000000-0000-4000-8000-000000000001")!, deviceVerification: Data(count: 48),
        signedDate: Fixture.t0)

    @Test(arguments: spelledOutLanguages)
    func theAppTransactionShowsAboveTheTable(language: Language) {
        var contents = LedgerFixture.contents
        contents.appTransaction = Self.app
        var state = LedgerFixture.state(language, contents: contents)
        select(&state, id: 4)
        let text = view(state, size: state.size).flatText
        #expect(text.contains(language == .en ? "App dev.tollbooth.example 3 first 1 on" : "アプリ dev.tollbooth.example 3 初回 1"), "\(text)")
        // Every row still fits and the cursor's row is on screen.
        #expect(text.contains("Premium Yearly") || text.contains("プレミアム（年額）"))
        golden(state, "transactions-\(language)-80x24-app")
    }

    @Test(arguments: spelledOutLanguages)
    func emptyAccount(language: Language) {
        golden(LedgerFixture.state(language, contents: LedgerContents()), "transactions-\(language)-empty")
    }
}
