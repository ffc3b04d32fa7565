@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import Testing
@testable import TollboothApp

/// The bundled example: written exactly as Xcode writes a `.storekit`, and its copy matches
/// its configuration (D15).
@Suite struct ExampleAppTests {
    var storeKitText: String { get throws { try String(contentsOf: BundledExample.storeKitURL(), encoding: .utf8) } }

    @Test func itIsXcodeFormattedJSON() throws {
        let text = try storeKitText
        #expect(text.hasSuffix("}\n"))
        #expect(!text.contains("\t") && !text.contains("\\/") && !text.contains("\r"))
        #expect(text.contains("\"_storefront\" : \"USA\""))
        #expect(text.contains("\"_locale\" : \"en_US\""))
        #expect(text.contains("\"version\" : {\n    \"major\" : 4,\n    \"minor\" : 0\n  }"))
        #expect(text.contains("\"nonRenewingSubscriptions\" : [\n\n  ]"))
        // Every key line is `"key" : value` with two-space indents, and keys are sorted
        // case-insensitively within each object.
        var stack: [[String]] = [[]]
        for line in text.split(separator: "\n") {
            let indent = line.prefix { $0 == " " }.count
            #expect(indent % 2 == 0)
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("\""), let range = trimmed.range(of: "\" : ") {
                stack[stack.count - 1].append(String(trimmed[trimmed.index(after: trimmed.startIndex)..<range.lowerBound]))
            }
            if trimmed.hasSuffix("{") { stack.append([]) }
            if trimmed.hasPrefix("}") {
                let keys = stack.removeLast()
                #expect(keys == keys.sorted { $0.lowercased() < $1.lowercased() }, "unsorted: \(keys)")
            }
        }
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(json?["identifier"] as? String == "7D3E0A51")
    }

    @Test func itHasTheGroupPlansLifetimeLocalizationsAndPolicies() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(storeKitText.utf8)) as? [String: Any])
        let groups = try #require(json["subscriptionGroups"] as? [[String: Any]])
        #expect(groups.count == 1)
        let group = groups[0]
        let names = (group["localizations"] as? [[String: Any]])?.compactMap { $0["displayName"] as? String }
        #expect(names == ["Premium", "プレミアム", "Premium", "Premium", "Premium", "Premium", "Premium", "프리미엄", "高级版", "進階版"])
        let subs = try #require(group["subscriptions"] as? [[String: Any]])
        let byID = Dictionary(uniqueKeysWithValues: subs.map { ($0["productID"] as! String, $0) })
        #expect(byID[Fixture.monthly]?["displayPrice"] as? String == "4.99")
        #expect(byID[Fixture.monthly]?["recurringSubscriptionPeriod"] as? String == "P1M")
        #expect(byID[Fixture.yearly]?["displayPrice"] as? String == "39.99")
        #expect(byID[Fixture.yearly]?["recurringSubscriptionPeriod"] as? String == "P1Y")
        for sub in subs {
            let locales = (sub["localizations"] as? [[String: Any]])?.compactMap { $0["locale"] as? String }
            // Every language Tollbooth speaks, so the example shows no English in any of them.
            #expect(locales == ["en_US", "ja", "de", "fr", "es", "it", "pt_BR", "ko", "zh_Hans", "zh_Hant"])
        }
        let products = try #require(json["products"] as? [[String: Any]])
        #expect(products.map { $0["type"] as? String } == ["NonConsumable"])
        let policies = try #require((json["appPolicies"] as? [String: Any])?["policies"] as? [[String: Any]])
        #expect(policies.allSatisfy { ($0["policyURL"] as? String)?.hasPrefix("https://") == true })
    }

    /// D15: the trial the copy advertises is the configured intro offer, same length.
    @Test func theAdvertisedTrialIsTheConfiguredOne() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(storeKitText.utf8)) as? [String: Any])
        let subs = try #require((json["subscriptionGroups"] as? [[String: Any]])?.first?["subscriptions"] as? [[String: Any]])
        let yearly = try #require(subs.first { $0["productID"] as? String == Fixture.yearly })
        let intro = try #require(yearly["introductoryOffer"] as? [String: Any])
        #expect(intro["paymentMode"] as? String == "free")
        let period = try #require(SubscriptionPeriod(iso8601: intro["subscriptionPeriod"] as? String ?? ""))
        let manifest = try BundledExample.manifest()
        for language in Language.allCases {
            let locale = language.defaultLocale
            let length = Strings(language).period(period)
            #expect(manifest.copy(for: locale)?.trialSubtitle?.contains(length) == true, "\(locale) says \(length)?")
        }
        // And the fixtures the rendering tests use agree with the file.
        #expect(Fixture.products()[0].subscription?.introductoryOffer?.period == period)
    }
}
