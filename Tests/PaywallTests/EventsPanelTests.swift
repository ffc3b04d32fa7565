@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import TestSupport
import Testing
@testable import TollboothApp

/// The Events panel: the live log, its delivery notes, warnings, following and filtering.
@Suite struct EventsPanelTests {
    let directory = goldenDirectory()

    static func event(_ id: Int64, _ kind: StoreEvent.Kind, minutes: Double = 0, tx: UInt64? = nil, product: String? = nil,
                      device: String? = nil, delivers: Bool = false, group: String? = nil, detail: String = "") -> StoreEvent {
        let time = Fixture.t0.addingTimeInterval(minutes * 60)
        return StoreEvent(id: id, kind: kind, storeTime: time, wallTime: time, transactionID: tx, productID: product,
                          device: device, deliversTransaction: delivers, statusGroupID: group, detail: detail)
    }

    /// A morning on the account: a purchase here, one on the iPad, a renewal, a cancellation
    /// and an expiry (status only), a fault, an admin action.
    static let story: [StoreEvent] = [
        event(1, .launch, device: "iPhone", detail: "iPhone launched"),
        event(2, .purchase, minutes: 1, tx: 11, product: Fixture.monthly, device: "iPhone", delivers: true, group: Fixture.group,
              detail: "autoRenewable \(Fixture.monthly) × 1"),
        event(3, .faultFired, minutes: 2, product: Fixture.lifetime, device: "iPhone", detail: "purchase → networkError"),
        event(4, .purchase, minutes: 3, tx: 12, product: Fixture.lifetime, device: "iPad", delivers: true,
              detail: "nonConsumable \(Fixture.lifetime) × 1"),
        event(5, .clockChanged, minutes: 4, detail: "advanced 1 month"),
        event(6, .renewal, minutes: 5, tx: 13, product: Fixture.monthly, delivers: true, group: Fixture.group),
        event(7, .autoRenewOff, minutes: 6, tx: 13, product: Fixture.monthly, group: Fixture.group),
        event(8, .expiry, minutes: 40, tx: 13, product: Fixture.monthly, group: Fixture.group),
    ]

    /// Unfinished: 11 bought here (its result was ignored), 12 from the iPad.
    static func snapshot() -> StoreSnapshot {
        var snapshot = Fixture.snapshot(eligible: false)
        snapshot.storeTime = Fixture.t0.addingTimeInterval(3 * 3600 + 60)
        var mine = Fixture.transaction(Fixture.monthly, id: 11, purchased: Fixture.t0.addingTimeInterval(60))
        mine.device = "iPhone"
        var theirs = Fixture.transaction(Fixture.lifetime, id: 12, purchased: Fixture.t0.addingTimeInterval(180))
        theirs.device = "iPad"
        snapshot.unfinished = [mine, theirs]
        return snapshot
    }

    func events(_ language: Language = .en, size: Size = Size(width: 80, height: 24),
                log: [StoreEvent] = EventsPanelTests.story, snapshot: StoreSnapshot = EventsPanelTests.snapshot()) -> AppState {
        var state = Fixture.app(language, size: size, snapshot: snapshot)
        let effects = send(&state, char("e"))
        #expect(effects.contains(.controlRoom(.loadEventLog(limit: EventsPanel.capacity))))
        send(&state, .controlRoom(.storeEvents(log)))
        return state
    }

    // MARK: Notes

    @Test func deliveryNotes() {
        let state = events()
        let notes = Self.story.map { EventsPanel.note($0, state: state.controlScope) }
        #expect(notes == [.none, .purchaseResult, .faultFired, .updatesHere, .none, .updatesHere, .statusOnly, .statusOnly])
        let text = view(state, size: state.size).text()
        #expect(text.contains("-> updates (this device)"))
        #expect(text.contains("status only (no updates)"))
        #expect(text.contains("FAULT purchase -> networ"))
        #expect(view(state, size: Size(width: 100, height: 30)).text().contains("FAULT purchase -> networkError"))
        #expect(text.contains("purchase() result here"))
        #expect(!text.contains("→"))
    }

    /// `txn buy --device iPhone`: bought on this device, but outside the app, so it came on
    /// `updates` here; the row names the device.
    @Test func outsidePurchaseOnThisDeviceCameOnUpdates() {
        let time = Fixture.t0.addingTimeInterval(60)
        let outside = StoreEvent(id: 2, kind: .purchase, storeTime: time, wallTime: time, transactionID: 11,
                                 productID: Fixture.monthly, device: "iPhone", deliversTransaction: true, isOutsideApp: true,
                                 statusGroupID: Fixture.group)
        let state = events(log: [Self.story[0], outside])
        #expect(EventsPanel.note(outside, state: state.controlScope) == .updatesHere)
        let row = view(state, size: state.size).text().split(separator: "\n").first { $0.contains("purchase ") } ?? ""
        #expect(row.contains("iPhone"), "the device it was bought on: \(row)")
        #expect(row.contains("-> updates (this device)"), "\(row)")
    }

    @Test func faultsAreHighlightedAsErrors() throws {
        let state = events()
        let canvas = view(state, size: state.size)
        let rows = canvas.text().split(separator: "\n", omittingEmptySubsequences: false)
        let y = try #require(rows.firstIndex { $0.contains("faultFired") })
        let x = try #require(rows[y].range(of: "FAULT")).lowerBound.utf16Offset(in: rows[y])
        #expect(canvas.style(at: Point(x: x, y: y)) == state.paywall.theme[.error])
    }

    @Test func statusOnlyIsExplainedInTheEventsDetails() {
        var state = events()
        state.control.events.cursor = 7
        send(&state, key(.enter))
        #expect(state.control.events.detail == 7)
        let text = view(state, size: state.size).flatText
        #expect(text.contains("A listener on Transaction.updates alone will not fire"))
        #expect(text.contains("Status.updates"))
        #expect(text.contains("(B4)"))
        #expect(text.contains("autoRenewOff"))
        #expect(text.contains(Fixture.group))
        // j reads the next event in place; Esc goes back to the log, not to the paywall.
        send(&state, char("j"))
        #expect(state.control.events.detail == 8)
        send(&state, key(.escape))
        #expect(state.control.events.detail == nil)
        #expect(state.control.panel == .events)
    }

    @Test func everyFieldIsInTheDetails() {
        var state = events()
        state.control.events.cursor = 4
        send(&state, key(.enter))
        let text = view(state, size: state.size).flatText
        for expected in ["#4", "purchase", "2026-01-01 09:03:00", "12", "Lifetime Unlock", Fixture.lifetime, "iPad",
                         "On updates yes, to devices other than the one that made it", "nonConsumable", "Unfinished yes (iPad)",
                         "Delivered to this device's Transaction.updates"] {
            #expect(text.contains(expected), "\(expected)")
        }
    }

    // MARK: Warnings

    @Test func warningsNameTheUnfinishedTheIgnoredResultAndStatusOnlyChanges() {
        let state = events()
        let warnings = EventsPanel.warnings(state.controlScope)
        #expect(warnings.map(\.kind) == [.resultIgnored, .unfinished, .statusOnly])
        #expect(warnings[0].text.contains("Purchase result ignored: tx 11 Premium Monthly bought on iPhone"))
        #expect(warnings[0].text.contains("3 h ago"))
        #expect(warnings[1].text.contains("Unfinished for 2 h 58 min: tx 12 Lifetime Unlock on iPad"))
        #expect(warnings[2].text.contains("2 status-only changes (latest: expiry Premium Monthly)"))
        let text = view(state, size: state.size).text()
        #expect(text.contains("! 3 warnings"))
        #expect(text.contains("! Purchase result ignored"))
    }

    @Test func aPurchaseStillInFlightIsNotIgnored() {
        var state = events()
        state.paywall.inFlight = .purchasing(productID: Fixture.monthly, change: nil)
        #expect(EventsPanel.warnings(state.controlScope).map(\.kind) == [.unfinished, .unfinished, .statusOnly])
    }

    @Test func noWarningsWhenAllIsFinishedAndNothingChangedStatusOnly() {
        let state = events(log: Array(Self.story.prefix(6)), snapshot: Fixture.snapshot())
        #expect(EventsPanel.warnings(state.controlScope).isEmpty)
        #expect(!view(state, size: state.size).text().contains("! "))
    }

    @Test func tooManyWarningsFoldIntoOneRowAndWShowsThemAll() {
        var snapshot = Self.snapshot()
        snapshot.unfinished += (20..<26).map { Fixture.transaction(Fixture.lifetime, id: $0) }
        var state = events(snapshot: snapshot)
        #expect(EventsPanel.warnings(state.controlScope).count == 9)
        let text = view(state, size: state.size).text()
        #expect(text.contains("! 9 warnings"))
        #expect(text.contains("+6 more: w shows every warning"))
        send(&state, char("w"))
        #expect(state.control.events.showsWarnings)
        #expect(view(state, size: Size(width: 80, height: 40)).flatText.contains("tx 25 Lifetime Unlock"))
        send(&state, key(.escape))
        #expect(!state.control.events.showsWarnings)
        #expect(state.control.panel == .events)
    }

    // MARK: Following

    @Test func followsTheNewestUntilScrolledUpAndEndResumes() {
        var state = events()
        #expect(state.control.events.isFollowing)
        send(&state, .controlRoom(.storeEvents([Self.event(9, .renewal, minutes: 50, tx: 14, product: Fixture.yearly, delivers: true, group: Fixture.group)])))
        #expect(state.control.events.isFollowing)
        #expect(view(state, size: state.size).text().contains("renewal"))
        send(&state, char("k"))
        #expect(state.control.events.cursor == 8)
        #expect(!state.control.events.isFollowing)
        // New events do not move what the reader is looking at.
        let before = state.control.events
        send(&state, .controlRoom(.storeEvents([Self.event(10, .finish, minutes: 51, tx: 14, product: Fixture.yearly)])))
        #expect(state.control.events.cursor == before.cursor)
        #expect(state.control.events.events.count == 10)
        #expect(view(state, size: state.size).text().contains("paused (End follows)"))
        send(&state, key(.end))
        #expect(state.control.events.isFollowing)
        // Moving back down to the newest follows again too.
        send(&state, char("k"), char("j"))
        #expect(state.control.events.isFollowing)
    }

    @Test func scrollingAManyEventLogKeepsTheCursorInView() {
        let log = (1...300).map { Self.event(Int64($0), .renewal, minutes: Double($0), tx: UInt64($0), product: Fixture.monthly, delivers: true) }
        var state = events(log: log, snapshot: Fixture.snapshot())
        var text = view(state, size: state.size).text()
        #expect(text.contains("14:00") && !text.contains("09:01"))  // the newest in view (minute 300 = 14:00)
        send(&state, key(.pageUp), key(.pageUp))
        text = view(state, size: state.size).text()
        let cursor = state.control.events.cursor!
        #expect(cursor < 300)
        #expect(text.contains(" \(cursor) "))
        send(&state, key(.home))
        #expect(state.control.events.cursor == 1)
        #expect(view(state, size: state.size).text().contains(" 1 "))
        // Scrolled to the top, new events arrive: the top stays in view.
        send(&state, .controlRoom(.storeEvents([Self.event(301, .finish, minutes: 301)])))
        #expect(state.control.events.cursor == 1)
        let rows = EventsPanel.logRows(state.controlScope)
        let (top, index) = EventsPanel.window(state.controlScope, list: EventsPanel.visible(state.controlScope), rows: rows)
        #expect(top == 0 && index == 0)
    }

    @Test func receivedMergesBatchesInOrderWithoutRepeatsUpToTheCapacity() {
        var state = Fixture.app()
        send(&state, .controlRoom(.storeEvents([Self.event(5, .launch), Self.event(6, .launch)])))
        // The history read arrives after the first live events, overlapping them.
        send(&state, .controlRoom(.storeEvents((1...6).map { Self.event(Int64($0), .launch) })))
        #expect(state.control.events.events.map(\.id) == [1, 2, 3, 4, 5, 6])
        send(&state, .controlRoom(.storeEvents((7...2_100).map { Self.event(Int64($0), .launch) })))
        #expect(state.control.events.events.count == EventsPanel.capacity)
        #expect(state.control.events.events.first?.id == 101)
        #expect(state.control.events.events.last?.id == 2_100)
    }

    // MARK: Filter

    @Test func filterCyclesTheCategories() {
        var state = events()
        func ids() -> [Int64] { EventsPanel.visible(state.controlScope).map(\.id) }
        #expect(ids() == [1, 2, 3, 4, 5, 6, 7, 8])
        send(&state, char("f"))
        #expect(state.control.events.filter == .purchases)
        #expect(ids() == [2, 4, 6])
        send(&state, char("f"))
        #expect(ids() == [7, 8])
        send(&state, char("f"))
        #expect(ids() == [3])
        #expect(view(state, size: state.size).text().contains("filter: faults"))
        send(&state, char("f"))
        #expect(ids() == [1, 5])
        send(&state, char("f"))
        #expect(state.control.events.filter == .all)
    }

    @Test func emptyLogAndEmptyFilterSaySo() {
        var state = events(log: [], snapshot: Fixture.snapshot())
        #expect(view(state, size: state.size).flatText.contains("No events yet."))
        send(&state, .controlRoom(.storeEvents([Self.event(1, .launch)])), char("f"))
        #expect(view(state, size: state.size).flatText.contains("No events match this filter"))
    }

    @Test func clickingARowSelectsItAndASecondClickOpensIt() throws {
        var state = events()
        let rect = try #require(view(state, size: state.size).regionRect(.eventRow(id: 4)))
        let click = AppEvent.input(.mouse(MouseEvent(kind: .click, point: Point(x: rect.x + 3, y: rect.y))))
        send(&state, click)
        #expect(state.control.events.cursor == 4)
        send(&state, click)
        #expect(state.control.events.detail == 4)
    }

    // MARK: Layout

    @Test func neverCrashesAtTinySizes() {
        for language in Language.allCases {
            for width in [1, 2, 5, 10, 20, 30, 40, 60] {
                for height in [1, 2, 3, 5, 8, 10, 14] {
                    var state = events(language, size: Size(width: width, height: height))
                    TinyScreens.expect(view(state, size: state.size), of: state, size: state.size, language: language)
                    send(&state, char("k"), key(.pageUp), key(.pageDown))
                    TinyScreens.expect(view(state, size: state.size), of: state, size: state.size, language: language)
                    send(&state, key(.enter))
                    TinyScreens.expect(view(state, size: state.size), of: state, size: state.size, language: language)
                    send(&state, key(.escape), char("w"))
                    TinyScreens.expect(view(state, size: state.size), of: state, size: state.size, language: language)
                    #expect(EventsPanel.render(state.controlScope, size: state.size).size == state.size)
                }
            }
        }
    }

    @Test func japaneseRowsFitTheirColumns() {
        for size in [Size(width: 80, height: 24), Size(width: 40, height: 20), Size(width: 100, height: 30)] {
            let state = events(.ja, size: size)
            let canvas = view(state, size: size)
            for row in canvas.text().split(separator: "\n") {
                #expect(TextWidth.of(row) <= size.width)
            }
        }
    }

    // MARK: Server notifications

    /// A purchase whose SUBSCRIBED reached the server on its second attempt, and a refund
    /// whose REFUND never did.
    static let deliveries: [StoreEvent] = [
        event(1, .purchase, tx: 11, product: Fixture.monthly, device: "iPhone", delivers: true, group: Fixture.group),
        event(2, .notification, minutes: 0.5, tx: 11, product: Fixture.monthly,
              detail: "#1 SUBSCRIBED INITIAL_BUY: HTTP 500, attempt 1, pending"),
        event(3, .notification, minutes: 60.5, tx: 11, product: Fixture.monthly,
              detail: "#1 SUBSCRIBED INITIAL_BUY: HTTP 200, attempt 2, delivered"),
        event(4, .refund, minutes: 70, tx: 11, product: Fixture.monthly, delivers: true, group: Fixture.group),
        event(5, .notification, minutes: 90, tx: 11, product: Fixture.monthly,
              detail: "#2 REFUND: NO_RESPONSE, attempt 6, failed"),
    ]

    @Test func serverNotificationsShowTypeStatusCodeAndAttempts() throws {
        var state = events(size: Size(width: 130, height: 24), log: Self.deliveries)
        state.control.events.cursor = 1
        let canvas = view(state, size: state.size)
        let rows = canvas.text().split(separator: "\n", omittingEmptySubsequences: false)
        for (text, role) in [("SUBSCRIBED INITIAL_BUY -> HTTP 500, will retry (attempt 1)", ThemeRole.warning),
                             ("SUBSCRIBED INITIAL_BUY -> HTTP 200, delivered (attempt 2)", .success),
                             ("REFUND -> NO_RESPONSE, failed (attempt 6, no more retries)", .error)] {
            let y = try #require(rows.firstIndex { $0.contains(text) }, "\(text)")
            let x = try #require(rows[y].range(of: text)).lowerBound.utf16Offset(in: rows[y])
            #expect(canvas.style(at: Point(x: x, y: y)) == state.paywall.theme[role], "\(text)")
            #expect(rows[y].contains("notification"))
        }
        // Narrow, the status code and the attempt.
        let narrow = view(events(log: Self.deliveries), size: Size(width: 60, height: 24)).text()
        #expect(narrow.contains("HTTP 200 #2") && narrow.contains("NO_RESPONSE #6"))
    }

    @Test func aServerNotificationsDetailSaysItWentToTheServer() {
        var state = events(log: Self.deliveries)
        state.control.events.cursor = 3
        send(&state, key(.enter))
        let text = view(state, size: state.size).flatText
        #expect(text.contains("#1 SUBSCRIBED INITIAL_BUY: HTTP 200, attempt 2, delivered"))
        #expect(text.contains("POSTed to the server set with `tollbooth notify url`"))
        #expect(EventsPanel.warnings(state.controlScope).allSatisfy { !$0.text.contains("notification") })
    }

    @Test("at 80 columns a delivery row keeps its status code and attempt, cut after them")
    func narrowDeliveryRows() {
        let state = events(size: Size(width: 80, height: 24), log: Self.deliveries)
        let text = view(state, size: state.size).flatText
        #expect(text.contains("HTTP 500 #1 SUBSCRIBED"))
        #expect(text.contains("HTTP 200 #2 SUBSCRIBED"))
    }

    // MARK: Goldens

    @Test(arguments: spelledOutLanguages)
    func goldens(language: Language) {
        for size in [Size(width: 80, height: 24), Size(width: 40, height: 20)] {
            let state = events(language, size: size)
            assertGolden(view(state, size: size), named: "events-\(language)-\(size)", in: directory)
        }
        var scrolled = events(language)
        send(&scrolled, char("k"), char("k"), char("k"))
        assertGolden(view(scrolled, size: scrolled.size), named: "events-\(language)-scrolled", in: directory)
        var detail = events(language)
        detail.control.events.cursor = 8
        send(&detail, key(.enter))
        assertGolden(view(detail, size: detail.size), named: "events-\(language)-detail-status-only", in: directory)
        var narrowDetail = events(language, size: Size(width: 40, height: 20))
        narrowDetail.control.events.cursor = 3
        send(&narrowDetail, key(.enter))
        assertGolden(view(narrowDetail, size: narrowDetail.size), named: "events-\(language)-40x20-detail-fault", in: directory)
        var warnings = events(language)
        send(&warnings, char("w"))
        assertGolden(view(warnings, size: warnings.size), named: "events-\(language)-warnings", in: directory)
        let deliveries = events(language, size: Size(width: 130, height: 12), log: Self.deliveries)
        assertGolden(view(deliveries, size: deliveries.size), named: "events-\(language)-server-notifications", in: directory)
    }
}
