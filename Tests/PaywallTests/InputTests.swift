@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import Testing
@testable import TollboothApp

/// Keys, mouse, scrolling, resizing, help, links and quitting.
@Suite struct InputTests {
    @Test func arrowsJKAndTabWalkEveryFocusableItemAndWrap() {
        var state = Fixture.state()
        let order: [FocusTarget] = [.plan(Fixture.yearly), .plan(Fixture.monthly), .plan(Fixture.lifetime),
                                    .restore, .privacyPolicy, .termsOfUse]
        #expect(state.focusOrder == order)
        var seen: [FocusTarget] = []
        for next in [key(.down), char("j"), key(.tab), key(.right), char("l"), key(.down)] {
            send(&state, next)
            seen.append(state.focus!)
        }
        #expect(seen == Array(order.dropFirst()) + [order[0]])
        for previous in [key(.up), char("k"), key(.backTab), key(.left), char("h")] {
            send(&state, previous)
        }
        #expect(state.focus == .plan(Fixture.monthly))  // five back from the first, wrapping
        send(&state, key(.end))
        #expect(state.focus == .termsOfUse)
        send(&state, key(.home))
        #expect(state.focus == .plan(Fixture.yearly))
    }

    @Test func theFocusedItemIsMarkedOnScreen() {
        var state = Fixture.state()
        send(&state, key(.down))
        let screen = view(state, size: state.size)
        #expect(screen.text().contains("> Premium Monthly"))
        #expect(!screen.text().contains("> Premium Yearly"))
        let button = screen.find("[ Subscribe ]").first!
        #expect(screen.style(at: button) == state.theme[.buttonFocused])
        let other = screen.find("[ Buy ]").first!
        #expect(screen.style(at: other) == state.theme[.button])
    }

    @Test func focusMovesScrollSoTheFocusedItemStaysVisible() {
        var state = Fixture.state(size: Size(width: 40, height: 20))
        #expect(state.scroll == 0)
        for _ in 0..<5 {
            send(&state, key(.down))
            let screen = view(state, size: state.size)
            let region = screen.regionRect(.focus(state.focus!))
            #expect(region != nil, "focused \(state.focus!) is off screen")
        }
        #expect(state.focus == .termsOfUse)
        #expect(state.scroll > 0)
        // Back to the top plan: its billed price and buy button are visible again.
        send(&state, key(.home))
        let screen = view(state, size: state.size)
        #expect(screen.text().contains("$39.99"))
        #expect(screen.regionRect(.buy(productID: Fixture.yearly)) != nil)
    }

    @Test func atFortyByTwentyTheFocusedPlansPriceAndButtonAreVisible() {
        for language in Language.allCases {
            var state = Fixture.state(language, size: Size(width: 40, height: 20))
            for product in state.products {
                state.focus = .plan(product.id)
                Focus.reveal(&state)
                let screen = view(state, size: state.size)
                #expect(!screen.find(product.displayPrice).isEmpty, "\(language) \(product.id) price hidden")
                #expect(screen.regionRect(.buy(productID: product.id)) != nil, "\(language) \(product.id) button hidden")
            }
        }
    }

    @Test func pageKeysAndTheWheelScrollWithoutMovingFocus() {
        var state = Fixture.state(size: Size(width: 40, height: 20))
        send(&state, key(.pageDown))
        #expect(state.scroll > 0)
        #expect(state.focus == .plan(Fixture.yearly))
        let afterPage = state.scroll
        send(&state, .input(.mouse(MouseEvent(kind: .wheelUp, button: .none, point: Point(x: 5, y: 5)))))
        #expect(state.scroll == afterPage - 3)
        send(&state, .input(.mouse(MouseEvent(kind: .wheelDown, button: .none, point: Point(x: 5, y: 5)))))
        #expect(state.scroll == afterPage)
        send(&state, key(.pageUp), key(.pageUp))
        #expect(state.scroll == 0)
        // Scrolling never goes past the end.
        for _ in 0..<20 { send(&state, key(.pageDown)) }
        let layout = ScreenLayout(state: state, size: state.size)
        #expect(state.scroll == layout.maxScroll)
        #expect(view(state, size: state.size).text().contains("purchase a subscription."))
    }

    @Test func resizeRelayoutsAndKeepsFocusVisible() {
        var state = Fixture.state(size: Size(width: 100, height: 30))
        state.focus = .termsOfUse
        send(&state, .input(.resize(Size(width: 40, height: 20))))
        #expect(state.size == Size(width: 40, height: 20))
        #expect(view(state, size: state.size).regionRect(.focus(.termsOfUse)) != nil)
        send(&state, .input(.resize(Size(width: 100, height: 30))))
        #expect(state.scroll == 0)  // everything fits again
    }

    @Test func clickingAPlanFocusesItAndClickingItsButtonOpensTheSheet() {
        var state = Fixture.state(size: Size(width: 100, height: 30))
        let screen = view(state, size: state.size)
        let card = screen.find("Lifetime Unlock").first!
        #expect(send(&state, click(card)).isEmpty)
        #expect(state.focus == .plan(Fixture.lifetime))
        #expect(state.overlay == nil)

        let button = view(state, size: state.size).find("[ Buy ]").first!
        send(&state, click(button))
        #expect(state.overlay == .confirm(productID: Fixture.lifetime, focus: .confirm))
        let confirm = view(state, size: state.size).find("[ Confirm ]").first!
        #expect(send(&state, click(confirm)) == [.purchase(productID: Fixture.lifetime)])
    }

    @Test func clicksAroundAModalSheetDoNothingAndCancelCancels() {
        var state = Fixture.state()
        send(&state, key(.enter))
        let outside = Point(x: 0, y: 0)
        #expect(send(&state, click(outside)).isEmpty)
        #expect(state.overlay != nil)
        let cancel = view(state, size: state.size).find("[ Cancel ]").first!
        send(&state, click(cancel))
        #expect(state.overlay == nil)
        #expect(state.message == .cancelled)
    }

    @Test func clickingRestoreAndLinksActs() {
        var state = Fixture.state()
        let restore = view(state, size: state.size).find("[ Restore Purchases ]").first!
        #expect(send(&state, click(restore)) == [.restore])

        state = Fixture.state()
        let privacy = view(state, size: state.size).find("https://tollbooth.example/privacy").first!
        #expect(send(&state, click(privacy)) == [.showLink(url: "https://tollbooth.example/privacy")])
        #expect(state.overlay == .link(.privacyPolicy))
    }

    @Test func linksOpenASheetWithTheFullURLNeverABrowser() {
        var state = Fixture.state(size: Size(width: 40, height: 20))
        state.focus = .termsOfUse
        let effects = send(&state, key(.enter))
        #expect(effects == [.showLink(url: AppPolicies.standardEULAURL)])
        let sheet = view(state, size: state.size).sheetText ?? ""
        #expect(sheet.contains("Terms of Use (EULA)"))
        #expect(sheet.replacingOccurrences(of: " ", with: "").contains(AppPolicies.standardEULAURL))
        #expect(send(&state, char("c")) == [.copy(AppPolicies.standardEULAURL)])
        send(&state, .copyFinished(succeeded: true))
        #expect(state.message == .copiedURL)
        send(&state, key(.escape))
        #expect(state.overlay == nil)
    }

    @Test func aMissingPrivacyPolicySaysWhatToDo() {
        var state = PaywallState(manifest: .empty, policies: AppPolicies())
        send(&state, .productsLoaded(Fixture.products()), .snapshotChanged(Fixture.snapshot()))
        #expect(view(state, size: state.size).text().contains("Privacy Policy: not configured"))
        state.focus = .privacyPolicy
        #expect(send(&state, key(.enter)).isEmpty)
        #expect(view(state, size: state.size).sheetText?.contains("No Privacy Policy URL is configured.") == true)
    }

    @Test func questionMarkShowsHelpListingEveryKeyAndEscClosesIt() {
        for language in Language.allCases {
            var state = Fixture.state(language, size: Size(width: 100, height: 30))
            send(&state, char("?"))
            #expect(state.overlay == .help(scroll: 0))
            let sheet = view(state, size: state.size).sheetText ?? ""
            for (keys, meaning) in Strings(language).helpRows {
                #expect(sheet.contains(collapse(keys)), "help lacks \(keys)")
                #expect(sheet.contains(collapse(meaning)), "help lacks \(meaning)")
            }
            send(&state, key(.escape))
            #expect(state.overlay == nil)
        }
    }

    @Test(arguments: [Key.character("q"), .control("c")])
    func quitFromAnywhere(with quitKey: Key) {
        var state = Fixture.state()
        #expect(send(&state, .input(.key(quitKey))) == [.quit])
        #expect(state.isQuitting)
        state = Fixture.state()
        send(&state, key(.enter))  // sheet open
        #expect(send(&state, .input(.key(quitKey))) == [.quit])
        #expect(state.overlay == nil)
        state = Fixture.state()
        #expect(send(&state, .input(.signal(15))) == [.quit])
    }

    @Test func escClosesEverySheetAtOnce() {
        var state = Fixture.state()
        for open in [key(.enter), char("?")] {
            send(&state, open)
            #expect(state.overlay != nil)
            send(&state, key(.escape))
            #expect(state.overlay == nil)
        }
        state.focus = .privacyPolicy
        send(&state, key(.enter), key(.escape))
        #expect(state.overlay == nil)
        // With nothing open, Esc dismisses the message.
        #expect(state.message == .cancelled)
        send(&state, key(.escape))
        #expect(state.message == nil)
    }

    @Test func confirmSheetButtonsToggleWithTabAndArrows() {
        var state = Fixture.state()
        send(&state, key(.enter), key(.right))
        #expect(state.overlay == .confirm(productID: Fixture.yearly, focus: .cancel))
        send(&state, key(.tab))
        #expect(state.overlay == .confirm(productID: Fixture.yearly, focus: .confirm))
    }

    private func click(_ point: Point) -> PaywallEvent {
        .input(.mouse(MouseEvent(kind: .click, button: .left, point: point)))
    }
}
