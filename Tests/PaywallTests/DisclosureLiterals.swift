import Audit
import Foundation
import MockStore
import Paywall
import TerminalUI

/// What App Review must read on the paywall of each example catalog (docs/domain.md §3), written
/// out as the customer sees it: never built from the app's own `Strings`, so a sentence that
/// loses its price or its "24 hours" fails here however the copy is changed.
struct ExampleDisclosure: Sendable, CustomStringConvertible {
    /// One plan as its card or row must show it.
    struct Plan: Sendable {
        var id: String
        /// D1.
        var title: String
        /// D3: the billed price as shown.
        var price: String
        /// D2: the period's length (or that it is bought once).
        var length: String
        /// D9: the regular renewal price, per period; nil for a one-time purchase.
        var renewal: String?
        /// D12: the free trial's length and what it turns into.
        var trial: String?
    }

    /// Literals that must all stand in one sentence of the disclosure, and the rule they serve.
    struct Sentence: Sendable {
        var rule: String
        var literals: [String]
    }

    var catalog: String
    var japan: Bool
    var locale: String
    var plans: [Plan]
    var sentences: [Sentence]
    /// D5, D6 (label and URL), D13 (a benefit), D14 (the control's label).
    var privacy: String, terms: String, benefit: String, restore: String

    var description: String { "\(catalog) \(locale)" }

    static let yearly = "dev.tollbooth.example.premium.yearly"
    static let monthly = "dev.tollbooth.example.premium.monthly"
    static let lifetime = "dev.tollbooth.example.lifetime"
    static let eula = "https://www.apple.com/legal/internet-services/itunes/dev/stdeula/"

    static let all: [ExampleDisclosure] = [
        english(catalog: "Example.storekit", japan: false,
                plans: [Plan(id: yearly, title: "Premium Yearly", price: "$39.99", length: "1 year", renewal: "$39.99/year",
                             trial: "3 days free, then $39.99/year"),
                        Plan(id: monthly, title: "Premium Monthly", price: "$4.99", length: "1 month", renewal: "$4.99/month"),
                        Plan(id: lifetime, title: "Lifetime Unlock", price: "$79.99", length: "One-time purchase")]),
        japanese(catalog: "Example.storekit", japan: false,
                 plans: [Plan(id: yearly, title: "プレミアム（年額）", price: "$39.99", length: "1年", renewal: "$39.99/年",
                              trial: "3日間無料、その後 $39.99/年"),
                         Plan(id: monthly, title: "プレミアム（月額）", price: "$4.99", length: "1か月", renewal: "$4.99/月"),
                         Plan(id: lifetime, title: "永久ライセンス", price: "$79.99", length: "買い切り")]),
        english(catalog: "Example-JP.storekit", japan: true,
                plans: [Plan(id: yearly, title: "Premium Yearly", price: "¥4,800", length: "1 year", renewal: "¥4,800/year",
                             trial: "3 days free, then ¥4,800/year"),
                        Plan(id: monthly, title: "Premium Monthly", price: "¥480", length: "1 month", renewal: "¥480/month"),
                        Plan(id: lifetime, title: "Lifetime Unlock", price: "¥9,800", length: "One-time purchase")]),
        japanese(catalog: "Example-JP.storekit", japan: true,
                 plans: [Plan(id: yearly, title: "プレミアム（年額）", price: "¥4,800", length: "1年", renewal: "¥4,800/年",
                              trial: "3日間無料、その後 ¥4,800/年"),
                         Plan(id: monthly, title: "プレミアム（月額）", price: "¥480", length: "1か月", renewal: "¥480/月"),
                         Plan(id: lifetime, title: "永久ライセンス", price: "¥9,800", length: "買い切り")]),
    ]

    static func english(catalog: String, japan: Bool, plans: [Plan]) -> ExampleDisclosure {
        ExampleDisclosure(catalog: catalog, japan: japan, locale: "en_US", plans: plans, sentences: [
            Sentence(rule: "D8", literals: ["renew automatically", "turned off at least 24 hours before the end of the period"]),
            Sentence(rule: "D9", literals: ["charged for renewal within 24 hours before the period ends", "regular price"]
                     + plans.compactMap(\.renewal)),
            Sentence(rule: "D10", literals: ["charged to your Apple Account at confirmation of purchase"]),
            Sentence(rule: "D11", literals: ["Manage your subscription", "turn off auto-renew in Account Settings after purchase"]),
            Sentence(rule: "D12", literals: ["unused free-trial time is forfeited when you purchase a subscription"]),
        ], privacy: "Privacy Policy: https://tollbooth.example/privacy", terms: "Terms of Use: \(eula)",
           benefit: "Unlimited projects and exports", restore: "[ Restore Purchases ]")
    }

    static func japanese(catalog: String, japan: Bool, plans: [Plan]) -> ExampleDisclosure {
        ExampleDisclosure(catalog: catalog, japan: japan, locale: "ja_JP", plans: plans, sentences: [
            // The Japanese says D8 in two sentences: it renews, and when to turn it off.
            Sentence(rule: "D8", literals: ["キャンセルしない限り自動的に更新されます"]),
            Sentence(rule: "D8", literals: ["期間が終了する24時間前までに自動更新をオフ"]),
            Sentence(rule: "D9", literals: ["更新料金は期間終了前の24時間以内", "通常価格"] + plans.compactMap(\.renewal)),
            Sentence(rule: "D10", literals: ["購入の確定時に Apple Account に請求されます"]),
            Sentence(rule: "D11", literals: ["購入後は、アカウント設定でサブスクリプションの管理や自動更新のオフができます"]),
            Sentence(rule: "D12", literals: ["無料トライアル期間の未使用分は", "失効します"]),
        ], privacy: "プライバシーポリシー: https://tollbooth.example/ja/privacy", terms: "利用規約: \(eula)",
           benefit: "プロジェクトと書き出しが無制限", restore: "[ 購入を復元 ]")
    }

    /// A new customer's paywall for this catalog, as `tollbooth run` starts it: the catalog and
    /// its manifest, products and account read from a store.
    func state(size: Size) async throws -> PaywallState {
        let catalog = try CatalogLoader.load(path: try BundledExample.storeKitURL(japan: japan).path)
        let store = try Store(catalog: catalog, ledger: .inMemory(), device: "iPhone", polling: false)
        await store.setLocale(locale)
        let manifest = try ManifestLoader.load(path: try BundledExample.manifestURL(japan: japan).path)
        var state = PaywallState(locale: locale, timeZone: Fixture.utc, theme: Fixture.theme(), manifest: manifest,
                                 policies: catalog.policies, size: size, deviceName: "iPhone")
        _ = update(&state, .productsLoaded(try await store.products(for: manifest.productIDs)))
        _ = update(&state, .snapshotChanged(try await store.snapshot()))
        return state
    }
}

/// The sentences of `text` (the audit's own split).
func sentences(_ text: String) -> [String] { ScreenText.sentences(text) }
