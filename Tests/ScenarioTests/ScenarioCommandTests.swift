import Foundation
import Scenario
import Testing

@Suite struct ScenarioCommandTests {
    @Test func relativePathsStartFromTheScenarioFolder() {
        let script = ScenarioScript(path: "Examples/scenarios/demo.tape", steps: [])
        #expect(script.folder.appendingPathComponent("../Example.storekit").standardized.path.hasSuffix("Examples/Example.storekit"))
    }

    @Test func anExpectationWaitsOneSecondUnlessTold() {
        #expect(ScreenExpectation(pattern: .text("Subscribed")).within == .seconds(1))
    }
}
