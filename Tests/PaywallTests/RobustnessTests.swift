@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import Testing
@testable import TollboothApp

/// Any size, any state, any key: the paywall draws something sensible and never traps.
@Suite struct RobustnessTests {
    @Test func everySmallSizeWithEveryOverlayDraws() {
        var base = Fixture.state(.ja)
        let overlays: [Overlay?] = [nil, .help(scroll: 0), .help(scroll: 99), .link(.termsOfUse), .confirm(productID: Fixture.yearly, focus: .confirm),
                                    .alert(.failed(.storeKit(.networkError), during: .purchase))]
        for width in 0...26 {
            for height in 0...12 {
                for overlay in overlays {
                    base.overlay = overlay
                    let size = Size(width: width, height: height)
                    let canvas = view(base, size: size)
                    #expect(canvas.size == Size(width: width, height: height))
                    if TooSmall.isTooSmall(size), width >= 20 || height >= 8, width > 0, height > 0 {
                        #expect(!canvas.text().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "blank at \(size)")
                    }
                }
            }
        }
    }

    @Test func tooSmallSaysSoAndTwentyByEightIsAPaywall() {
        let small = view(Fixture.state(size: Size(width: 19, height: 20)), size: Size(width: 19, height: 20))
        #expect(small.flatText.contains("Window too small — resize to at least 20×8"))
        let fits = view(Fixture.state(size: Size(width: 20, height: 8)), size: Size(width: 20, height: 8))
        #expect(!fits.text().contains("Window too small"))
        #expect(fits.text().contains("$39.99"))  // the focused plan's billed price
    }

    @Test func keysAndClicksAtTinySizesAreHarmless() {
        var state = Fixture.state()
        send(&state, .input(.resize(Size(width: 1, height: 1))))
        let events: [PaywallEvent] = [key(.down), key(.up), key(.pageDown), key(.end), key(.enter), key(.escape), char("?"),
                                      key(.escape), .input(.mouse(MouseEvent(kind: .click, point: Point(x: 0, y: 0)))),
                                      .input(.mouse(MouseEvent(kind: .wheelDown, button: .none, point: .zero)))]
        for event in events { _ = update(&state, event) }
        #expect(state.scroll >= 0)
        send(&state, .input(.resize(Size(width: 80, height: 24))))
        #expect(state.scroll == 0)
        #expect(view(state, size: state.size).regionRect(.focus(state.focus!)) != nil)
    }

    @Test func updateIsPureForTheSameInputs() {
        let state = Fixture.state()
        var a = state, b = state
        for event in [key(.down), key(.enter), key(.enter), PaywallEvent.purchaseFinished(productID: Fixture.monthly, result: .pending)] {
            #expect(update(&a, event) == update(&b, event))
        }
        #expect(a == b)
        #expect(view(a, size: a.size) == view(b, size: b.size))
    }
}

/// The body is remembered between `update` and `view` (in the runtime's `BodyMemo`); it must
/// only ever be reused for the very same state (scroll aside), whatever other layouts ran in
/// between.
@Suite struct RememberedBodyTests {
    @Test(arguments: Language.allCases)
    func aRememberedBodyIsReusedOnlyForTheSameState(language: Language) {
        let width = 40, fit = 17
        let memo = BodyMemo()
        let first = Fixture.state(language, size: Size(width: 40, height: 20))
        var moved = first
        send(&moved, char("j"))  // the focus moves to the next plan: its row changes
        let bodyFirst = memo.body(state: first, width: width, fitHeight: fit)
        let bodyMoved = memo.body(state: moved, width: width, fitHeight: fit)
        #expect(bodyMoved.canvas == BodyLayout(state: moved, width: width, fitHeight: fit).canvas)
        #expect(bodyMoved.canvas != bodyFirst.canvas)
        #expect(memo.body(state: first, width: width, fitHeight: fit).canvas == bodyFirst.canvas)
        // Scrolling does not change the body; another width does.
        var scrolled = moved
        scrolled.scroll = 5
        #expect(memo.body(state: scrolled, width: width, fitHeight: fit).canvas == bodyMoved.canvas)
        #expect(memo.body(state: moved, width: 60, fitHeight: fit).canvas.width == 60)
    }

    /// Keys, ticks and a new snapshot through one memo, as the runtime runs them, give the very
    /// states and frames that plain `update` and `view` give.
    @Test(arguments: Language.allCases)
    func aMemoChangesNoStateAndNoFrame(language: Language) {
        let memo = BodyMemo()
        var remembered = Fixture.state(language, size: Size(width: 40, height: 20))
        var plain = remembered
        let events: [PaywallEvent] = [char("j"), char("j"), key(.pageDown), .tick(Fixture.t0.addingTimeInterval(5)), key(.end),
                                      .snapshotChanged(Fixture.subscribed(Fixture.yearly)), char("k"),
                                      .input(.resize(Size(width: 100, height: 30))), char("j")]
        for event in events {
            #expect(update(&remembered, event, memo: memo) == update(&plain, event))
            #expect(remembered == plain)
            #expect(view(remembered, size: remembered.size, memo: memo) == view(plain, size: plain.size), "after \(event)")
        }
    }
}
