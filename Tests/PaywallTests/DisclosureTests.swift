@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import Testing
@testable import TollboothApp

/// The paywall disclosures App Review checks (docs/domain.md §3), read from the rendered cells
/// for every plan of the example catalogs, in English and Japanese, against the literal wording
/// in `ExampleDisclosure`: at 80×24 everything is on one screen; at 40×20 everything is
/// reachable by scrolling.
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

    /// Every screen a user can scroll to, top to bottom.
    func reachableScreens(_ state: PaywallState) -> [Canvas] {
        var state = state
        return (0...ScreenLayout(state: state, size: state.size).maxScroll).map { scroll in
            state.scroll = scroll
            return view(state, size: state.size)
        }
    }

    /// The text drawn inside plan `id`'s card or row on `screen`, borders dropped, wrapped lines
    /// joined.
    func planText(_ id: String, on screen: Canvas) -> String? {
        guard let rect = screen.regionRect(.focus(.plan(id))) else { return nil }
        let border = CharacterSet(charactersIn: "|│┃║ ")
        return collapse(screen.text(in: rect).map { $0.trimmingCharacters(in: border) }.joined(separator: "\n"))
    }

    @Test(arguments: ExampleDisclosure.all)
    func eightyByTwentyFourShowsEveryDisclosureWithoutScrolling(example: ExampleDisclosure) async throws {
        let state = try await example.state(size: Size(width: 80, height: 24))
        #expect(ScreenLayout(state: state, size: state.size).maxScroll == 0)
        check(example, on: [view(state, size: state.size)])
    }

    @Test(arguments: ExampleDisclosure.all)
    func everySizeShowsEveryDisclosureWithinReach(example: ExampleDisclosure) async throws {
        for size in Self.sizes {
            check(example, on: reachableScreens(try await example.state(size: size)), "\(size)")
        }
    }

    /// Checks the literals of `example` on the screens a user can reach: each plan's facts
    /// together in its own card or row on one screen, each disclosure sentence whole on one.
    func check(_ example: ExampleDisclosure, on screens: [Canvas], _ context: String = "",
               sourceLocation: SourceLocation = #_sourceLocation) {
        let text = screens.map(\.flatText)
        let unspaced = text.map { $0.replacingOccurrences(of: " ", with: "") }
        let shownPlans = Set(screens.flatMap(\.targets).compactMap { entry -> String? in
            if case .focus(.plan(let id)) = entry.target { id } else { nil }
        })
        #expect(shownPlans == Set(example.plans.map(\.id)),
                "\(context): every plan of the catalog, and only those, is described here", sourceLocation: sourceLocation)
        for plan in example.plans {
            // D1 title, D2 length, D3 billed price, D12 trial length and what follows it.
            let facts = [plan.title, plan.price, plan.length] + (plan.trial.map { [$0] } ?? [])
            let shown = screens.compactMap { planText(plan.id, on: $0) }
            #expect(shown.contains { card in facts.allSatisfy(card.contains) },
                    "\(context): \(plan.id) shows \(facts) in one place; drawn: \(shown)", sourceLocation: sourceLocation)
        }
        // D8–D12: each sentence whole on some screen, with all its facts in it.
        let said = text.flatMap(sentences)
        for sentence in example.sentences {
            #expect(said.contains { candidate in sentence.literals.allSatisfy(candidate.contains) },
                    "\(context): \(sentence.rule) needs one sentence with \(sentence.literals)", sourceLocation: sourceLocation)
        }
        // D5, D6: label and full URL (a narrow window wraps a URL by character); D13, D14.
        for (rule, literal) in [("D5", example.privacy), ("D6", example.terms)] {
            #expect(unspaced.contains { $0.contains(literal.replacingOccurrences(of: " ", with: "")) }, "\(context): \(rule)",
                    sourceLocation: sourceLocation)
        }
        #expect(text.contains { $0.contains(example.benefit) }, "\(context): D13", sourceLocation: sourceLocation)
        #expect(text.contains { $0.contains(example.restore) }, "\(context): D14", sourceLocation: sourceLocation)
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
        #expect(text.contains("Loading products..."))
        #expect(!text.contains("Premium Yearly"))
        #expect(text.contains("[ Restore Purchases ]"))  // restoring needs neither
        send(&state, .snapshotChanged(Fixture.subscribed(Fixture.yearly)))
        text = view(state, size: state.size).flatText
        #expect(!text.contains("Loading products..."))
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
        #expect(text.contains("Payment is charged to your Apple Account at confirmation of purchase."))
        #expect(!text.contains("Account Settings"))  // the manifest's wording replaces D8, D9 and D11
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
