import Foundation
import MockStore
import Testing
import TerminalUI
@testable import Paywall

/// The paywall disclosures App Review checks (docs/domain.md §3), read from the rendered cells:
/// at 80×24 everything is on one screen; at 40×20 everything is reachable by scrolling.
@Suite struct DisclosureTests {
    static let sizes = [Size(width: 80, height: 24), Size(width: 100, height: 30), Size(width: 40, height: 20)]

    /// Every row of the body a user can scroll to, plus the pinned rows, as one string.
    func everythingReachable(_ state: PaywallState) -> String {
        var state = state
        var seen = ""
        let layout = ScreenLayout(state: state, size: state.size)
        for scroll in 0...layout.maxScroll {
            state.scroll = scroll
            let screen = view(state, size: state.size)
            seen += " " + screen.flatText
            // Cards sit side by side: read each one on its own too, so its wrapped lines join.
            for product in state.products {
                if let card = screen.regionRect(.focus(.plan(product.id))) {
                    seen += " " + collapse(screen.text(in: card.inset(by: 1)).joined(separator: " ").replacingOccurrences(of: "│", with: " "))
                }
            }
        }
        return seen
    }

    @Test(arguments: Language.allCases)
    func eightyByTwentyFourShowsEveryDisclosureWithoutScrolling(language: Language) {
        let state = Fixture.state(language)
        #expect(ScreenLayout(state: state, size: state.size).maxScroll == 0)
        checkDisclosures(view(state, size: state.size).flatText, state: state)
    }

    @Test(arguments: Language.allCases)
    func everySizeShowsEveryDisclosureWithinReach(language: Language) {
        for size in Self.sizes {
            checkDisclosures(everythingReachable(Fixture.state(language, size: size)), state: Fixture.state(language, size: size))
        }
    }

    func checkDisclosures(_ text: String, state: PaywallState, sourceLocation: SourceLocation = #_sourceLocation) {
        let s = state.strings
        for product in state.products {
            // D1 title, D3 billed price.
            #expect(text.contains(collapse(product.displayName)), "D1 \(product.id)", sourceLocation: sourceLocation)
            #expect(text.contains(product.displayPrice), "D3 \(product.id)", sourceLocation: sourceLocation)
            if let info = product.subscription {
                // D2 period in words, D3 price per period.
                #expect(text.contains(s.period(info.subscriptionPeriod)), "D2 \(product.id)", sourceLocation: sourceLocation)
                #expect(text.contains(s.pricePerPeriod(product.displayPrice, info.subscriptionPeriod)), "D3 \(product.id)", sourceLocation: sourceLocation)
            } else {
                #expect(text.contains(s.oneTimePurchase), sourceLocation: sourceLocation)
            }
        }
        // D5, D6: labels and full URLs (a narrow window wraps a URL by character).
        let unspaced = text.replacingOccurrences(of: " ", with: "")
        #expect(unspaced.contains("\(s.privacyPolicyLink):\(state.links.privacyPolicyURL!)".replacingOccurrences(of: " ", with: "")), "D5", sourceLocation: sourceLocation)
        #expect(unspaced.contains("\(s.termsOfUseLink):\(AppPolicies.standardEULAURL)".replacingOccurrences(of: " ", with: "")), "D6", sourceLocation: sourceLocation)
        // D8–D12 and D14.
        #expect(text.contains(collapse(s.renewsUnlessTurnedOff)), "D8", sourceLocation: sourceLocation)
        #expect(text.contains(collapse(s.renewalCharge(s.priceList([s.pricePerPeriod(state.products[0].displayPrice, .yearly),
                                                                    s.pricePerPeriod(state.products[1].displayPrice, .monthly)])))),
                "D9", sourceLocation: sourceLocation)
        #expect(text.contains(collapse(s.chargedAtConfirmation)), "D10", sourceLocation: sourceLocation)
        #expect(text.contains(collapse(s.manageInSettings)), "D11", sourceLocation: sourceLocation)
        let trial = state.products[0].subscription!.introductoryOffer!
        #expect(text.contains(collapse(s.offerTerms(trial, regularPrice: state.products[0].displayPrice, period: .yearly))), "D12 terms", sourceLocation: sourceLocation)
        #expect(text.contains(collapse(s.trialForfeited)), "D12 forfeit", sourceLocation: sourceLocation)
        #expect(text.contains(s.restorePurchases), "D14", sourceLocation: sourceLocation)
        // D13: a benefits block.
        #expect(text.contains(collapse(Fixture.exampleManifest.copy(for: state.locale)!.features[0])), "D13", sourceLocation: sourceLocation)
    }

    /// D1 in full: a narrow window moves the buy button below the title rather than cutting the
    /// title. A returning customer (no trial, so the button would sit on the title's row) is where
    /// a title used to be cut.
    @Test(arguments: Language.allCases)
    func everyTitleIsWholeForNewAndReturningCustomersAtEverySize(language: Language) {
        let snapshots = [("new", Fixture.snapshot()), ("returning", Fixture.snapshot(eligible: false))]
        for size in Self.sizes + [Size(width: 36, height: 20)] {
            for (name, snapshot) in snapshots {
                let state = Fixture.state(language, size: size, snapshot: snapshot)
                let text = everythingReachable(state)
                for product in state.products {
                    #expect(text.contains(collapse(product.displayName)), "\(name) \(size): \(product.displayName) cut")
                }
            }
        }
    }

    /// Products that arrive before the account still show "Loading": no plan (and no "Subscribe"
    /// button for someone who may be subscribed) until both are known.
    @Test func plansWaitForTheAccountAsWellAsTheProducts() {
        var state = Fixture.state(snapshot: nil)
        var text = view(state, size: state.size).flatText
        #expect(text.contains(state.strings.loadingProducts))
        #expect(!text.contains("Premium Yearly"))
        #expect(text.contains(state.strings.restorePurchases))  // restoring needs neither
        send(&state, .snapshotChanged(Fixture.subscribed(Fixture.yearly)))
        text = view(state, size: state.size).flatText
        #expect(!text.contains(state.strings.loadingProducts))
        #expect(text.contains("Premium Yearly"))
    }

    @Test func theLinksAndRestoreAreReachableByKeyboard() {
        let state = Fixture.state()
        #expect(state.focusOrder.contains(.privacyPolicy))
        #expect(state.focusOrder.contains(.termsOfUse))
        #expect(state.focusOrder.contains(.restore))
    }

    @Test func aManifestOverrideStillNamesThePrices() {
        var manifest = Fixture.exampleManifest
        manifest.localizations["en"]?.autoRenewText = "Renews at {prices} until you cancel in Settings, at least 24 hours before the period ends."
        let state = Fixture.state(manifest: manifest)
        let text = view(state, size: Size(width: 100, height: 30)).flatText
        #expect(text.contains("Renews at $39.99/year or $4.99/month until you cancel in Settings"))
        #expect(text.contains(state.strings.chargedAtConfirmation))
        #expect(!text.contains(state.strings.manageInSettings))
    }

    @Test func aStoreKitWithoutAManifestStillGivesACompletePaywall() {
        var state = PaywallState(locale: "ja", timeZone: Fixture.utc, theme: Fixture.theme(), manifest: .empty,
                                 policies: AppPolicies(policies: [PrivacyPolicy(locale: "en_US", url: "https://tollbooth.example/privacy")]),
                                 size: Size(width: 100, height: 30))
        send(&state, .productsLoaded(Fixture.products(.ja)), .snapshotChanged(Fixture.snapshot()))
        let text = view(state, size: state.size).flatText
        #expect(text.contains("全ての機能を解放する"))
        #expect(text.contains("3日間無料で全機能をお試し"))  // built from the configured offer
        #expect(text.contains("プライバシーポリシー: https://tollbooth.example/privacy"))
        #expect(text.contains("利用規約: \(AppPolicies.standardEULAURL)"))
        #expect(state.products.map(\.id) == [Fixture.yearly, Fixture.monthly, Fixture.lifetime])
    }

    /// D4: the billed amount is the most conspicuous price; trial and per-unit figures are quieter.
    @Test(arguments: ThemeLoader.bundledNames)
    func theBilledPriceOutranksEveryOtherPriceElement(theme: String) throws {
        for size in Self.sizes {
            let state = Fixture.state(size: size, theme: theme)
            let screen = view(state, size: size)
            let product = state.products[0]
            let billed = try #require(screen.find(product.displayPrice).first { p in
                // The lone billed price, not the "$39.99" inside "$39.99/year".
                screen.cell(at: Point(x: p.x + product.displayPrice.count, y: p.y))?.character != "/"
            })
            let billedStyle = try #require(screen.style(at: billed))
            let offer = try #require(screen.find("3 days free").first)
            let perUnit = try #require(screen.find("$39.99/year").first)
            let perMonth = try #require(screen.find("about $3.33/month").first)
            for (name, point) in [("offer", offer), ("per period", perUnit), ("per month", perMonth)] {
                let style = try #require(screen.style(at: point))
                #expect(Theme.prominence(billedStyle) > Theme.prominence(style),
                        "\(theme) \(size): \(name) \(style) is as loud as the billed price \(billedStyle)")
            }
            #expect(billedStyle.bold || billedStyle.reverse, "\(theme): billed price must be bold or reverse")
        }
        #expect(try ThemeLoader.bundled(theme).disclosureWarnings.isEmpty)
    }
}
