import Audit
import Chrome
import MockStore
import Paywall
import TerminalUI
import Testing

/// D4 reads the style of every price a plan draws: the billed amount must be the loudest, by
/// `Theme.prominence`, with reading order breaking a tie.
@Suite struct ProminenceTests {
    static let monthly = "dev.tollbooth.example.premium.monthly"
    static let yearly = "dev.tollbooth.example.premium.yearly"

    @Test func aPerUnitPriceLouderThanTheBilledPriceFailsD4Only() async throws {
        var paywall = try await CraftedPaywall.example()
        paywall.restyle("$4.99/month", Style(bold: true, reverse: true), inPlan: Self.monthly)
        #expect(CraftedPaywall.failing(paywall) == ["D4"])
        let failure = try #require(BilledPriceMostProminent().check(paywall).first { $0.verdict == .fail })
        #expect(failure.message == "\(Self.monthly)'s \"$4.99/month\" [bold reverse] is louder than its billed price \"$4.99\" [bold fg=bright-yellow]")
        // Evidence: each price of the plan with its cell and attributes, the billed one first.
        let texts = failure.evidence.matched.map(\.text)
        #expect(texts == ["\"$4.99\" [bold fg=bright-yellow, prominence 4]", "\"$4.99/month\" [bold reverse, prominence 7]"])
        let billed = try #require(paywall.screens[0].find("$4.99").first { paywall.screens[0].planRect(Self.monthly)?.contains($0) == true })
        #expect((failure.evidence.matched[0].row, failure.evidence.matched[0].column) == (billed.y, billed.x))
        #expect(!failure.fix.isEmpty)
    }

    /// A tie goes to the price read first: the billed price, above the per-unit figures.
    @Test func aPerUnitPriceAsLoudAsTheBilledPriceButReadAfterItPasses() async throws {
        var paywall = try await CraftedPaywall.example()
        paywall.restyle("$39.99/year", Style(fg: .ansi(11), bold: true), inPlan: Self.yearly)
        let yearly = try #require(BilledPriceMostProminent().check(paywall).first { $0.message.hasPrefix(Self.yearly) })
        #expect(yearly.verdict == .pass, "\(yearly.message)")
    }

    /// The fixture theme makes `perUnit` bold reverse: D4 fails in every variant where a plan has
    /// a per-unit price, nothing else fails, and the fix names the role.
    @Test func theLoudPerUnitThemeFailsD4Only() async throws {
        let path = try PaywallResources.examplesDirectory().appendingPathComponent("audit/loud-per-unit.theme.yaml").path
        let theme = try ThemeLoader.load(path: path)
        let report = try await Auditor(catalog: try CraftedPaywall.exampleCatalog(), manifest: try CraftedPaywall.exampleManifest(),
                                       theme: theme).audit(locales: ["en_US"], sizes: [Size(width: 80, height: 24)], customers: [.new])
        #expect(CraftedPaywall.failing(report) == ["D4"])
        let failures = report.findings.filter { $0.verdict == .fail }
        #expect(failures.count == 2, "monthly and yearly; lifetime has one price")
        #expect(failures.allSatisfy { $0.fix.hasPrefix("tone down the theme's `perUnit` role") && $0.variant.theme == "loud-per-unit" })
    }

    /// Every bundled theme keeps the billed price loudest on the bundled example, in both of its
    /// catalogs (dollars and yen), at both default sizes, for every customer.
    @Test(arguments: ThemeLoader.bundledNames)
    func everyBundledThemePassesD4(name: String) async throws {
        for japan in [false, true] {
            let catalog = try CatalogLoader.load(path: try BundledExample.storeKitURL(japan: japan).path)
            let manifest = try ManifestLoader.load(path: try BundledExample.manifestURL(japan: japan).path)
            let report = try await Auditor(catalog: catalog, manifest: manifest, theme: try ThemeLoader.bundled(name)).audit()
            let d4 = report.findings.filter { $0.rule == "D4" }
            #expect(!d4.isEmpty && d4.allSatisfy { $0.verdict == .pass && $0.variant.theme == name },
                    "\(d4.filter { $0.verdict != .pass }.map(\.message))")
        }
    }
}
