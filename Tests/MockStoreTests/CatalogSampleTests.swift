import Foundation
import TestSupport
import Testing
@testable import MockStore

/// The 27 `.storekit` files of the corpus (13 copied from public repositories, 14 written for
/// the project): every one loads, except the two that must be refused.
@Suite struct CatalogSampleTests {
    @Test func corpusIsComplete() throws {
        // Guards the parameterised test below against an empty or moved corpus.
        #expect(Samples.fileNames.count == 27, "expected the 27 samples in \(Samples.directory)")
        #expect(Samples.fileNames.contains(Samples.empty))
        #expect(Samples.fileNames.contains(Samples.notXcode))
        // SOURCES.md accounts for every file (origin and licence, or written here), and names
        // no file that is missing.
        let rows = try Samples.sources().split(separator: "\n").filter { $0.hasPrefix("| ") }
        let named = rows.compactMap { $0.split(separator: "|").first?.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasSuffix(".storekit") }
        let unlisted = Samples.fileNames.filter { !named.contains($0) }
        #expect(unlisted.isEmpty, "SOURCES.md has no row for \(unlisted)")
        let absent = named.filter { !Samples.fileNames.contains($0) }
        #expect(absent.isEmpty, "SOURCES.md names files that are not in the corpus: \(absent)")
        #expect(named.count == Set(named).count, "SOURCES.md names a file twice")
    }

    @Test(arguments: Samples.fileNames)
    func sampleLoadsOrIsRefusedClearly(name: String) throws {
        let path = Samples.path(name)
        switch name {
        case Samples.empty:
            let error = #expect(throws: CatalogError.self) { try CatalogLoader.load(path: path) }
            #expect(error?.kind == .empty)
            #expect(error?.description == "\(path) is empty (0 bytes): export it again from Xcode (File ▸ New ▸ StoreKit Configuration File) or point tollbooth at the right file.")
        case Samples.notXcode:
            let error = #expect(throws: CatalogError.self) { try CatalogLoader.load(path: path) }
            #expect(error?.kind == .notXcode)
            #expect(error?.line == 35)
            #expect(error?.column == 11)
            let text = error?.description ?? ""
            #expect(text.hasPrefix("\(path):35:11: this file was not written by Xcode"))
            #expect(text.contains("familySharable"))
            #expect(text.contains("offerMode"))
            #expect(text.contains("durationUnit"))
            #expect(text.hasSuffix("rename those keys."))
        default:
            let catalog = try CatalogLoader.load(path: path)
            #expect(catalog.source == path)
            #expect(!catalog.products.isEmpty)
            #expect(catalog.warnings.isEmpty, "unexpected warnings: \(catalog.warnings)")
            // Every subscription sits in exactly the group that lists it.
            for group in catalog.groups {
                for id in group.productIDs {
                    #expect(catalog.product(id: id)?.subscription?.groupID == group.id)
                }
            }
            // The version in the file name is the one read.
            let tag = name.split(separator: "-").first { $0.hasPrefix("v") && $0.contains(".") }
            if let tag {
                #expect("v\(catalog.version)" == tag.replacingOccurrences(of: ".storekit", with: ""))
            }
        }
    }

    // MARK: - Spot checks, one real value per thing a user would notice

    @Test func japaneseFileIsPricedInYenWithoutDecimals() throws {
        let catalog = try Samples.load("handmade-v4.0-ja-jpy-group-localizations.storekit")
        #expect(catalog.settings.storefront == "JPN")
        #expect(catalog.settings.locale == "en_US")
        let storefront = try #require(catalog.settings.resolvedStorefront)
        #expect(storefront.currencyCode == "JPY")
        let monthly = try #require(catalog.product(id: "dev.tollbooth.fixture.bonsai.plus.monthly"))
        let yearly = try #require(catalog.product(id: "dev.tollbooth.fixture.bonsai.plus.yearly"))
        #expect(monthly.price == 480)
        #expect(yearly.price == 4800)
        #expect(yearly.subscription?.period == .yearly)
        let format = PriceFormat(storefront: storefront, locale: catalog.defaultLocale)
        #expect(format.format(monthly.price) == "¥480")
        #expect(format.format(yearly.price) == "¥4,800")
        // Only `ja` text exists, so the en_US test locale falls back to it rather than to nothing.
        #expect(catalog.localization(of: monthly)?.locale == "ja")
        let group = try #require(catalog.groups.first)
        #expect(catalog.localization(of: group)?.locale == "ja")
        #expect(catalog.version == CatalogVersion(major: 4, minor: 0))
    }

    @Test func japaneseV3FileUsesJapaneseLocale() throws {
        let catalog = try Samples.load("handmade-v3.0-ja-jajp-locale.storekit")
        #expect(catalog.settings.locale == "ja_JP")
        let monthly = try #require(catalog.product(id: "dev.tollbooth.fixture.bonsai.plus.monthly"))
        #expect(catalog.localization(of: monthly)?.locale == "ja")
    }

    @Test func foodTruckHasArabicTextAndBothIntroShapes() throws {
        let catalog = try Samples.load("apple-food-truck-products-v2.0-arabic.storekit")
        let monthly = try #require(catalog.product(id: "socialfeedplus.monthly"))
        let yearly = try #require(catalog.product(id: "socialfeedplus.yearly"))
        #expect(monthly.localization(for: "ar")?.displayName.hasPrefix("الموجز الاجتماعي") == true)
        #expect(monthly.localization(for: "ar_SA")?.locale == "ar")
        #expect(monthly.localization(for: "en_US")?.displayName == "Social Feed+ Monthly Plan")

        let yearlyIntro = try #require(yearly.subscription?.introductoryOffer)
        #expect(yearlyIntro.paymentMode == .payUpFront)
        #expect(yearlyIntro.period == SubscriptionPeriod(value: 3, unit: .month))
        #expect(yearlyIntro.price == Decimal(string: "8.99"))
        #expect(yearlyIntro.periodCount == 1)
        #expect(yearlyIntro.type == .introductory)
        #expect(yearlyIntro.id == nil)

        let monthlyIntro = try #require(monthly.subscription?.introductoryOffer)
        #expect(monthlyIntro.paymentMode == .payAsYouGo)
        #expect(monthlyIntro.periodCount == 3)
        #expect(monthlyIntro.price == Decimal(string: "2.49"))

        // Same service level for both, as the sample sets them.
        #expect(monthly.subscription?.level == 1 && yearly.subscription?.level == 1)
        let code = try #require(yearly.subscription?.codeOffers.first)
        #expect(code.type == .code)
        #expect(code.paymentMode == .payUpFront)
        #expect(code.price == Decimal(string: "29.99"))
        #expect(code.eligibility == ["new"])
        #expect(code.isStackable == false)
        let freeCode = try #require(monthly.subscription?.codeOffers.first)
        #expect(freeCode.eligibility == ["existing", "new", "expired"])
        #expect(freeCode.isStackable)
        #expect(catalog.settings.storefront == "USA")
        #expect(catalog.settings.locale == nil)
    }

    @Test func syncedFileHasEightCodeOffersAndWinBackOffers() throws {
        let catalog = try Samples.load("handmade-v4.0-winback-codeoffers.storekit")
        let subscriptions = catalog.products.compactMap(\.subscription)
        #expect(subscriptions.map(\.codeOffers.count).reduce(0, +) == 8)
        #expect(subscriptions.map(\.level).max() == 5)
        let monthly = try #require(catalog.product(id: "dev.tollbooth.fixture.trail.plus.monthly")?.subscription)
        let winBack = try #require(monthly.winBackOffers.first)
        #expect(winBack.type == .winBack)
        #expect(winBack.id == "trail_plus_comeback_monthly")
        #expect(winBack.paymentMode == .payAsYouGo)
        #expect(winBack.periodCount == 6)
        #expect(winBack.period == .monthly)
        #expect(winBack.price == Decimal(string: "2.99"))
        #expect(winBack.isEligible)
        let semiannual = try #require(catalog.product(id: "dev.tollbooth.fixture.trail.plus.semiannual")?.subscription)
        #expect(semiannual.winBackOffers.map(\.isEligible) == [false], "the file's isEligible: false is kept")
        let paidCode = try #require(monthly.codeOffers.first { $0.paymentMode == .payUpFront })
        #expect(paidCode.price == Decimal(string: "14.99"))
        #expect(paidCode.period == SubscriptionPeriod(value: 6, unit: .month))
        let weekly = try #require(catalog.product(id: "dev.tollbooth.fixture.trail.plus.weekly")?.subscription)
        #expect(weekly.introductoryOffer?.period == SubscriptionPeriod(value: 3, unit: .day))
        #expect(weekly.introductoryOffer?.price == 0)
    }

    @Test func revenueCatV5ReadsBillingPlansAndIntroductoryOffers() throws {
        let catalog = try Samples.load("revenuecat-unittests-v5.0-billingplans.storekit")
        #expect(catalog.version == CatalogVersion(major: 5, minor: 0))
        #expect(catalog.groups.count == 2)
        let monthly = try #require(catalog.product(id: "com.revenuecat.monthly_4.99.1_week_intro")?.subscription)
        #expect(monthly.introductoryOffer?.paymentMode == .freeTrial)
        #expect(monthly.introductoryOffer?.period == SubscriptionPeriod(value: 3, unit: .month))
        #expect(monthly.introductoryOffer?.billingPlanType == "BILLED_UPFRONT")
        #expect(monthly.promotionalOffers.count == 2)
        #expect(monthly.promotionalOffers[0].id == "com.revenuecat.monthly_4.99.1_week_intro.year_discount")
        #expect(monthly.promotionalOffers[0].price == Decimal(string: "40.99"))
        #expect(monthly.promotionalOffers[1].paymentMode == .payAsYouGo)
        #expect(monthly.promotionalOffers[1].periodCount == 2)

        let committed = try #require(catalog.product(id: "com.revenuecat.annual_with_commitment"))
        #expect(committed.price == Decimal(string: "11.88"))
        #expect(committed.subscription?.introductoryOffer == nil)  // `introductoryOffers: []`, no singular
        let plans = try #require(committed.subscription?.billingPlans)
        #expect(plans.map(\.type) == ["BILLED_UPFRONT", "MONTHLY"])
        #expect(plans[1].price == Decimal(string: "0.5"))
        #expect(plans[1].commitmentPrice == Decimal(string: "6.00"))
        #expect(catalog.product(id: "lifetime")?.isFamilyShareable == true)
        #expect(catalog.product(id: "com.revenuecat.non_renewable")?.type == .nonRenewable)
        #expect(catalog.settings.storeKitErrors.isEmpty)
        #expect(catalog.settings.dialogsDisabled == false)
    }

    @Test func tikTokV5OffersCarryBillingPlanType() throws {
        let catalog = try Samples.load("tiktok-sdk-v5.0-offers-billingplans.storekit")
        let sub = try #require(catalog.products.first { $0.type == .autoRenewable }?.subscription)
        #expect(sub.introductoryOffer?.paymentMode == .payUpFront)
        #expect(sub.introductoryOffer?.price == Decimal(string: "0.99"))
        #expect(sub.promotionalOffers.first?.id == "test_ycq_promotional")
        #expect(sub.promotionalOffers.first?.paymentMode == .freeTrial)
        #expect(sub.codeOffers.first?.eligibility == ["new", "existing", "expired"])
        #expect(sub.billingPlans.count == 1)
        #expect(Set(catalog.products.map(\.type)) == Set(ProductType.known))
    }

    @Test func cisumUnfinishedIntroIsNoOffer() throws {
        let catalog = try Samples.load("cisum-v3.0-zh-intro-paymentmode-none.storekit")
        let yearly = try #require(catalog.product(id: "com.yueyi.kuaiyizhi.pro.yearly"))
        #expect(yearly.subscription != nil)
        #expect(yearly.subscription?.introductoryOffer == nil)
        #expect(yearly.price == 20)
        #expect(catalog.settings.resolvedStorefront?.currencyCode == "CNY")
        #expect(catalog.settings.timeRate == .monthlyRenewalEveryThirtySeconds)
        // A zh_Hans test locale finds the zh_CN text.
        #expect(yearly.localization(for: "zh_Hans")?.locale == "zh_CN")
        #expect(catalog.product(id: "com.yueyi.kuaiyizhi.pro.day.7")?.price == 1)
    }

    @Test func circlesStaleFreeTrialPriceIsZero() throws {
        let catalog = try Samples.load("circles-products-v3.0-timerate13-offers.storekit")
        let family = try #require(catalog.product(id: "org.futo.circles.family_monthly")?.subscription)
        #expect(family.introductoryOffer?.paymentMode == .freeTrial)
        #expect(family.introductoryOffer?.price == 0)  // the file still says "0.99"
        #expect(catalog.settings.timeRate == .monthlyRenewalEveryFiveMinutes)
        let fault = try #require(catalog.settings.storeKitErrors.first { $0.api == .loadProducts })
        #expect(fault.error == .storeKit(.networkError))
        #expect(fault.enabled == false)
        #expect(catalog.product(id: "org.futo.circles.individual_lifetime")?.type == .nonRenewable)
    }

    @Test func storeKitTheKitErrorsAndFixedTimeRate() throws {
        let catalog = try Samples.load("storekitthekit-test-store-v4.0-errors-timerate.storekit")
        #expect(catalog.settings.timeRate == .oneRenewalEveryMinute)
        #expect(catalog.settings.unknownTimeRate == nil)
        let faults = catalog.settings.storeKitErrors
        #expect(faults.map(\.api) == FailableAPI.allCases)
        #expect(faults.first { $0.api == .loadProducts }?.error == .storeKit(.networkError))
        #expect(faults.first { $0.api == .manageSubscriptions }?.error == .storeKit(.systemError))
        #expect(faults.filter { $0.error != nil }.count == 2)
        #expect(faults.allSatisfy { !$0.enabled })
        #expect(catalog.product(id: "com.nicolaischneider.coins.hundred")?.internalID == "COINS100")
        #expect(Set(catalog.products.map(\.type)) == Set(ProductType.known))
    }

    @Test func purchaseErrorIsKeptWhileDisabled() throws {
        let catalog = try Samples.load("handmade-v3.0-ja-purchase-error-disabled.storekit")
        let fault = try #require(catalog.settings.storeKitErrors.first { $0.api == .purchase })
        #expect(fault.error == .purchase(.productUnavailable))
        #expect(fault.enabled == false)
        let sub = try #require(catalog.products.first)
        #expect(sub.localization(for: "ja_JP")?.locale == "ja")
    }

    @Test func loadProductsErrorAndPolicies() throws {
        let catalog = try Samples.load("handmade-v4.0-ja-loadproducts-error-policies.storekit")
        #expect(catalog.settings.storeKitErrors.first?.error == .storeKit(.networkError))
        #expect(catalog.policies.policies.map(\.locale) == ["en_US"])
        #expect(catalog.policies.privacyPolicy(for: "ja")?.locale == "en_US")
        #expect(catalog.settings.lastSynchronizedDate != nil)
    }

    @Test func packageDirectoryLoads() throws {
        let folder = try TemporaryFolder("jb")
        defer { folder.remove() }
        let root = folder.url
        let package = root.appendingPathComponent("StoreKit Example.storekit")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        try Samples.bytes("handmade-package-v4.0-promotionalimage.storekit")
            .write(to: package.appendingPathComponent("Configuration.storekit"))

        let catalog = try CatalogLoader.load(path: package.path)
        #expect(catalog.source == package.path)
        #expect(catalog.groups.count == 3)
        #expect(catalog.product(id: "dev.tollbooth.fixture.tempo.basic.monthly")?.subscription?.promotionalImageID == "D41C7A02")
        let trialYearly = try #require(catalog.product(id: "dev.tollbooth.fixture.tempo.trial.yearly")?.subscription?.introductoryOffer)
        #expect(trialYearly.paymentMode == .freeTrial)
        #expect(trialYearly.price == 0)  // stale "1.99" ignored

        // A directory without the JSON inside is refused by name.
        let emptyPackage = root.appendingPathComponent("Empty.storekit")
        try FileManager.default.createDirectory(at: emptyPackage, withIntermediateDirectories: true)
        let error = #expect(throws: CatalogError.self) { try CatalogLoader.load(path: emptyPackage.path) }
        #expect(error?.kind == .notFound)
        #expect(error?.description.hasPrefix("\(emptyPackage.path) is a directory without a Configuration.storekit inside:") == true)
    }

    @Test func nullReferenceNameAndBlankText() throws {
        let catalog = try Samples.load("handmade-v1.1-null-referencename.storekit")
        #expect(catalog.products.count == 6)
        #expect(catalog.products.allSatisfy { $0.referenceName == nil })
        #expect(catalog.product(id: "dev.tollbooth.fixture.herbarium.tip.oak")?.price == 149)
        #expect(catalog.product(id: "dev.tollbooth.fixture.herbarium.tip.seedling")?.localizations.first?.displayName == "")
    }

    @Test func colombianPesosWithMexicanSpanish() throws {
        let catalog = try Samples.load("handmade-v1.1-col-storefront-es-mx.storekit")
        #expect(catalog.settings.resolvedStorefront?.currencyCode == "COP")
        #expect(catalog.settings.locale == "es_MX")
        #expect(catalog.settings.timeRate == .oneSecondIsOneDay)
        #expect(catalog.product(id: "dev.tollbooth.fixture.herbarium.tip.oak")?.price == 34900)
    }

    @Test func legacyStoreKitErrorLoads() throws {
        let catalog = try Samples.load("handmade-v2.0-synced-legacy-storekiterror.storekit")
        #expect(catalog.settings.legacyStoreKitError == 0)
        #expect(catalog.settings.storeKitErrors.isEmpty)
        #expect(catalog.settings.failTransactionsEnabled == false)
        #expect(catalog.settings.lastSynchronizedDate == Date(timeIntervalSinceReferenceDate: 702144903.18826997))
        #expect(catalog.product(id: "dev.tollbooth.fixture.crossword.hints")?.isFamilyShareable == true)
    }

    @Test func purchaseTesterSyncedOffers() throws {
        let catalog = try Samples.load("revenuecat-purchasetester-v3.0-synced-offers.storekit")
        #expect(catalog.groups.count == 6)
        let synced = try #require(catalog.settings.lastSynchronizedDate)
        let utc = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: synced)
        #expect(utc.year == 2024 && utc.month == 7 && utc.day == 26)
        let codes = catalog.products.compactMap(\.subscription).flatMap(\.codeOffers)
        #expect(codes.contains { $0.periodCount == 5 && $0.paymentMode == .payAsYouGo })
        #expect(codes.contains { $0.eligibility == ["expired"] })
        #expect(catalog.product(id: "P2")?.localizations.isEmpty == true)
        #expect(catalog.product(id: "greenie_annual")?.localizations.first?.locale == "en_GB")
    }

    @Test func oldestAndToolWrittenFormats() throws {
        let v10 = try Samples.load("revenuecat-swiftui-example-v1.0.storekit")
        #expect(v10.identifier == nil)
        #expect(v10.settings == CatalogSettings())
        #expect(v10.product(id: "monthly_freetrial")?.subscription?.introductoryOffer?.period == .weekly)

        let generated = try Samples.load("revenuecat-loadshedder-generated-v4.0.storekit")
        #expect(generated.settings == CatalogSettings())
        #expect(generated.product(id: "com.revenuecat.loadShedder.monthly")?.subscription?.introductoryOffer == nil)
    }

    @Test func skDemoLevelsAndIntroWithoutPeriodCount() throws {
        let catalog = try Samples.load("apple-skdemo-wwdc21-products-v1.1.storekit")
        let levels = catalog.groups[0].productIDs.compactMap { catalog.product(id: $0)?.subscription?.level }
        #expect(levels == [3, 2, 1])
        let pro = try #require(catalog.product(id: "subscription.pro")?.subscription?.introductoryOffer)
        #expect(pro.paymentMode == .payUpFront)
        #expect(pro.period == SubscriptionPeriod(value: 2, unit: .month))
        #expect(pro.periodCount == 1)
        #expect(pro.price == Decimal(string: "1.99"))
        #expect(catalog.settings.timeRate == .realTime)

        let v20 = try Samples.load("apple-skdemo-products-v2.0.storekit")
        #expect(v20.settings.timeRate == .monthlyRenewalEveryThirtySeconds)
        #expect(v20.product(id: "nonRenewing.standard")?.price == Decimal(string: "9.99"))
    }

    @Test func backyardBirdsOrderAndFaultList() throws {
        let catalog = try Samples.load("apple-backyard-birds-store-v3.0.storekit")
        // `products` first, then the group's subscriptions.
        #expect(catalog.products.prefix(6).allSatisfy { $0.type == .consumable })
        #expect(catalog.products.suffix(3).allSatisfy { $0.type == .autoRenewable })
        #expect(catalog.products.suffix(3).map(\.isFamilyShareable) == [false, true, true])
        #expect(catalog.settings.storeKitErrors.count == 9)
        #expect(catalog.settings.storeKitErrors.allSatisfy { $0.error == nil && !$0.enabled })
    }

    @Test func justSpeakToItUnicodeEscapes() throws {
        let catalog = try Samples.load("justspeaktoit-v3.0-compact-uescape.storekit")
        let names = catalog.products.compactMap { $0.localizations.first?.displayName }
        #expect(names.contains("Buy me a coffee \u{2615}"))
        #expect(names.contains("Buy me lunch \u{1F354}"))  // \ud83c\udf54, a surrogate pair
    }

    @Test func japaneseTextUnderEnglishTag() throws {
        let catalog = try Samples.load("handmade-v1.0-ja-under-en-us.storekit")
        #expect(catalog.product(id: "dev.tollbooth.fixture.teahouse.tip")?.price == 5)
        let matcha = try #require(catalog.product(id: "dev.tollbooth.fixture.teahouse.matcha"))
        #expect(matcha.localization(for: "ja")?.displayName == "TODO")
        #expect(matcha.localization(for: "ja_JP")?.displayName == "TODO")
        #expect(matcha.localization(for: "en_US")?.displayName == "抹茶")
        #expect(matcha.localization(for: "fr_FR")?.displayName == "抹茶")  // en_US is Xcode's default
        #expect(catalog.version == CatalogVersion(major: 1, minor: 0))
    }
}
