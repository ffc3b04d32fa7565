import MockStore
import TerminalUI
import Testing
@testable import ControlRoom
@testable import Paywall
@testable import TollboothApp

/// The canvas stores hit regions as strings; a click is only as good as the string read back.
@Suite("Hit targets survive the canvas")
struct HitTargetTests {
    /// One of each kind of target, with values that could confuse a parser (a product id with
    /// colons, the largest ids).
    static let examples: [HitTarget] = [
        .focus(.plan("com.example:pro:monthly")), .focus(.plan("")), .focus(.restore), .focus(.privacyPolicy),
        .focus(.termsOfUse), .focus(.retry), .buy(productID: "com.example:pro:monthly"),
        .sheet, .sheetButton(.confirm), .sheetButton(.cancel), .copyLink, .closeSheet,
    ]

    /// The control room's, each kind once.
    static let controlExamples: [ControlRoomTarget] = [
        .paywallTab, .panelTab(.transactions), .panelTab(.events),
        .transactionRow(id: .max), .chooserOption(2), .clockRow(0), .rate(13),
        .faultAPI(.purchase), .faultSwitch(.askToBuy), .faultSwitchBox(.askToBuy), .faultField(.clearAll), .clearAllFaults,
        .settingsRow(.relaunchAs), .storefront(countryCode: "JPN"),
        .eventRow(id: .max), .eventFilter, .eventWarnings, .button(.confirm), .button(.cancel), .close,
    ]

    @Test(arguments: examples)
    func aRegionReadsBackAsTheTargetThatMadeIt(_ target: HitTarget) {
        var canvas = Canvas(width: 4, height: 1)
        canvas.addRegion(canvas.bounds, target)
        #expect(canvas.target(at: Point(x: 1, y: 0)) == target)
    }

    @Test(arguments: controlExamples)
    func aControlRoomRegionReadsBackAsTheTargetThatMadeIt(_ target: ControlRoomTarget) {
        var canvas = Canvas(width: 4, height: 1)
        canvas.addRegion(canvas.bounds, target)
        #expect(canvas.hit(at: Point(x: 1, y: 0), as: ControlRoomTarget.self) == target)
    }

    /// Within a feature no two targets share a name; across the two, only the sheets' buttons
    /// do, since both features draw their sheets alike.
    @Test func noTwoTargetsShareARegion() {
        #expect(Set(Self.examples.map(\.regionID)).count == Self.examples.count)
        #expect(Set(Self.controlExamples.map(\.regionID)).count == Self.controlExamples.count)
        let shared = Set(Self.examples.map(\.regionID)).intersection(Self.controlExamples.map(\.regionID))
        #expect(shared == ["confirm", "cancel", "closeSheet"])
        #expect(HitTarget(regionID: ControlRoomTarget.button(.confirm).regionID) == .sheetButton(.confirm))
    }

    @Test func stringsNoTargetMakesHitNothing() {
        for id in ["", "plan", "panelTab:nowhere", "transactionRow:-1", "settingsRow:99", "faultAPI:", "restore:1", "sheet:"] {
            #expect(HitTarget(regionID: id) == nil, "\(id)")
            #expect(ControlRoomTarget(regionID: id) == nil, "\(id)")
        }
    }
}
