import Foundation
import Testing
@testable import ControlRoom
@testable import Paywall
@testable import TollboothApp

/// The App Store metadata file of `tollbooth audit --metadata`.
@Suite struct AppMetadataTests {
    @Test func aCompleteFileReadsEveryField() throws {
        let metadata = try AppMetadataParser.parse("""
            version: 1
            description: |
              Every feature.
              Terms of Use: https://example.com/terms
            privacyPolicyURL: https://example.com/privacy
            customEULA: Our own terms.
            """, file: "m.yaml")
        #expect(metadata.appDescription == "Every feature.\nTerms of Use: https://example.com/terms")
        #expect(metadata.privacyPolicyURL == "https://example.com/privacy")
        #expect(metadata.customEULA == "Our own terms.")
    }

    @Test func anEmptyPrivacyFieldIsAFactNotAMistake() throws {
        #expect(try AppMetadataParser.parse("privacyPolicyURL: \"\"\n", file: "m.yaml").privacyPolicyURL == nil)
    }

    @Test(arguments: [
        ("descripton: x\n", 1, 1, "Unknown key `descripton` in the metadata: rename it to `description`, the nearest allowed key"),
        ("privacyPolicyURL: example.com\n", 1, 19, "`privacyPolicyURL` must be a full http(s) URL"),
        ("version: 2\n", 1, 10, "Metadata version `2` is not supported"),
        ("description: [a\n", 2, 1, "The YAML is malformed"),
    ] as [(String, Int, Int, String)])
    func mistakesNameTheLineAndColumn(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try AppMetadataParser.parse(text, file: "m.yaml")
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.description.hasPrefix("m.yaml:\(line):\(column): "))
        }
    }
}
