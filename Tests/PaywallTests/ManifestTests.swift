@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import Testing
@testable import TollboothApp

/// The paywall manifest: what it may say, and the sentence a person gets when it's wrong.
@Suite struct ManifestTests {
    @Test func theExampleManifestParses() throws {
        let manifest = try BundledExample.manifest()
        #expect(manifest.productIDs == [Fixture.yearly, Fixture.monthly, Fixture.lifetime])
        #expect(manifest.highlightProductID == Fixture.yearly)
        #expect(manifest.termsOfUseURL == AppPolicies.standardEULAURL)
        #expect(manifest.copy(for: "en_US")?.title == "Unlock all features")
        #expect(manifest.copy(for: "ja_JP")?.title == "全ての機能を解放する")
        #expect(manifest.copy(for: "ja")?.trialSubtitle == "3日間無料で全機能をお試し")
        #expect(manifest.copy(for: "ja")?.features.count == 3)
        #expect(manifest.copy(for: "fr_FR")?.title == "Débloquez toutes les fonctionnalités")
        // A locale the manifest has no copy for gets the app's English copy, as on a device.
        #expect(manifest.copy(for: "nl_NL")?.title == "Unlock all features")
        #expect(PaywallManifest(localizations: ["ja": ManifestCopy(title: "x")]).copy(for: "en_US") == nil)
    }

    @Test func everythingIsOptional() throws {
        #expect(try ManifestParser.parse("", file: "m.yaml") == PaywallManifest(source: "m.yaml"))
        let manifest = try ManifestParser.parse("products: only.one\n", file: "m.yaml")
        #expect(manifest.productIDs == ["only.one"])
    }

    @Test func perLocaleLinksOverrideGlobalOnesWhichOverrideTheCatalog() throws {
        let manifest = try ManifestParser.parse("""
            privacyPolicyURL: https://example.com/privacy
            localizations:
              ja_JP:
                privacyPolicyURL: https://example.com/ja/privacy
                termsOfUseURL: https://example.com/ja/terms
            """, file: "m.yaml")
        let policies = AppPolicies(policies: [PrivacyPolicy(locale: "en_US", url: "https://catalog.example/privacy")])
        #expect(PaywallLinks(manifest: manifest, policies: policies, locale: "ja").privacyPolicyURL == "https://example.com/ja/privacy")
        #expect(PaywallLinks(manifest: manifest, policies: policies, locale: "ja").termsURL == "https://example.com/ja/terms")
        #expect(PaywallLinks(manifest: manifest, policies: policies, locale: "en_US").privacyPolicyURL == "https://example.com/privacy")
        #expect(PaywallLinks(manifest: .empty, policies: policies, locale: "ja").privacyPolicyURL == "https://catalog.example/privacy")
        #expect(PaywallLinks(manifest: .empty, policies: policies, locale: "en_US").termsURL == AppPolicies.standardEULAURL)
        #expect(PaywallLinks(manifest: .empty, policies: AppPolicies(eula: "Custom terms."), locale: "en_US").terms == .customText("Custom terms."))
        #expect(PaywallLinks(manifest: .empty, policies: AppPolicies(), locale: "en_US").privacyPolicyURL == nil)
    }

    @Test func theCatalogPolicyForTheLocaleWins() {
        let policies = AppPolicies(policies: [PrivacyPolicy(locale: "en_US", url: "https://e.example/en"),
                                              PrivacyPolicy(locale: "ja_JP", url: "https://e.example/ja")])
        #expect(PaywallLinks(manifest: .empty, policies: policies, locale: "ja").privacyPolicyURL == "https://e.example/ja")
        #expect(PaywallLinks(manifest: .empty, policies: policies, locale: "de_DE").privacyPolicyURL == "https://e.example/en")
    }

    @Test(arguments: [
        ("products:\n  - a\n  - b\n  - a\n", 4, "Product `a` is listed twice in `products`; list each product once."),
        ("products:\n  - a\n  - \"\"\n", 3, "`products` has an empty product identifier"),
        ("products: { a: 1 }\n", 1, "`products` must be a list (lines starting with `- `), but found a mapping."),
        ("privacyPolicyURL: example.com/privacy\n", 1, "`privacyPolicyURL` must be a full http(s) URL such as https://example.com/privacy, but found `example.com/privacy`."),
        ("localizations:\n  en:\n    titel: Hi\n", 3, "Unknown key `titel` in `localizations.en`: rename it to `title`, the nearest allowed key"),
        ("localizations:\n  en:\n    features: { a: b }\n", 3, "`localizations.en.features` must be a list"),
        ("localizations:\n  ja:\n    termsOfUseURL: ftp://x\n", 3, "must be a full http(s) URL"),
        ("version: 2\n", 1, "Manifest version `2` is not supported; this Tollbooth reads version 1."),
        ("products: [a]\nhighlight: b\n", 2, "`highlight` names `b`, which is not in `products`"),
        ("title: Hello\n", 1, "Unknown key `title` in the manifest: use one of the allowed keys (version, products,"),
        ("localizations:\n  en:\n    title: [unclosed\n", 4, "The YAML is malformed"),
    ] as [(String, Int, String)])
    func brokenManifestsNameTheLine(text: String, line: Int, message: String) throws {
        try withTemporaryFile("paywall.yaml", text) { path in
            do throws(PaywallSetupError) {
                _ = try ManifestLoader.load(path: path)
                Issue.record("expected an error for \(text)")
            } catch .invalidFile(let error) {
                #expect(error.line == line, "\(error)")
                #expect(error.message.contains(message), "\(error.message)")
                #expect(error.description.hasPrefix("\(path):\(line):"))
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func aMissingManifestFileIsOneSentence() {
        #expect(throws: PaywallSetupError.fileNotFound(path: "/none/paywall.yaml", what: "paywall manifest")) {
            try ManifestLoader.load(path: "/none/paywall.yaml")
        }
        #expect(PaywallSetupError.fileNotFound(path: "/none/paywall.yaml", what: "paywall manifest").description
                == "/none/paywall.yaml: No such paywall manifest; check the path (relative paths start from the current directory).")
    }
}
