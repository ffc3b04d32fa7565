import Chrome
import Foundation
import MockStore
import Paywall
import TerminalUI
import TollboothApp

/// The bundled example app as the store would resolve it, in English (USA) and Japanese
/// (JPN), plus snapshots for every account state the paywall shows.
enum Fixture {
    static let yearly = "dev.tollbooth.example.premium.yearly"
    static let monthly = "dev.tollbooth.example.premium.monthly"
    static let lifetime = "dev.tollbooth.example.lifetime"
    static let group = "4A7C2E19"

    /// 2026-01-01 09:00 UTC.
    static let t0 = Date(timeIntervalSince1970: 1_767_258_000)
    static let utc = TimeZone(identifier: "UTC")!

    static func products(_ language: Language = .en) -> [Product] {
        let ja = language == .ja
        let format = ja ? PriceFormat(currencyCode: "JPY", locale: "ja_JP") : PriceFormat(currencyCode: "USD", locale: "en_US")
        func price(_ en: String, _ yen: String) -> Decimal { Decimal(string: ja ? yen : en)! }
        let yearlyPrice = price("39.99", "4800"), monthlyPrice = price("4.99", "480"), lifetimePrice = price("79.99", "9800")
        let trial = Product.SubscriptionOffer(id: nil, type: .introductory, displayPrice: format.format(0), price: 0,
                                              paymentMode: .freeTrial, period: SubscriptionPeriod(value: 3, unit: .day), periodCount: 1)
        return [
            Product(id: yearly, type: .autoRenewable,
                    displayName: ja ? "プレミアム（年額）" : "Premium Yearly",
                    description: ja ? "全ての機能を利用できます。年に1回のお支払いで、月額より33%お得です。" : "Every feature, billed once a year. Save 33% against monthly.",
                    displayPrice: format.format(yearlyPrice), price: yearlyPrice, priceFormatStyle: format, isFamilyShareable: true,
                    subscription: .init(subscriptionGroupID: group, groupDisplayName: ja ? "プレミアム" : "Premium", groupLevel: 1,
                                        subscriptionPeriod: .yearly, introductoryOffer: trial)),
            Product(id: monthly, type: .autoRenewable,
                    displayName: ja ? "プレミアム（月額）" : "Premium Monthly",
                    description: ja ? "全ての機能を利用できます。毎月のお支払いです。" : "Every feature, billed every month.",
                    displayPrice: format.format(monthlyPrice), price: monthlyPrice, priceFormatStyle: format, isFamilyShareable: true,
                    subscription: .init(subscriptionGroupID: group, groupDisplayName: ja ? "プレミアム" : "Premium", groupLevel: 2,
                                        subscriptionPeriod: .monthly)),
            Product(id: lifetime, type: .nonConsumable,
                    displayName: ja ? "永久ライセンス" : "Lifetime Unlock",
                    description: ja ? "一度購入すれば、全ての機能を永久に利用できます。" : "Every feature, forever. Pay once.",
                    displayPrice: format.format(lifetimePrice), price: lifetimePrice, priceFormatStyle: format),
        ]
    }

    /// A new customer: eligible for the trial, nothing bought.
    static func snapshot(eligible: Bool = true, switches: StoreSwitches = .init(), faults: [FaultRule] = [],
                         lastEvent: StoreEvent? = nil) -> StoreSnapshot {
        StoreSnapshot(storeTime: t0, introEligibleGroupIDs: eligible ? [group] : [], faults: faults, switches: switches,
                      lastEvent: lastEvent)
    }

    static func transaction(_ productID: String, id: UInt64 = 1001, purchased: Date = t0, expires: Date? = nil,
                            revoked: Date? = nil, verificationError: VerificationError? = nil,
                            reason: TransactionReason = .purchase) -> Transaction {
        let isSubscription = productID != lifetime
        return Transaction(id: id, originalID: id, productID: productID,
                           productType: isSubscription ? .autoRenewable : .nonConsumable,
                           subscriptionGroupID: isSubscription ? group : nil, purchaseDate: purchased,
                           originalPurchaseDate: purchased,
                           expirationDate: expires ?? (isSubscription ? (productID == yearly ? SubscriptionPeriod.yearly : .monthly).advance(purchased) : nil),
                           revocationDate: revoked, reason: reason, verificationError: verificationError)
    }

    /// An account subscribed to `productID`, in `state`, with optional renewal changes.
    static func subscribed(_ productID: String, state: RenewalState = .subscribed, willAutoRenew: Bool = true,
                           autoRenewPreference: String? = nil, grace: Date? = nil,
                           verificationError: VerificationError? = nil) -> StoreSnapshot {
        let tx = transaction(productID, verificationError: verificationError)
        let info = RenewalInfo(originalTransactionID: tx.originalID, currentProductID: productID, willAutoRenew: willAutoRenew,
                               autoRenewPreference: autoRenewPreference ?? productID,
                               expirationReason: state == .expired ? .autoRenewDisabled : nil,
                               isInBillingRetry: state == .inBillingRetryPeriod || state == .inGracePeriod,
                               gracePeriodExpirationDate: grace, renewalDate: tx.expirationDate)
        var snapshot = Fixture.snapshot(eligible: false)
        snapshot.statuses = [SubscriptionStatus(state: state, renewalInfo: info, transaction: tx, subscriptionGroupID: group)]
        if state.isEntitled { snapshot.entitlements = [tx] }
        return snapshot
    }

    static func theme(_ name: String = "default") -> Theme {
        (try? ThemeLoader.bundled(name)) ?? .fallback
    }

    /// A paywall with the example's products loaded and `snapshot`.
    static func state(_ language: Language = .en, size: Size = Size(width: 80, height: 24),
                      snapshot: StoreSnapshot? = Fixture.snapshot(), theme: String = "default",
                      manifest: PaywallManifest? = nil) -> PaywallState {
        let locale = language.defaultLocale
        var state = PaywallState(locale: locale, timeZone: utc, theme: Fixture.theme(theme),
                                 manifest: manifest ?? exampleManifest,
                                 policies: AppPolicies(policies: [PrivacyPolicy(locale: "en_US", url: "https://tollbooth.example/privacy"),
                                                                  PrivacyPolicy(locale: "ja_JP", url: "https://tollbooth.example/ja/privacy")]),
                                 size: size, deviceName: "iPhone")
        _ = update(&state, .productsLoaded(products(language)))
        if let snapshot { _ = update(&state, .snapshotChanged(snapshot)) }
        return state
    }

    /// The app around `state(…)`: the paywall, its control room closed.
    static func app(_ language: Language = .en, size: Size = Size(width: 80, height: 24),
                    snapshot: StoreSnapshot? = Fixture.snapshot(), theme: String = "default",
                    manifest: PaywallManifest? = nil) -> AppState {
        AppState(paywall: state(language, size: size, snapshot: snapshot, theme: theme, manifest: manifest))
    }

    static let exampleManifest: PaywallManifest = (try? BundledExample.manifest()) ?? .empty
}

/// Feeds events in order, returning every effect.
@discardableResult
func send(_ state: inout PaywallState, _ events: PaywallEvent...) -> [PaywallEffect] {
    events.flatMap { update(&state, $0) }
}

/// Feeds events to the app in order, returning every effect.
@discardableResult
func send(_ state: inout AppState, _ events: AppEvent...) -> [AppEffect] {
    events.flatMap { update(&state, $0) }
}

func key(_ key: Key) -> PaywallEvent { .input(.key(key)) }
func char(_ c: Character) -> PaywallEvent { .input(.key(.character(c))) }
@_disfavoredOverload func key(_ key: Key) -> AppEvent { .input(.key(key)) }
@_disfavoredOverload func char(_ c: Character) -> AppEvent { .input(.key(.character(c))) }
