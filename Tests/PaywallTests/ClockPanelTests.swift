@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import TestSupport
import Testing
@testable import TollboothApp

/// The Clock panel: every action's admin call, the rate chooser, clicks, and its goldens.
@Suite struct ClockPanelTests {
    let directory = goldenDirectory()

    /// A monthly subscription at `monthlyRenewalEveryThirtySeconds`, bought at t0, renewing at
    /// t0 + 30 s; store time 12 s after the purchase.
    static func fastMonthly() -> StoreSnapshot {
        var snapshot = Fixture.subscribed(Fixture.monthly)
        let renews = Fixture.t0.addingTimeInterval(30)
        snapshot.timeRate = .monthlyRenewalEveryThirtySeconds
        snapshot.statuses[0].transaction.expirationDate = renews
        snapshot.statuses[0].renewalInfo.renewalDate = renews
        snapshot.entitlements = [snapshot.statuses[0].transaction]
        return snapshot
    }

    /// The clock panel open on `snapshot`.
    static func clock(_ language: Language = .en, size: Size = Size(width: 80, height: 24),
                      snapshot: StoreSnapshot = Fixture.subscribed(Fixture.yearly)) -> AppState {
        var state = Fixture.app(language, size: size, snapshot: snapshot)
        send(&state, char("c"))
        return state
    }

    static func admin(_ effects: [AppEffect]) -> [AdminAction] {
        effects.compactMap { if case .controlRoom(.admin(let action)) = $0 { action } else { nil } }
    }

    func click(_ state: inout AppState, _ target: ControlRoomTarget) -> [AppEffect] {
        guard let rect = view(state, size: state.size).regionRect(target) else {
            Issue.record("no region for \(target) on screen")
            return []
        }
        return send(&state, .input(.mouse(MouseEvent(kind: .click, button: .left, point: rect.origin))))
    }

    // MARK: Actions

    @Test func directKeysSendTheirClockActionsWithoutAskingFirst() {
        var state = Self.clock()
        #expect(state.control.panel == .clock)
        #expect(Self.admin(send(&state, char("p"))) == [.setPaused(true)])
        #expect(Self.admin(send(&state, char("h"))) == [.advance(ClockAdvance(value: 1, unit: .hour))])
        #expect(Self.admin(send(&state, char("d"))) == [.advance(ClockAdvance(value: 1, unit: .day))])
        #expect(Self.admin(send(&state, char("n"))) == [.advanceToNextRenewal])
        #expect(state.paywall.overlay == nil)
        #expect(state.control.inFlight == 4)
        #expect(state.control.panel == .clock)
    }

    @Test func pauseResumesWhenTheClockIsPaused() {
        var snapshot = Fixture.subscribed(Fixture.yearly)
        snapshot.isClockPaused = true
        var state = Self.clock(snapshot: snapshot)
        #expect(Self.admin(send(&state, char("p"))) == [.setPaused(false)])
        #expect(view(state, size: state.size).flatText.contains("Resume the clock"))
        #expect(ClockPanel.footerKeys(state.controlScope).hasPrefix("p resume"))
    }

    @Test func plusOnePeriodUsesTheSubscriptionsPeriod() {
        // Real time: calendar arithmetic, one year for a yearly plan, one month for a monthly.
        var yearly = Self.clock(snapshot: Fixture.subscribed(Fixture.yearly))
        #expect(Self.admin(send(&yearly, char("b"))) == [.advance(ClockAdvance(value: 1, unit: .year))])
        var monthly = Self.clock(snapshot: Fixture.subscribed(Fixture.monthly))
        #expect(Self.admin(send(&monthly, char("b"))) == [.advance(ClockAdvance(value: 1, unit: .month))])
        // A fast rate: the period's compressed length (docs/domain.md §2.5), one renewal.
        var fast = Self.clock(snapshot: Self.fastMonthly())
        #expect(Self.admin(send(&fast, char("b"))) == [.advance(ClockAdvance(value: 30, unit: .second))])
        var fastYearly = Fixture.subscribed(Fixture.yearly)
        fastYearly.timeRate = .monthlyRenewalEveryThirtySeconds
        var state = Self.clock(snapshot: fastYearly)
        #expect(Self.admin(send(&state, char("b"))) == [.advance(ClockAdvance(value: 6, unit: .minute))])
        // No subscription: a month.
        var none = Self.clock(snapshot: Fixture.snapshot())
        #expect(Self.admin(send(&none, char("b"))) == [.advance(ClockAdvance(value: 1, unit: .month))])
    }

    @Test func periodsMapToClockAdvances() {
        #expect(ClockPanel.advance(for: .weekly, at: .realTime) == ClockAdvance(value: 1, unit: .week))
        #expect(ClockPanel.advance(for: SubscriptionPeriod(value: 3, unit: .day), at: .realTime) == ClockAdvance(value: 3, unit: .day))
        #expect(ClockPanel.advance(for: SubscriptionPeriod(value: 6, unit: .month), at: .realTime) == ClockAdvance(value: 6, unit: .month))
        #expect(ClockPanel.advance(for: .monthly, at: .monthlyRenewalEveryHour) == ClockAdvance(value: 1, unit: .hour))
        #expect(ClockPanel.advance(for: .yearly, at: .monthlyRenewalEveryThirtyMinutes) == ClockAdvance(value: 6, unit: .hour))
        #expect(ClockPanel.advance(for: .yearly, at: .oneRenewalEveryTwoSeconds) == ClockAdvance(value: 2, unit: .second))
        #expect(ClockPanel.advance(for: .weekly, at: .monthlyRenewalEveryThirtySeconds) == ClockAdvance(value: 10, unit: .second))
    }

    @Test func jkAndEnterRunTheSelectedAction() {
        var state = Self.clock()
        send(&state, char("j"), key(.down))
        #expect(state.control.clock.selection == 2)
        #expect(Self.admin(send(&state, key(.enter))) == [.advance(ClockAdvance(value: 1, unit: .day))])
        send(&state, char("k"))
        #expect(Self.admin(send(&state, char(" "))) == [.advance(ClockAdvance(value: 1, unit: .hour))])
        send(&state, key(.home))
        #expect(Self.admin(send(&state, key(.enter))) == [.setPaused(true)])
        send(&state, char("G"))
        #expect(state.control.clock.selection == ClockPanel.Action.allCases.count)  // the one subscription
    }

    @Test func enterOnASubscriptionAdvancesOneOfItsPeriods() {
        var state = Self.clock(snapshot: Fixture.subscribed(Fixture.monthly))
        send(&state, key(.end))
        #expect(state.control.clock.periodGroupID == Fixture.group)
        #expect(Self.admin(send(&state, key(.enter))) == [.advance(ClockAdvance(value: 1, unit: .month))])
    }

    @Test func theRateChooserListsEveryPresetAndSetsTheChosenOne() {
        var state = Self.clock(snapshot: Self.fastMonthly())
        send(&state, char("r"))
        #expect(state.control.clock.isChoosingRate)
        let current = ClockPanel.rateOrder.firstIndex(of: .monthlyRenewalEveryThirtySeconds)!
        #expect(state.control.clock.rateSelection == current)
        var tall = state
        tall.size = Size(width: 100, height: 40)
        let text = view(tall, size: tall.size).text()
        for rate in TimeRate.allCases { #expect(text.contains(rate.name), "\(rate.name) missing") }
        #expect(text.contains("* monthlyRenewalEveryThirtySeconds"))
        #expect(ClockPanel.rateOrder.count == TimeRate.allCases.count)

        send(&state, char("j"))
        #expect(Self.admin(send(&state, key(.enter))) == [.setRate(ClockPanel.rateOrder[current + 1])])
        #expect(!state.control.clock.isChoosingRate)
        #expect(state.paywall.overlay == nil)
    }

    @Test func escClosesTheRateChooserThenLeavesThePanel() {
        var state = Self.clock()
        send(&state, char("r"), char("k"), key(.escape))
        #expect(!state.control.clock.isChoosingRate)
        #expect(state.control.panel == .clock)
        send(&state, key(.escape))
        #expect(state.control.panel == nil)
    }

    @Test func aClickSelectsARowAndASecondClickRunsIt() {
        var state = Self.clock()
        #expect(Self.admin(click(&state, .clockRow(1))).isEmpty)
        #expect(state.control.clock.selection == 1)
        #expect(Self.admin(click(&state, .clockRow(1))) == [.advance(ClockAdvance(value: 1, unit: .hour))])
        send(&state, char("r"))
        let index = ClockPanel.rateOrder.firstIndex(of: .oneRenewalEveryTenSeconds)!
        #expect(Self.admin(click(&state, .rate(index))).isEmpty)
        #expect(Self.admin(click(&state, .rate(index))) == [.setRate(.oneRenewalEveryTenSeconds)])
    }

    @Test func theActionsResultAsksForNoReadOfItsOwn() {
        var state = Self.clock()
        send(&state, char("h"))
        let effects = send(&state, .controlRoom(.adminFinished(.advance(ClockAdvance(value: 1, unit: .hour)), .done("ok"))))
        #expect(effects.isEmpty)  // the clock change's store event brings the next snapshot
        // A new snapshot while the panel is open asks for nothing more (no refresh loop).
        #expect(send(&state, .paywall(.snapshotChanged(Fixture.subscribed(Fixture.yearly)))).isEmpty)
    }

    // MARK: What it shows

    @Test func theRenewalCountdownMovesWithStoreTime() {
        var state = Self.clock(snapshot: Self.fastMonthly())
        send(&state, .paywall(.tick(Fixture.t0.addingTimeInterval(12))))
        var text = view(state, size: state.size).flatText
        #expect(text.contains("renews 2026-01-01 09:00:30"))
        #expect(text.contains("in 18 s"))
        #expect(text.contains("1 month renews every 30 s"))
        send(&state, .paywall(.tick(Fixture.t0.addingTimeInterval(25))))
        text = view(state, size: state.size).flatText
        #expect(text.contains("in 5 s"))
        #expect(text.contains("09:00:25"))
    }

    /// Apple publishes grace and retry lengths for some rates only (docs/domain.md §2.5): at the
    /// others the panel's figures are Tollbooth's, and it says so.
    @Test(arguments: [TimeRate.monthlyRenewalEveryHour, .monthlyRenewalEveryThirtyMinutes,
                      .monthlyRenewalEveryFifteenMinutes, .monthlyRenewalEveryFiveMinutes])
    func graceAndRetryAtUnpublishedRatesAreLabelledEstimates(rate: TimeRate) {
        var snapshot = Fixture.subscribed(Fixture.monthly)
        snapshot.timeRate = rate
        let text = view(Self.clock(snapshot: snapshot), size: Size(width: 80, height: 24)).flatText
        #expect(text.contains("Grace ≈"), "\(text)")
        #expect(text.contains("(estimates: Apple publishes none for this rate)"), "\(text)")
    }

    @Test func graceAndRetryAtPublishedRatesAreNotEstimates() {
        let text = view(Self.clock(snapshot: Self.fastMonthly()), size: Size(width: 80, height: 24)).flatText
        #expect(text.contains("Grace 15 s, billing retry 1 min"), "\(text)")
        #expect(!text.contains("estimate"))
        #expect(Strings(.ja).graceAndRetry(grace: 31 * 60, retry: 116 * 60, estimated: true)
            == "猶予期間≈31分・請求再試行≈1時間56分（推定値: Apple はこの速さの値を公開していません）")
    }

    @Test func rateMeaningsInWords() {
        let en = Strings(.en), ja = Strings(.ja)
        #expect(en.rateMeaning(.monthlyRenewalEveryThirtySeconds) == "1 month renews every 30 s")
        #expect(en.rateMeaning(.monthlyRenewalEveryThirtySeconds, periods: [.monthly, .yearly]) == "1 month renews every 30 s, 1 year every 6 min")
        #expect(ja.rateMeaning(.monthlyRenewalEveryHour, periods: [.monthly, .yearly]) == "1か月が1時間ごと、1年が12時間ごとに更新")
        #expect(en.rateMeaning(.oneRenewalEveryTwoSeconds) == "Every period renews every 2 s")
        #expect(en.duration(90 * 60) == "1 h 30 min")
        #expect(en.duration(TimeRate.oneHourIsOneDay.duration(of: .monthly)) == "1 d 6 h")
        #expect(ja.duration(90) == "1分30秒")
    }

    @Test func neverCrashesAtTinySizes() {
        var chooser = Self.clock(snapshot: Self.fastMonthly())
        send(&chooser, char("r"))
        for (state, language) in [(Self.clock(snapshot: Self.fastMonthly()), Language.en), (chooser, .en),
                                  (Self.clock(.ja, snapshot: Fixture.snapshot()), .ja)] {
            for width in [0, 1, 2, 5, 10, 19, 20, 25] {
                for height in [0, 1, 2, 3, 7, 8, 9, 12] {
                    let size = Size(width: width, height: height)
                    TinyScreens.expect(view(state, size: size), of: state, size: size, language: language)
                    #expect(ClockPanel.render(state.controlScope, size: size).size == size)
                }
            }
        }
    }

    // MARK: Goldens

    static let goldenSizes = [Size(width: 80, height: 24), Size(width: 40, height: 20)]

    @Test(arguments: spelledOutLanguages)
    func clockWithASubscription(language: Language) {
        for size in Self.goldenSizes {
            var state = Self.clock(language, size: size, snapshot: Self.fastMonthly())
            send(&state, .paywall(.tick(Fixture.t0.addingTimeInterval(12))))
            assertGolden(view(state, size: size), named: "clock-\(language)-\(size)", in: directory)
        }
    }

    @Test(arguments: spelledOutLanguages)
    func rateChooser(language: Language) {
        for size in Self.goldenSizes {
            var state = Self.clock(language, size: size, snapshot: Self.fastMonthly())
            send(&state, char("r"), char("j"))
            assertGolden(view(state, size: size), named: "clock-rates-\(language)-\(size)", in: directory)
        }
    }
}
