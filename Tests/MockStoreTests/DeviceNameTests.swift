import Testing
@testable import MockStore

/// Device names are stored in a shared ledger and shown to everyone who opens it.
@Suite struct DeviceNameTests {
    @Test(arguments: ["iphone", "ipad", "Kim's iPhone", "キムのiPad", "👩‍💻 laptop", "🇯🇵", String(repeating: "x", count: 64)])
    func printableNamesAreAccepted(name: String) {
        #expect(DeviceName.problem(with: name) == nil)
    }

    @Test(arguments: ["", "   ", "ipad\u{1B}[2J", "a\u{202E}b", "tab\there", "nel\u{85}", "csi\u{9B}31m", "nul\u{0}",
                      "line\u{2028}sep", String(repeating: "x", count: 65)])
    func controlsEmptyAndOverlongNamesAreRefused(name: String) {
        #expect(DeviceName.problem(with: name) != nil)
    }

    @Test func theRefusalQuotesTheNameVisibly() {
        let error = #expect(throws: StoreOperationError.self) { try DeviceName.validate("ipad\u{1B}[2J") }
        #expect(error?.description == #"the device name "ipad\u{1B}[2J" holds control or formatting characters; use printable text (at most 64 characters)"#)
    }
}
