@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import TestSupport
import Testing
@testable import TollboothApp

/// The offer code redeem sheet: `o` asks the store to present it (its failable API may refuse),
/// the customer types a code, and Enter redeems it (the effects against a real store are in
/// Tests/LiveTests/Paywall/OfferCodeEffectTests.swift).
@Suite struct OfferCodeSheetTests {
    let directory = goldenDirectory()

    @Test(arguments: spelledOutLanguages)
    func typingAndRedeeming(language: Language) {
        var state = Fixture.state(language)
        #expect(send(&state, char("o")) == [.presentRedeemSheet])
        #expect(state.overlay == nil, "the sheet opens only once the store has presented it")
        send(&state, .redeemSheetPresented(failure: nil))
        #expect(state.overlay == .redeemCode(""))
        #expect(send(&state, key(.enter)).isEmpty, "nothing to redeem yet")
        // Letters the paywall uses as keys (q quits, r restores) are typed into the code here.
        for c in "SPRINGq" { send(&state, char(c)) }
        send(&state, key(.backspace))
        #expect(state.overlay == .redeemCode("SPRING"))
        #expect(state.isQuitting == false)
        assertGolden(view(state, size: state.size), named: "sheet-\(language)-redeem-code", in: directory)
        #expect(send(&state, key(.enter)) == [.redeem(code: "SPRING")])
        #expect(state.overlay == nil)
    }

    @Test func escapeClosesWithoutRedeeming() {
        var state = Fixture.state()
        send(&state, char("o"), .redeemSheetPresented(failure: nil), char("x"))
        #expect(send(&state, key(.escape)).isEmpty)
        #expect(state.overlay == nil && state.message == .cancelled)
    }

    @Test func aSheetFaultIsShownAsTheRedeemFailure() {
        var state = Fixture.state()
        send(&state, char("o"), .redeemSheetPresented(failure: .storeKit(.networkError)))
        #expect(state.overlay == .alert(.failed(.storeKit(.networkError), during: .redeem)))
        #expect(view(state, size: state.size).flatText.contains("Couldn't redeem the code"))
    }

    @Test(arguments: spelledOutLanguages)
    func anUnknownCodeSaysSo(language: Language) {
        var state = Fixture.state(language)
        send(&state, .redeemFinished(.unknownCode("WINTER")))
        #expect(state.overlay == .alert(.codeNotValid("WINTER")))
        let text = view(state, size: state.size).flatText
        #expect(text.contains(language == .ja ? "「WINTER」は有効なコードではありません" : "“WINTER” is not a valid code"))
    }

    @Test func theRedeemedSubscriptionArrivesAsACodeOffer() {
        var state = Fixture.state()
        var tx = Fixture.transaction(Fixture.yearly)
        tx.offer = Transaction.Offer(id: "SPRING", type: .code, paymentMode: .payUpFront)
        tx.device = state.deviceName
        send(&state, .transactionUpdate(tx))
        #expect(state.message == .codeRedeemed(productID: Fixture.yearly))
        #expect(view(state, size: state.size).flatText.contains("Code redeemed."))
    }
}
