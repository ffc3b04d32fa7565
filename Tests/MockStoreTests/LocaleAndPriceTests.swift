import Foundation
import Testing
@testable import MockStore

@Suite struct LocaleMatchTests {
    private func pick(_ candidates: [String], _ locale: String, fileDefault: String? = nil) -> String? {
        LocaleMatch.best(candidates, for: locale, fileDefault: fileDefault, key: { $0 })
    }

    @Test func exactMatchIgnoresSeparatorAndCase() {
        #expect(pick(["ja", "en_US"], "EN-us") == "en_US")
        #expect(pick(["en_GB", "en_US"], "en_US") == "en_US")
        #expect(pick(["zh_Hans", "zh_Hant"], "zh-hant") == "zh_Hant")
    }

    @Test func sameLanguageWithAnyRegionOrScript() {
        #expect(pick(["en_US", "ja"], "ja_JP") == "ja")
        #expect(pick(["en_US", "ja_JP"], "ja") == "ja_JP")
        #expect(pick(["en_US", "zh_Hans"], "zh_CN") == "zh_Hans")
        #expect(pick(["en_US", "zh_CN"], "zh_Hans") == "zh_CN")
        // Script agreement decides between Chinese variants.
        #expect(pick(["zh_Hans", "zh_Hant"], "zh_TW") == "zh_Hant")
        #expect(pick(["zh_Hant", "zh_Hans"], "zh_CN") == "zh_Hans")
        // A bare language beats an unrelated region.
        #expect(pick(["pt_PT", "pt"], "pt_BR") == "pt")
    }

    @Test func fallsBackToTheFileDefaultThenEnglishThenFirst() {
        #expect(pick(["ja", "de"], "fr", fileDefault: "de") == "de")
        #expect(pick(["ja", "de_DE"], "fr", fileDefault: "de") == "de_DE")
        #expect(pick(["ja", "en_GB"], "fr") == "en_GB")  // en_US is Xcode's default
        #expect(pick(["ja", "en_US"], "fr", fileDefault: "ko") == "en_US")
        #expect(pick(["ja", "de"], "fr") == "ja")
        #expect(pick([], "fr") == nil)
    }

    @Test func privacyPolicyLookup() {
        let policies = AppPolicies(policies: [
            PrivacyPolicy(locale: "en_US", url: "https://example.com/en"),
            PrivacyPolicy(locale: "ja_JP", url: "https://example.com/ja"),
        ])
        #expect(policies.privacyPolicy(for: "ja")?.url == "https://example.com/ja")
        #expect(policies.privacyPolicy(for: "de_DE")?.url == "https://example.com/en")
        #expect(AppPolicies().privacyPolicy(for: "en_US") == nil)
    }
}

@Suite struct PriceFormatTests {
    @Test(arguments: [
        ("JPY", "en_US", "300", "¥300"),
        ("JPY", "ja_JP", "480", "¥480"),
        ("JPY", "ja", "2800", "¥2,800"),
        ("USD", "en_US", "2.99", "$2.99"),
        ("USD", "en-US", "0.5", "$0.50"),
        ("EUR", "de_DE", "2.99", "2,99 €"),
        ("EUR", "fr_FR", "2.99", "2,99 €"),
        ("EUR", "es_ES", "2.99", "2,99 €"),
        ("GBP", "en_GB", "4.99", "£4.99"),
        ("KRW", "ko_KR", "1500", "₩1,500"),
    ])
    func formatsLikeDisplayPrice(currency: String, locale: String, amount: String, expected: String) throws {
        let value = try #require(Decimal(string: amount, locale: Locale(identifier: "en_US_POSIX")))
        #expect(PriceFormat(currencyCode: currency, locale: locale).format(value) == expected)
    }

    @Test func outputUsesOnlyPlainSpacesAndNoBidiMarks() {
        let samples = [
            PriceFormat(currencyCode: "EUR", locale: "fr_FR").format(1234.5),
            PriceFormat(currencyCode: "COP", locale: "es_MX").format(4900),
            PriceFormat(currencyCode: "SAR", locale: "ar_SA").format(9.99),
            PriceFormat(currencyCode: "CHF", locale: "de_CH").format(12),
        ]
        for text in samples {
            #expect(!text.unicodeScalars.contains { [0x00A0, 0x202F, 0x200E, 0x200F, 0x061C].contains($0.value) }, "\(text)")
        }
        #expect(samples[0].contains(" "))
        #expect(PriceFormat.normalise("￥300") == "¥300")
        #expect(PriceFormat.normalise("\u{200F}9,99\u{00A0}ر.س.\u{200F}") == "9,99 ر.س.")
    }

    @Test func storefrontCurrencyDrivesThePrice() throws {
        let japan = try #require(Storefront(alpha3: "jpn"))
        #expect(japan.countryCode == "JPN" && japan.currencyCode == "JPY" && japan.id == "143462")
        #expect(PriceFormat(storefront: japan, locale: "en_US").format(480) == "¥480")
        #expect(Storefront(alpha3: "XYZ") == nil)
        #expect(Storefront(alpha3: "US") == nil)  // alpha-2 is not a storefront code
        for code in ["USA", "JPN", "GBR", "DEU", "FRA", "ESP", "ITA", "NLD", "CAN", "AUS", "CHN", "KOR", "TWN",
                     "HKG", "IND", "BRA", "MEX", "COL", "CHE", "SWE", "NOR", "DNK", "POL", "TUR", "RUS", "SAU",
                     "ARE", "EGY"] {
            #expect(Storefront(alpha3: code) != nil, "\(code)")
        }
        #expect(Set(Storefront.all.map(\.countryCode)).count == Storefront.all.count)
        #expect(Set(Storefront.all.map(\.id)).count == Storefront.all.count)
        #expect(CatalogSettings().resolvedStorefront == .unitedStates)
        #expect(CatalogSettings(storefront: "ZZZ").resolvedStorefront == nil)
    }
}

@Suite struct SubscriptionPeriodParsingTests {
    @Test(arguments: [
        ("P1W", 1, SubscriptionPeriod.Unit.week), ("P1M", 1, .month), ("P2M", 2, .month), ("P3M", 3, .month),
        ("P6M", 6, .month), ("P1Y", 1, .year), ("P3D", 3, .day), ("P2W", 2, .week),
    ])
    func parsesStoreKitPeriods(text: String, value: Int, unit: SubscriptionPeriod.Unit) {
        #expect(SubscriptionPeriod(iso8601: text) == SubscriptionPeriod(value: value, unit: unit))
        #expect(SubscriptionPeriod(iso8601: text)?.iso8601 == text)
    }

    @Test(arguments: ["", "P", "PM", "1M", "P0M", "P1X", "P1Y2M", "month", "P-1M"])
    func rejectsOtherText(text: String) {
        #expect(SubscriptionPeriod(iso8601: text) == nil)
    }
}
