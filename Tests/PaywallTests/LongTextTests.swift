import Foundation
import MockStore
import Testing
import TerminalUI
@testable import ControlRoom
@testable import Paywall
@testable import TollboothApp

/// Issue 11: a catalog with a megabyte of text where the paywall shows a few lines (a plan's
/// description, the benefit bullets made from descriptions, a custom EULA) draws the same
/// paywall as any other, showing the beginning of that text cut with "...".
@Suite struct LongTextTests {
    /// 2,000,000 characters of words, starting "Opening" and ending "Closing".
    static let long: String = {
        let words = "Opening " + String(repeating: "every feature billed once a year ", count: 61_000)
        return String(words.prefix(2_000_000 - 8)) + " Closing"
    }()

    /// The example app with the yearly plan's description replaced by `long`, and no manifest,
    /// so the descriptions are also the header's benefit bullets (D13).
    static func state(size: Size, eula: String = "") -> PaywallState {
        var state = PaywallState(locale: "en_US", timeZone: Fixture.utc, theme: Fixture.theme(), manifest: .empty,
                                 policies: AppPolicies(eula: eula, policies: [PrivacyPolicy(locale: "en_US", url: "https://tollbooth.example/privacy")]),
                                 size: size, deviceName: "iPhone")
        let products = Fixture.products().map { product in
            var product = product
            if product.id == Fixture.yearly { product.description = long }
            return product
        }
        send(&state, .launched, .productsLoaded(products), .snapshotChanged(Fixture.snapshot()))
        return state
    }

    @Test func aTwoMillionCharacterDescriptionShowsItsBeginningOnANormalPaywall() throws {
        #expect(Self.long.count == 2_000_000)
        let state = Self.state(size: Size(width: 120, height: 40))
        let frame = view(state, size: state.size)
        let rows = frame.text().components(separatedBy: "\n")

        // The normal layout: every plan with its price and button, Restore, the links and the
        // disclosure, all on the first screen.
        let flat = frame.flatText
        for text in ["Premium Yearly", "$39.99", "Premium Monthly", "$4.99", "Lifetime Unlock", "$79.99",
                     "[ Start free trial ]", "Restore Purchases", "Terms of Use", "Payment is charged"] {
            #expect(flat.contains(text), "missing \(text)")
        }
        #expect(!flat.contains("Closing"))

        // The yearly card: three lines of the description, the first its beginning, the last cut.
        let card = try #require(frame.regionRect(.focus(.plan(Fixture.yearly))))
        let inside = frame.text(in: card.inset(by: 1)).map { $0.trimmingCharacters(in: .whitespaces) }
        let first = try #require(inside.firstIndex { $0.hasPrefix("Opening every feature") })
        #expect(inside[first + 1].hasPrefix("every") || inside[first + 1].hasPrefix("feature")
                    || inside[first + 1].hasPrefix("billed") || inside[first + 1].hasPrefix("once")
                    || inside[first + 1].hasPrefix("a") || inside[first + 1].hasPrefix("year"))
        #expect(inside[first + 2].hasSuffix("..."))
        #expect(!inside[first + 3].contains("feature"))

        // The benefit bullet made from it: three lines, the last cut.
        let bullet = try #require(rows.firstIndex { $0.contains("Opening every feature") })
        #expect(rows[bullet + 2].trimmingCharacters(in: .whitespaces).hasSuffix("..."))
        #expect(!rows[bullet + 3].contains("billed once a year"))
    }

    @Test func aKeyAndQuitOnTheLongDescriptionBehaveAsUsual() {
        var state = Self.state(size: Size(width: 80, height: 24))
        let first = view(state, size: state.size)
        #expect(first.flatText.contains("Opening every feature"))
        #expect(first.flatText.contains("Restore Purchases"))
        #expect(first.regionRect(.buy(productID: Fixture.lifetime)) != nil)  // every plan fits 80×24

        send(&state, char("j"))
        #expect(state.focus == .plan(Fixture.monthly))
        #expect(view(state, size: state.size).regionRect(.focus(.plan(Fixture.monthly))) != nil)

        #expect(send(&state, char("q")) == [.quit])
        #expect(state.isQuitting)
    }

    @Test func aMegabyteCustomEULAShowsItsBeginningAndCloses() throws {
        var state = Self.state(size: Size(width: 80, height: 24), eula: Self.long)
        send(&state, .input(.key(.character("k"))))
        state.focus = .termsOfUse
        send(&state, key(.enter))
        #expect(state.overlay == .link(.termsOfUse))
        let frame = view(state, size: state.size)
        let sheet = try #require(frame.sheetText)
        #expect(sheet.contains("Opening every feature"))
        #expect(sheet.contains("more v"))  // the title: there is more below
        #expect(!sheet.contains("Closing"))
        send(&state, key(.escape))
        #expect(state.overlay == nil)
    }
}
