import Chrome
import MockStore
@testable import Paywall
import TerminalUI
import Testing

/// A `.storekit` file holds one bare price per product, so another storefront shows the same
/// numbers in its own currency ($39.99 becomes ¥40), as Xcode does. The paywall says so once,
/// above the plans, and only when the currency really changed.
@Suite struct KeptPriceNoteTests {
    static let catalog: Catalog = try! CatalogLoader.load(path: BundledExample.storeKitURL().path)

    func screen(storefront: String, language: Language = .en, size: Size = Size(width: 80, height: 24)) -> String {
        var state = PaywallState(catalog: Self.catalog, locale: language.defaultLocale, theme: .fallback, size: size)
        var snapshot = Fixture.snapshot()
        snapshot.storefront = storefront
        _ = update(&state, .productsLoaded(Fixture.products(language)))
        _ = update(&state, .snapshotChanged(snapshot))
        return view(state, size: size).text()
    }

    @Test func anotherCurrencySaysTheNumbersAreTheCatalogs() {
        let text = screen(storefront: "JPN", size: Size(width: 80, height: 40))
        let note = "JPY prices are the catalog's USD numbers: a .storekit file has one price per product."
        #expect(text.replacingOccurrences(of: "\n", with: " ").components(separatedBy: "JPY prices are").count == 2, "\(text)")
        #expect(text.replacingOccurrences(of: "\n", with: " ").contains(note), "\(text)")
    }

    @Test func theCatalogsOwnCurrencySaysNothing() {
        #expect(!screen(storefront: "USA").contains("numbers"))
        #expect(screen(storefront: "JPN", language: .ja, size: Size(width: 80, height: 40)).contains("カタログの"), "the note is translated")
    }
}
