@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import Testing
@testable import TollboothApp

/// The English and Japanese copy: locale choice, periods, prices, offers, dates, errors.
@Suite struct CopyTests {
    @Test(arguments: [("ja", Language.ja), ("ja_JP", .ja), ("ja-JP", .ja), ("JA_jp.UTF-8", .ja), ("en_US", .en),
                      ("en", .en), ("fr_FR", .fr), ("fr_CA", .fr), ("de_AT", .de), ("es_MX", .es), ("it", .it),
                      ("pt_BR", .ptBR), ("pt", .ptBR), ("pt_PT", .en), ("ko_KR", .ko), ("zh_CN", .zhHans),
                      ("zh-Hans", .zhHans), ("zh_TW", .zhHant), ("zh_HK", .zhHant), ("zh-Hant-TW", .zhHant),
                      ("nl_NL", .en), ("", .en), ("jam", .en)])
    func localePicksTheLanguage(locale: String, language: Language) {
        #expect(Language(locale: locale) == language)
    }

    @Test func periodsInWords() {
        let en = Strings(.en), ja = Strings(.ja)
        #expect(en.period(.monthly) == "1 month")
        #expect(en.period(SubscriptionPeriod(value: 3, unit: .month)) == "3 months")
        #expect(en.period(.yearly) == "1 year")
        #expect(en.period(.weekly) == "1 week")
        #expect(en.period(SubscriptionPeriod(value: 3, unit: .day)) == "3 days")
        #expect(ja.period(.monthly) == "1か月")
        #expect(ja.period(.yearly) == "1年")
        #expect(ja.period(.weekly) == "1週間")
        #expect(ja.period(SubscriptionPeriod(value: 3, unit: .day)) == "3日間")
        #expect(en.pricePerPeriod("$39.99", .yearly) == "$39.99/year")
        #expect(ja.pricePerPeriod("¥480", .monthly) == "¥480/月")
        #expect(en.pricePerPeriod("$9.99", SubscriptionPeriod(value: 3, unit: .month)) == "$9.99/3 months")
        #expect(en.billedEvery(.monthly) == "Billed every month")
        #expect(en.billedEvery(SubscriptionPeriod(value: 6, unit: .month)) == "Billed every 6 months")
    }

    @Test func offerTermsAlwaysNameThePriceAfter() {
        let free = Product.SubscriptionOffer(id: nil, type: .introductory, displayPrice: "$0.00", price: 0,
                                             paymentMode: .freeTrial, period: SubscriptionPeriod(value: 3, unit: .day), periodCount: 1)
        let payAsYouGo = Product.SubscriptionOffer(id: nil, type: .introductory, displayPrice: "$0.99", price: 0.99,
                                                   paymentMode: .payAsYouGo, period: .monthly, periodCount: 3)
        let upFront = Product.SubscriptionOffer(id: nil, type: .introductory, displayPrice: "¥200", price: 200,
                                                paymentMode: .payUpFront, period: SubscriptionPeriod(value: 2, unit: .month), periodCount: 1)
        #expect(Strings(.en).offerTerms(free, regularPrice: "¥480", period: .monthly) == "3 days free, then ¥480/month")
        #expect(Strings(.ja).offerTerms(free, regularPrice: "¥480", period: .monthly) == "3日間無料、その後 ¥480/月")
        #expect(Strings(.en).offerTerms(payAsYouGo, regularPrice: "$4.99", period: .monthly) == "$0.99/month for 3 months, then $4.99/month")
        #expect(Strings(.ja).offerTerms(upFront, regularPrice: "¥480", period: .monthly) == "最初の2か月 ¥200、その後 ¥480/月")
        #expect(Strings(.ja).trialSubtitle(Strings(.ja).trialLength(free)) == "3日間無料で全機能をお試し")
    }

    @Test func datesFollowTheLanguageAndTheInjectedTimeZone() {
        let date = Date(timeIntervalSince1970: 1_767_258_000)  // 2026-01-01 09:00 UTC
        #expect(DateText(language: .en, timeZone: Fixture.utc).dateTime(date) == "Jan 1, 2026 09:00")
        #expect(DateText(language: .ja, timeZone: Fixture.utc).dateTime(date) == "2026年1月1日 9:00")
        #expect(DateText(language: .ja, timeZone: TimeZone(identifier: "Asia/Tokyo")!).dateTime(date) == "2026年1月1日 18:00")
        #expect(DateText(language: .en, timeZone: Fixture.utc).clock(date) == "2026-01-01 09:00:00")
    }

    /// Every error has a title and a message in both languages, and the Japanese is really
    /// Japanese (not an untranslated English fallback).
    @Test(arguments: InjectedError.all)
    func everyErrorIsTranslated(error: InjectedError) {
        let en = Strings(.en), ja = Strings(.ja)
        #expect(!en.errorTitle(error).isEmpty && !en.errorMessage(error).isEmpty)
        #expect(en.errorMessage(error) != ja.errorMessage(error))
        #expect(ja.errorMessage(error).unicodeScalars.contains { $0.value >= 0x3040 })
        #expect(en.errorMessage(error).last == ".")
    }

    @Test func glossaryWordingFromTheSeeds() {
        let ja = Strings(.ja)
        #expect(ja.errorTitle(.storeKit(.networkError)) == "接続エラー")
        #expect(ja.errorMessage(.storeKit(.networkError)) == "インターネット接続を確認してください。")
        #expect(ja.errorMessage(.storeKit(.notAvailableInStorefront)) == "この商品はお住まいの地域では利用できません。")
        #expect(ja.errorTitle(.storeKit(.notEntitled)) == "購入エラー")
        #expect(ja.errorMessage(.purchase(.purchaseNotAllowed)) == "OSの支払い機能が無効化されています。")
        #expect(ja.restorePurchases == "購入を復元")
        #expect(ja.pendingTitle == "購入保留中")
        #expect(ja.oneTimePurchase == "買い切り")
        #expect(ja.renewsUnlessTurnedOff.hasPrefix("サブスクリプションは、キャンセルしない限り自動的に更新されます。"))
    }

    /// Untrusted catalog text can't reach a cell with its control characters.
    @Test func hostileProductTextIsSanitised() {
        var products = Fixture.products()
        products[0].displayName = "Pro\u{1B}[31m\u{202E}ylraeY\u{7}"
        products[0].description = "line\none\u{9B}2J"
        products[0].displayPrice = "\u{1B}]8;;http://evil\u{7}$0.01"
        var state = PaywallState(locale: "en_US", timeZone: Fixture.utc, theme: Fixture.theme(), size: Size(width: 100, height: 30))
        send(&state, .productsLoaded(products), .snapshotChanged(Fixture.snapshot()),
             .purchaseFinished(productID: products[0].id, result: .failed(.storeKit(.networkError))))
        let text = view(state, size: state.size).text()
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" })
        #expect(text.contains("ProylraeY"))
        #expect(text.contains("$0.01"))
        #expect(!text.contains("evil"))
    }
}
