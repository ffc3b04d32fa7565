import Foundation
import Testing
@testable import MockStore

@Suite struct CatalogCheckTests {
    private func subscription(_ id: String, group: String = "G", period: SubscriptionPeriod = .monthly,
                              price: Decimal = 4.99, name: String = "Pro") -> CatalogProduct {
        CatalogProduct(id: id, type: .autoRenewable, price: price,
                       localizations: [LocalizedText(locale: "en_US", displayName: name, description: "")],
                       subscription: CatalogSubscription(groupID: group, level: 1, period: period))
    }

    /// A catalog with nothing to report, so each test's finding comes from its one defect.
    private func clean() -> Catalog {
        Catalog(
            version: CatalogVersion(major: 4, minor: 0),
            products: [
                CatalogProduct(id: "coins", type: .consumable, price: 0.99,
                               localizations: [LocalizedText(locale: "en_US", displayName: "Coins", description: "")]),
                subscription("pro.monthly"),
            ],
            groups: [SubscriptionGroup(id: "G", name: "Pro", productIDs: ["pro.monthly"])],
            policies: AppPolicies(policies: [PrivacyPolicy(locale: "en_US", url: "https://example.com/privacy")]))
    }

    @Test func cleanCatalogHasNoFindings() {
        #expect(CatalogCheck.run(clean()).isEmpty)
    }

    @Test func duplicateProductIDsAreAnErrorReportedOnce() {
        var catalog = clean()
        catalog.products.append(CatalogProduct(id: "coins", type: .nonConsumable, price: 1,
                                               localizations: [LocalizedText(locale: "en_US", displayName: "X", description: "")]))
        let findings = CatalogCheck.run(catalog)
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.message == #"Product id "coins" is used by 2 products, so StoreKit can only ever find one of them; give each product its own id."#)
    }

    @Test func groupMismatchAndShortPeriods() {
        var catalog = clean()
        catalog.products[1] = subscription("pro.monthly", group: "OTHER")
        catalog.products.append(subscription("pro.daily", period: SubscriptionPeriod(value: 3, unit: .day)))
        catalog.products.append(subscription("pro.fortnight", period: SubscriptionPeriod(value: 2, unit: .week)))
        catalog.groups[0].productIDs += ["pro.daily", "pro.fortnight"]
        let findings = CatalogCheck.run(catalog)
        // The 3-day period is D16's, reported by `check` with the audit's rule, not here again.
        #expect(findings.map(\.severity) == [.error, .warning])
        #expect(findings[0].message.contains(#"subscriptionGroupID is "OTHER" but it sits in group "G""#))
        #expect(!findings.contains { $0.productID == "pro.daily" }, "\(findings)")
        #expect(findings[1].message.contains("P2W, which App Store Connect does not offer"))
    }

    @Test func missingTextAndZeroPrices() {
        var catalog = clean()
        catalog.products[0].localizations[0].displayName = " "
        catalog.products.append(CatalogProduct(id: "free", type: .nonConsumable, price: 0,
                                               localizations: [LocalizedText(locale: "en_US", displayName: "Free", description: "")]))
        catalog.products.append(CatalogProduct(id: "bare", type: .nonConsumable, price: 1))
        var paidAtZero = subscription("pro.monthly")
        paidAtZero.subscription?.introductoryOffer = CatalogOffer(type: .introductory, paymentMode: .payAsYouGo, period: .monthly, price: 0)
        catalog.products[1] = paidAtZero
        let messages = CatalogCheck.run(catalog).map(\.message)
        #expect(messages == [
            #"Product "coins" has an empty display name for "en_US", so the paywall would show a blank title; fill it in."#,
            #"Subscription "pro.monthly" has an offer (introductory, payAsYouGo) priced at 0; make it a free trial or give it a price."#,
            #"Product "free" costs 0, but the App Store sells no free in-app purchases except a time-limited trial of a non-consumable (named like "14-day Trial"); give it a price."#,
            #"Product "bare" has no localizations, so the paywall has no name to show for en_US; add one."#,
        ])
    }

    @Test func settingsAndPolicies() {
        var catalog = clean()
        catalog.settings.storefront = "XYZ"
        catalog.settings.unknownTimeRate = 4242
        catalog.settings.storeKitErrors = [ConfiguredFault(api: .purchase, enabled: true, error: nil)]
        catalog.policies = AppPolicies(policies: [PrivacyPolicy(locale: "en_US")])
        catalog.warnings = ["Test.storekit: a loader remark."]
        let findings = CatalogCheck.run(catalog)
        // The missing privacy-policy URL is D19's, reported by `check` with the audit's rule.
        #expect(findings.map(\.severity) == [.error, .warning, .warning, .warning])
        #expect(findings[0].message.hasPrefix(#"Storefront "XYZ" is not one Tollbooth knows, so prices fall back to USD; use one of ARE, AUS,"#))
        #expect(findings[1].message.hasPrefix("_timeRate 4242 is not a renewal rate Tollbooth knows"))
        #expect(findings[2].message.contains("Purchase is enabled but no error is chosen"))
        #expect(findings[3].message == "Test.storekit: a loader remark.")

    }

    /// D18: a free "14-day Trial" non-consumable is allowed when there is a full unlock to buy.
    @Test func aFreeTimeLimitedTrialIsNotAZeroPriceMistake() {
        var catalog = clean()
        let trial = CatalogProduct(id: "trial", type: .nonConsumable, price: 0,
                                   localizations: [LocalizedText(locale: "en_US", displayName: "14-day Trial", description: "")])
        let unlock = CatalogProduct(id: "full", type: .nonConsumable, price: 9.99,
                                    localizations: [LocalizedText(locale: "en_US", displayName: "Full Unlock", description: "")])
        catalog.products += [trial, unlock]
        #expect(CatalogCheck.run(catalog).isEmpty)

        catalog.products.removeAll { $0.id == "full" }
        let messages = CatalogCheck.run(catalog).map(\.message)
        #expect(messages == [#"Product "trial" is a free 14-day trial, but the catalog sells no paid non-consumable to unlock the app when it ends, so the paywall cannot show the full price (D18); add the full unlock."#])
    }

    @Test func everyMessageIsOneSentence() throws {
        for name in Samples.fileNames where name != Samples.empty && name != Samples.notXcode {
            for finding in CatalogCheck.run(try Samples.load(name)) {
                #expect(finding.message.hasSuffix("."), "\(finding)")
                #expect(!finding.message.contains("\n"), "\(finding)")
            }
        }
    }
}
