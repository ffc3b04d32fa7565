@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import TestSupport
import Testing
@testable import TollboothApp

/// D18: a free "14-day Trial" non-consumable says on its plan how long it lasts, what stops
/// working when it ends, and what the full unlock costs.
@Suite struct UnlockTrialTests {
    static let trialID = "dev.tollbooth.example.trial"

    static func trial(_ language: Language) -> Product {
        let format = language == .ja ? PriceFormat(currencyCode: "JPY", locale: "ja_JP") : PriceFormat(currencyCode: "USD", locale: "en_US")
        return Product(id: trialID, type: .nonConsumable,
                       displayName: language == .ja ? "14日間無料体験" : "14-day Trial",
                       description: language == .ja ? "全ての機能を14日間お試しいただけます。" : "Every feature of the app, for a while.",
                       displayPrice: format.format(0), price: 0, priceFormatStyle: format)
    }

    /// The trial beside the example's lifetime unlock (or alone), for a new customer.
    static func state(_ language: Language, size: Size = Size(width: 80, height: 24), withUnlock: Bool = true,
                      copy: ManifestCopy? = nil) -> PaywallState {
        let lifetime = Fixture.products(language).filter { $0.id == Fixture.lifetime }
        let manifest = PaywallManifest(localizations: copy.map { [language == .ja ? "ja" : "en": $0] } ?? [:])
        var state = PaywallState(locale: language == .ja ? "ja_JP" : "en_US", timeZone: Fixture.utc, theme: Fixture.theme(),
                                 manifest: manifest,
                                 policies: AppPolicies(policies: [PrivacyPolicy(locale: "en_US", url: "https://tollbooth.example/privacy")]),
                                 size: size, deviceName: "iPhone")
        _ = update(&state, .productsLoaded([trial(language)] + (withUnlock ? lifetime : [])))
        _ = update(&state, .snapshotChanged(Fixture.snapshot()))
        return state
    }

    static func card(_ state: PaywallState) -> String {
        let canvas = view(state, size: state.size)
        guard let rect = canvas.planRect(trialID) else { return "" }
        return canvas.rows(in: rect).joined(separator: "\n")
    }

    @Test(arguments: spelledOutLanguages)
    func theTrialCardNamesItsLengthWhatStopsAndTheFullPrice(language: Language) {
        let card = Self.card(Self.state(language))
        let facts = language == .en
            ? ["Free trial for 14 days", "stop working", "Full unlock: $79.99 (Lifetime Unlock)", "[ Start free trial ]"]
            : ["14日間の無料体験", "使えなくなります", "完全版: ¥9,800（永久ライセンス）", "無料トライアルを開始"]
        for fact in facts { #expect(card.replacingOccurrences(of: "\n", with: " ").contains(fact), "\(fact) in:\n\(card)") }
        #expect(!card.contains("Buy once, use forever") && !card.contains("永久に利用できます"), "\(card)")
    }

    @Test func theManifestSaysWhatStopsWorking() {
        let card = Self.card(Self.state(.en, copy: ManifestCopy(trialEnds: "Exports stop.")))
        #expect(card.contains("Exports stop."), "\(card)")
        #expect(!card.contains("the app's full features stop working"), "\(card)")
    }

    @Test func withoutAPaidUnlockThePriceIsSaidToBeMissing() {
        let card = Self.card(Self.state(.en, withUnlock: false))
        #expect(card.contains("Full unlock price: not configured"), "\(card)")
    }

    @Test func aPaidNonConsumableIsNotATrial() {
        #expect(TimeLimitedTrial(Fixture.products(.en).first { $0.id == Fixture.lifetime }!) == nil)
        #expect(TimeLimitedTrial(type: .nonConsumable, price: 0, texts: ["Bonus Pack"]) == nil)
        #expect(TimeLimitedTrial(type: .consumable, price: 0, texts: ["7-day trial"]) == nil)
        #expect(TimeLimitedTrial(type: .nonConsumable, price: 0, texts: ["7 Day Free Trial"])?.length.days == 7)
        #expect(TimeLimitedTrial(type: .nonConsumable, price: 0, texts: ["1か月無料体験"])?.length.days == 30)
    }

    @Test(arguments: spelledOutLanguages)
    func goldens(language: Language) {
        for size in [Size(width: 80, height: 24), Size(width: 40, height: 20)] {
            assertGolden(view(Self.state(language, size: size), size: size), named: "unlock-trial-\(language)-\(size)",
                         in: goldenDirectory())
        }
    }
}
