@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import Testing
@testable import TollboothApp

/// `tollbooth check NAME.paywall.yaml`: the manifest against its catalog.
@Suite struct ManifestCheckTests {
    static func catalog() throws -> Catalog { try CatalogLoader.load(path: try BundledExample.storeKitURL().path) }

    static func check(_ text: String) throws -> [String] {
        ManifestCheck.run(text: text, file: "m.paywall.yaml", catalog: try catalog(), catalogName: "Example.storekit").map(\.description)
    }

    @Test func theBundledManifestIsClean() throws {
        let text = try String(contentsOf: try BundledExample.manifestURL(), encoding: .utf8)
        #expect(try Self.check(text) == [])
    }

    /// The example's yearly plan has a 3-day free trial (P3D).
    @Test func aTrialTextOfAnotherLengthIsAnErrorAtItsValue() throws {
        let findings = try Self.check("localizations:\n  en:\n    trialSubtitle: \"free for 14 days\"\n  ja:\n    trialSubtitle: 3日間無料\n")
        #expect(findings == [
            "m.paywall.yaml:3:20: error: `localizations.en.trialSubtitle` promises a trial of 14 days, but the free trial configured for `dev.tollbooth.example.premium.yearly` lasts 3 days (P3D); write 3 days there or change the plan's introductory offer.",
        ])
    }

    @Test func aPriceThatNoPlanCostsIsAnError() throws {
        let findings = try Self.check("localizations:\n  en:\n    trialSubtitle: 3 days free, then $29.99/year\n")
        #expect(findings.count == 1)
        #expect(findings.first?.contains("names the price $29.99, but `dev.tollbooth.example.premium.yearly` costs 39.99") == true, "\(findings)")
        #expect(try Self.check("localizations:\n  en:\n    trialSubtitle: 3 days free, then $39.99/year\n") == [])
    }

    @Test func aTrialTextNoPlanCanShowIsAWarning() throws {
        let findings = try Self.check("products: [dev.tollbooth.example.premium.monthly]\nlocalizations:\n  en:\n    trialSubtitle: 3 days free\n")
        #expect(findings.count == 1)
        #expect(findings.first?.hasPrefix("m.paywall.yaml:4:20: warning: `localizations.en.trialSubtitle` is never shown") == true, "\(findings)")
    }

    @Test func productsMissingFromTheCatalogNameTheNearestOne() throws {
        let findings = try Self.check("products:\n  - dev.tollbooth.example.lifetime\n  - dev.tollbooth.example.premium.yeraly\n")
        #expect(findings == [
            "m.paywall.yaml:3:5: error: Product `dev.tollbooth.example.premium.yeraly` is not in Example.storekit, so the paywall would silently leave it out; write `dev.tollbooth.example.premium.yearly` (the nearest id there) or remove the line.",
        ])
    }

    @Test func aSyntaxErrorComesFirstAndAlone() throws {
        let findings = try Self.check("localizations:\n  en:\n    trialSubtitel: x\n")
        #expect(findings.count == 1)
        #expect(findings.first?.hasPrefix("m.paywall.yaml:3:5: error: Unknown key `trialSubtitel`") == true, "\(findings)")
    }

    @Test func manifestsAndThemesAreToldApart() throws {
        #expect(try ConfigFileKind.detect(file: "x.paywall.yaml", text: "name: looks like a theme\n") == .manifest)
        #expect(try ConfigFileKind.detect(file: "brand.yaml", text: "base: mono\nroles: {}\n") == .theme)
        #expect(try ConfigFileKind.detect(file: "app.yaml", text: "products: [a]\n") == .manifest)
        #expect(throws: ConfigFileError.self) { try ConfigFileKind.detect(file: "empty.yaml", text: "") }
    }

    /// App Store metadata shares `description` with themes and `privacyPolicyURL` with manifests:
    /// its name, or keys that are all its own with `description` or `customEULA`, tell it apart.
    @Test func metadataIsToldApartByNameOrKeys() throws {
        #expect(try ConfigFileKind.detect(file: "app-metadata.yaml", text: "products: [a]\n") == .metadata)
        #expect(try ConfigFileKind.detect(file: "store.yaml", text: "version: 1\ndescription: x\nprivacyPolicyURL: https://e.example\n") == .metadata)
        #expect(try ConfigFileKind.detect(file: "eula.yaml", text: "customEULA: https://e.example/eula\n") == .metadata)
        #expect(try ConfigFileKind.detect(file: "brand.yaml", text: "name: brand\ndescription: x\n") == .theme)
        #expect(try ConfigFileKind.detect(file: "app.yaml", text: "version: 1\nprivacyPolicyURL: https://e.example\n") == .manifest)
    }
}
