@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import TestSupport
import Testing
@testable import TollboothApp

/// The Settings panel: Xcode's configuration settings and the emulated app's life cycle.
@Suite struct SettingsPanelTests {
    let directory = goldenDirectory()

    /// The paywall with Settings open and `row` selected.
    func settings(_ language: Language = .en, size: Size = Size(width: 80, height: 24), row: SettingsRow = .storefront,
                  snapshot: StoreSnapshot? = Fixture.snapshot()) -> AppState {
        var state = Fixture.app(language, size: size, snapshot: snapshot)
        state.paywall.ledgerPath = Self.ledger
        send(&state, char("s"))
        state.control.settings.selection = row.rawValue
        return state
    }

    // MARK: Storefront

    @Test func enterOpensTheChooserOnTheCurrentStorefrontAndEnterSetsTheChosenOne() throws {
        var state = settings()
        #expect(state.control.panel == .settings)
        send(&state, key(.enter))
        let usa = try #require(Storefront.all.firstIndex(of: .unitedStates))
        #expect(state.control.settings.chooser == usa)
        let jpn = try #require(Storefront.all.firstIndex { $0.countryCode == "JPN" })
        for _ in 0..<(jpn - usa) { send(&state, char("j")) }
        let effects = send(&state, key(.enter))
        #expect(effects == [.controlRoom(.admin(.setStorefront("JPN")))])
        #expect(state.control.settings.chooser == nil)
        #expect(state.control.inFlight == 1)
        // The store's answer reloads the products, in the new currency.
        let after = send(&state, .controlRoom(.adminFinished(.setStorefront("JPN"), .done("storefront JPN"))))
        #expect(after.contains(.paywall(.loadProducts(state.paywall.manifest.productIDs))))
        #expect(state.control.message == .adminDone(.setStorefront("JPN")))
    }

    @Test func escClosesTheChooserNotThePanel() {
        var state = settings()
        send(&state, key(.enter), key(.escape))
        #expect(state.control.settings.chooser == nil)
        #expect(state.control.panel == .settings)
        send(&state, key(.escape))
        #expect(state.control.panel == nil)
    }

    @Test func choosingTheCurrentStorefrontSendsNothing() {
        var state = settings()
        #expect(send(&state, key(.enter), key(.enter)).isEmpty)
    }

    @Test func leftAndRightStepThroughStorefronts() {
        var state = settings()
        #expect(send(&state, key(.right)) == [.controlRoom(.admin(.setStorefront("CAN")))])
        var other = settings()
        #expect(send(&other, key(.left)) == [.controlRoom(.admin(.setStorefront(Storefront.all.last!.countryCode)))])
    }

    @Test func theRowShowsTheStoresStorefrontAndCurrency() {
        var snapshot = Fixture.snapshot()
        snapshot.storefront = "JPN"
        let state = settings(snapshot: snapshot)
        #expect(view(state, size: state.size).text().contains("JPN (JPY)"))
    }

    // MARK: Locale

    @Test func localeSwitchesTheUIAtOnceAndReloadsProductsInTheNewLanguage() {
        var state = settings(row: .locale)
        let effects = send(&state, key(.right))
        #expect(state.paywall.locale == "ja_JP")
        #expect(effects == [.changeLocale("ja_JP", productIDs: state.paywall.manifest.productIDs)])
        #expect(state.paywall.links.privacyPolicyURL == "https://tollbooth.example/ja/privacy")
        // The panel itself already speaks Japanese.
        #expect(view(state, size: state.size).text().contains("ストアフロント"))
        // The store answers in Japanese with yen (a JPN storefront); the paywall shows them.
        send(&state, .paywall(.productsLoaded(Fixture.products(.ja))), key(.escape))
        #expect(state.control.panel == nil)
        let screen = view(state, size: state.size).text()
        #expect(screen.contains("プレミアム（年額）"))
        #expect(screen.contains("4,800"))
        #expect(screen.contains("¥") || screen.contains("￥"))
        #expect(!screen.contains("$"))
        // And back.
        send(&state, char("s"))
        state.control.settings.selection = SettingsRow.locale.rawValue
        #expect(send(&state, key(.left)) == [.changeLocale("en_US", productIDs: state.paywall.manifest.productIDs)])
        #expect(state.paywall.links.privacyPolicyURL == "https://tollbooth.example/privacy")
    }

    @Test func localeChoicesAddTheCatalogsLocalizations() {
        var state = settings(row: .locale)
        state.paywall.catalogLocales = ["en_US", "fr_FR", "ja", "nl_NL"]
        let languages = ["en_US", "ja_JP", "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "ko_KR", "zh_CN", "zh_TW"]
        #expect(SettingsPanel.localeChoices(state.controlScope) == languages + ["ja", "nl_NL"])
        send(&state, key(.right), key(.right), key(.right))
        #expect(state.paywall.locale == "fr_FR")
        #expect(state.paywall.language == .fr)
        #expect(state.paywall.message == nil)
        // A catalog locale Tollbooth has no copy for: English, said once in the message row.
        for _ in 0..<8 { send(&state, key(.right)) }
        #expect(state.paywall.locale == "nl_NL")
        #expect(state.paywall.language == .en)
        #expect(state.paywall.message == .languageFallback("nl"))
        #expect(view(state, size: state.size).text().contains("no Dutch (nl) translation"))
    }

    @Test func catalogLocalesComeFromProductAndGroupLocalizations() {
        let catalog = Catalog(products: [
            CatalogProduct(id: "a", type: .nonConsumable, price: 1, localizations: [
                LocalizedText(locale: "en_US", displayName: "A", description: ""),
                LocalizedText(locale: "de_DE", displayName: "A", description: ""),
            ]),
        ], groups: [SubscriptionGroup(id: "g", name: "G", localizations: [LocalizedText(locale: "ja", displayName: "G", description: "")])])
        #expect(catalog.localizationLocales == ["en_US", "de_DE", "ja"])
        let state = AppState(paywall: PaywallState(catalog: catalog, theme: .fallback, size: Size(width: 80, height: 24)))
        #expect(state.paywall.catalogLocales == ["en_US", "de_DE", "ja"])
    }

    // MARK: Dialogs

    @Test func dialogsOffSetsTheStoreSwitchAndPurchasesSkipTheSheet() {
        var state = settings(row: .dialogs)
        #expect(SettingsPanel.dialogsOn(state.controlScope))
        #expect(send(&state, key(.enter)) == [.controlRoom(.admin(.setSwitch(.dialogsDisabled, true)))])
        var snapshot = Fixture.snapshot()
        snapshot.switches.dialogsDisabled = true
        send(&state, .controlRoom(.adminFinished(.setSwitch(.dialogsDisabled, true), .done("ok"))), .paywall(.snapshotChanged(snapshot)))
        #expect(state.paywall.skipsConfirmation)
        #expect(view(state, size: state.size).text().contains("< Off >"))
        // Off: Enter on a plan buys at once, as Xcode with dialogs disabled.
        send(&state, key(.escape))
        #expect(send(&state, key(.enter)) == [.paywall(.purchase(productID: Fixture.yearly))])
    }

    @Test func dialogsOnClearsTheAppsOwnNoDialogsSettingToo() {
        var state = settings(row: .dialogs)
        state.paywall.dialogsDisabled = true  // --no-dialogs, or the catalog's _disableDialogs
        #expect(!SettingsPanel.dialogsOn(state.controlScope))
        #expect(send(&state, key(.right)) == [.controlRoom(.admin(.setSwitch(.dialogsDisabled, false)))])
        #expect(!state.paywall.dialogsDisabled)
        #expect(!state.paywall.skipsConfirmation)
    }

    // MARK: Theme

    @Test func themeCyclesTheBundledThemesAndAppliesWhenLoaded() {
        var state = settings(row: .theme)
        #expect(state.paywall.theme.name == "default")
        #expect(send(&state, key(.right)) == [.controlRoom(.loadTheme("light"))])
        #expect(send(&state, key(.left)) == [.controlRoom(.loadTheme("mono"))])
        #expect(send(&state, key(.enter)) == [.controlRoom(.loadTheme("light"))])
        send(&state, .themeLoaded(Fixture.theme("high-contrast")))
        #expect(state.paywall.theme.name == "high-contrast")
        #expect(state.control.message == .themeChanged("high-contrast"))
        #expect(send(&state, key(.right)) == [.controlRoom(.loadTheme("mono"))])
        send(&state, .themeFailed("no such theme"))
        #expect(state.control.message == .themeFailed("no such theme"))
        #expect(state.paywall.theme.name == "high-contrast")
    }

    // MARK: The emulated app

    @Test func finishTransactionsOffStopsFinishing() {
        var state = settings(row: .finishTransactions)
        let tx = Fixture.transaction(Fixture.yearly, id: 77, reason: .renewal)
        #expect(send(&state, .paywall(.transactionUpdate(tx))).contains(.paywall(.finish(transactionID: 77))))
        send(&state, key(.enter))
        #expect(!state.paywall.app.finishesTransactions)
        #expect(!send(&state, .paywall(.transactionUpdate(tx))).contains(.paywall(.finish(transactionID: 77))))
        let bought = Fixture.transaction(Fixture.monthly, id: 78)
        let effects = send(&state, .paywall(.purchaseFinished(productID: Fixture.monthly, result: .success(bought))))
        #expect(!effects.contains(.paywall(.finish(transactionID: 78))))
        send(&state, key(.left))
        #expect(state.paywall.app.finishesTransactions)
        #expect(send(&state, .paywall(.transactionUpdate(tx))).contains(.paywall(.finish(transactionID: 77))))
    }

    @Test func relaunchAsksFirstThenRelaunchesAndTheAppStartsOver() {
        var state = settings(row: .relaunch)
        #expect(send(&state, key(.enter)).isEmpty)
        #expect(state.control.overlay == .appConfirm(AppLaunch(device: "iPhone", reinstall: false), focus: .confirm))
        #expect(view(state, size: state.size).sheetText?.contains("Restart the app?") == true)
        #expect(send(&state, char("y")) == [.relaunch(device: "iPhone", reinstall: false)])
        #expect(state.paywall.overlay == nil)
        state.paywall.app.finishesTransactions = false
        let effects = send(&state, .relaunched(device: "iPhone", reinstalled: false))
        #expect(effects == [.paywall(.loadProducts(state.paywall.manifest.productIDs)), .paywall(.refreshSnapshot)])
        #expect(state.paywall.products.isEmpty)
        #expect(state.paywall.snapshot == nil)
        #expect(state.control.panel == nil)
        #expect(state.paywall.message == .relaunched(device: "iPhone", reinstalled: false))
        // A relaunch keeps the app's own settings; only a reinstall forgets them.
        #expect(!state.paywall.app.finishesTransactions)
    }

    /// S3: the app stays closed while the store clock runs the chosen time.
    @Test func quitWaitRelaunchLetsTheChosenTimePassWhileClosed() {
        var state = settings(row: .relaunchLater)
        #expect(view(state, size: state.size).flatText.contains("Quit, wait, relaunch < 1 month >"))
        send(&state, key(.right))
        #expect(view(state, size: state.size).flatText.contains("< 3 months >"))
        send(&state, key(.enter))
        #expect(state.control.overlay == .appConfirm(AppLaunch(device: "iPhone", reinstall: false, away: ClockAdvance("3M")), focus: .confirm))
        #expect(view(state, size: state.size).sheetText?.contains("let the store clock run 3 months") == true)
        #expect(send(&state, char("y")) == [.relaunch(device: "iPhone", reinstall: false, away: ClockAdvance("3M"))])
    }

    @Test func reinstallAsksFirstAndForgetsTheAppsSettings() {
        var state = settings(row: .reinstall)
        send(&state, key(.enter))
        #expect(state.control.overlay == .appConfirm(AppLaunch(device: "iPhone", reinstall: true), focus: .confirm))
        #expect(send(&state, key(.enter)) == [.relaunch(device: "iPhone", reinstall: true)])
        state.paywall.app.finishesTransactions = false
        send(&state, .relaunched(device: "iPhone", reinstalled: true))
        #expect(state.paywall.app.finishesTransactions)
        #expect(state.paywall.message == .relaunched(device: "iPhone", reinstalled: true))
    }

    @Test func noCancelsTheRelaunch() {
        var state = settings(row: .relaunch)
        send(&state, key(.enter))
        #expect(send(&state, key(.tab)).isEmpty)
        #expect(state.control.overlay == .appConfirm(AppLaunch(device: "iPhone", reinstall: false), focus: .cancel))
        #expect(send(&state, key(.enter)).isEmpty)
        #expect(state.paywall.overlay == nil)
        send(&state, key(.enter), char("n"))
        #expect(state.paywall.overlay == nil)
        #expect(state.control.panel == .settings)
    }

    @Test func relaunchAsOffersDevicesSeenThenTheStandardOnes() {
        var state = settings(row: .relaunchAs)
        send(&state, .controlRoom(.storeEvents([StoreEvent(id: 1, kind: .launch, storeTime: Fixture.t0, wallTime: Fixture.t0, device: "ipad-kitchen"),
                                   StoreEvent(id: 2, kind: .launch, storeTime: Fixture.t0, wallTime: Fixture.t0, device: "iPhone")])))
        #expect(SettingsPanel.deviceChoices(state.controlScope) == ["ipad-kitchen", "iphone", "ipad", "mac"])
        send(&state, key(.right), key(.right))
        #expect(SettingsPanel.chosenDevice(state.controlScope) == "ipad")
        send(&state, key(.enter))
        #expect(state.control.overlay == .appConfirm(AppLaunch(device: "ipad", reinstall: false), focus: .confirm))
        #expect(view(state, size: state.size).sheetText?.contains("another device signed into the same account") == true)
        #expect(send(&state, char("y")) == [.relaunch(device: "ipad", reinstall: false)])
        send(&state, .relaunched(device: "ipad", reinstalled: false))
        #expect(state.paywall.deviceName == "ipad")
        #expect(SettingsPanel.deviceChoices(state.controlScope).first == "ipad-kitchen")
        #expect(!SettingsPanel.deviceChoices(state.controlScope).contains("ipad"))
    }

    @Test func clickingARowSelectsAndActsOnIt() throws {
        var state = settings()
        let canvas = view(state, size: state.size)
        let rect = try #require(canvas.regionRect(.settingsRow(.finishTransactions)))
        send(&state, .input(.mouse(MouseEvent(kind: .click, button: .left, point: Point(x: rect.x + 1, y: rect.y)))))
        #expect(state.control.settings.selection == SettingsRow.finishTransactions.rawValue)
        #expect(!state.paywall.app.finishesTransactions)
    }

    @Test func jkMoveAndStopAtTheEnds() {
        var state = settings()
        send(&state, char("k"))
        #expect(state.control.settings.selection == 0)
        for _ in 0..<20 { send(&state, char("j")) }
        #expect(state.control.settings.selection == SettingsRow.relaunchAs.rawValue)
    }

    // MARK: Layout

    @Test func everyRowAndItsExplanationFitAt80x24() {
        for language in Language.allCases {
            let state = settings(language)
            let text = view(state, size: state.size).text()
            for row in SettingsRow.allCases {
                #expect(text.contains(state.paywall.strings.settingsLabel(row)), "\(language) \(row)")
            }
            #expect(text.contains(state.paywall.strings.settingsExplanation(.reinstall)), "\(language)")
        }
    }

    @Test func theSelectedRowStaysInViewAt40x20() {
        for language in Language.allCases {
            var state = settings(language, size: Size(width: 40, height: 20))
            for row in SettingsRow.allCases {
                state.control.settings.selection = row.rawValue
                let text = view(state, size: state.size).text()
                #expect(text.contains(state.paywall.strings.settingsLabel(row)), "\(language) \(row)")
            }
        }
    }

    @Test func neverCrashesAtTinySizes() {
        for language in Language.allCases {
            for width in [1, 2, 5, 10, 20, 30, 40] {
                for height in [1, 2, 3, 5, 8, 10, 14] {
                    var state = settings(language, size: Size(width: width, height: height))
                    for row in SettingsRow.allCases {
                        state.control.settings.selection = row.rawValue
                        TinyScreens.expect(view(state, size: state.size), of: state, size: state.size, language: language)
                    }
                    state.control.settings.chooser = 30
                    TinyScreens.expect(view(state, size: state.size), of: state, size: state.size, language: language)
                    #expect(SettingsPanel.render(state.controlScope, size: Size(width: width, height: height)).size == Size(width: width, height: height))
                    send(&state, key(.pageDown))
                }
            }
        }
    }

    // MARK: Ledger

    /// The ledger `tollbooth` with no argument opens, for a user named "me".
    static let ledger = "/home/me/.local/state/tollbooth/bundled-Example.sqlite"

    /// Issue 24: nothing on screen said which ledger the paywall uses, so a second terminal
    /// named another. Settings shows it under the rows, whole where it fits.
    @Test func theLedgerInUseIsShownUnderTheRows() {
        let lines = view(settings(), size: Size(width: 80, height: 24)).text().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[21] == "   Ledger                /home/me/.local/state/tollbooth/bundled-Example.sqlite")
        #expect(lines[20].contains("Another device on the same account"))
        var japanese = settings(.ja)
        japanese.paywall.ledgerPath = ":memory:"
        #expect(view(japanese, size: japanese.size).text().contains("台帳"))
        #expect(view(japanese, size: japanese.size).text().contains("メモリ内：何も保存されません（--ephemeral）"))
        var scenario = settings()
        scenario.paywall.ledgerPath = nil
        #expect(!view(scenario, size: scenario.size).text().contains("Ledger"))
    }

    /// A path too long for the line keeps its end (the file's name); one holding escape
    /// sequences reaches the screen sanitised.
    @Test func aLongOrHostileLedgerPathIsCutAtTheFrontAndSanitised() {
        let narrow = view(settings(size: Size(width: 40, height: 20)), size: Size(width: 40, height: 20)).text()
        #expect(narrow.contains("   Ledger  ...oth/bundled-Example.sqlite"), "\(narrow)")
        var hostile = settings()
        hostile.paywall.ledgerPath = "/tmp/\u{1b}]52;c;aGk=\u{07}\u{1b}[2J/l.sqlite"
        let canvas = view(hostile, size: hostile.size)
        #expect(canvas.text().contains("/l.sqlite"))
        #expect(!canvas.text().unicodeScalars.contains { $0.value == 0x1b || $0.value == 0x07 })
    }

    // MARK: Goldens

    @Test(arguments: spelledOutLanguages)
    func goldens(language: Language) {
        for size in [Size(width: 80, height: 24), Size(width: 40, height: 20)] {
            let state = settings(language, size: size)
            assertGolden(view(state, size: size), named: "settings-\(language)-\(size)", in: directory)
        }
        var app = settings(language, row: .finishTransactions)
        app.paywall.app.finishesTransactions = false
        assertGolden(view(app, size: app.size), named: "settings-\(language)-finish-off", in: directory)
        var narrow = settings(language, size: Size(width: 40, height: 20), row: .relaunchAs)
        narrow.control.settings.device = "ipad"
        assertGolden(view(narrow, size: narrow.size), named: "settings-\(language)-40x20-relaunch-as", in: directory)
        var chooser = settings(language)
        send(&chooser, key(.enter), char("j"), char("j"))
        assertGolden(view(chooser, size: chooser.size), named: "settings-\(language)-storefront-chooser", in: directory)
        var sheet = settings(language, row: .reinstall)
        send(&sheet, key(.enter))
        assertGolden(view(sheet, size: sheet.size), named: "settings-\(language)-reinstall-sheet", in: directory)
    }
}
