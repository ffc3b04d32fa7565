import MockStore
import TerminalUI
import Testing
@testable import Paywall

/// The canvas stores hit regions as strings; a click is only as good as the string read back.
@Suite("Hit targets survive the canvas")
struct HitTargetTests {
    /// One of each kind of target, with values that could confuse a parser (a product id with
    /// colons, the largest ids).
    static let examples: [HitTarget] = [
        .focus(.plan("com.example:pro:monthly")), .focus(.plan("")), .focus(.restore), .focus(.privacyPolicy),
        .focus(.termsOfUse), .focus(.retry), .buy(productID: "com.example:pro:monthly"),
        .sheet, .sheetButton(.confirm), .sheetButton(.cancel), .copyLink, .closeSheet,
        .paywallTab, .panelTab(.transactions), .panelTab(.events),
        .transactionRow(id: .max), .chooserOption(2), .clockRow(0), .rate(13),
        .faultAPI(.purchase), .faultSwitch(.askToBuy), .faultSwitchBox(.askToBuy), .faultField(.clearAll), .clearAllFaults,
        .settingsRow(.relaunchAs), .storefront(countryCode: "JPN"),
        .eventRow(id: .max), .eventFilter, .eventWarnings,
    ]

    @Test(arguments: examples)
    func aRegionReadsBackAsTheTargetThatMadeIt(_ target: HitTarget) {
        var canvas = Canvas(width: 4, height: 1)
        canvas.addRegion(canvas.bounds, target)
        #expect(canvas.target(at: Point(x: 1, y: 0)) == target)
    }

    @Test func noTwoTargetsShareARegion() {
        #expect(Set(Self.examples.map(\.regionID)).count == Self.examples.count)
    }

    @Test func stringsNoTargetMakesHitNothing() {
        for id in ["", "plan", "panelTab:nowhere", "transactionRow:-1", "settingsRow:99", "faultAPI:", "restore:1", "sheet:"] {
            #expect(HitTarget(regionID: id) == nil, "\(id)")
        }
    }
}
