import Foundation
import TerminalUI
import TestSupport
import Testing

/// `assertGolden` never lets a run pass by writing a golden: a new, changed or re-recorded
/// golden fails the test that met it, and under CI nothing is written at all. Each test passes
/// its own environment, so the suite means the same with `CI` or `RECORD_GOLDENS` set.
@Suite("Golden files")
struct GoldenFileTests {
    static let local: [String: String] = [:]
    static let recording = ["RECORD_GOLDENS": "1"]
    static let ci = ["CI": "true"]
    static let ciRecording = ["CI": "true", "RECORD_GOLDENS": "1"]

    static func canvas(_ text: String = "日本 ok") -> Canvas {
        var canvas = Canvas(width: 8, height: 2)
        canvas.put(SafeText(text), x: 0, y: 0, style: Style(bold: true))
        return canvas
    }

    /// Runs `body` with a fresh folder for goldens, removed when it returns.
    func withGoldenFolder(_ body: (String) throws -> Void) rethrows {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tollbooth-golden-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(directory)
    }

    func contents(_ directory: String, _ name: String) -> String? {
        try? String(contentsOfFile: directory + "/\(name).golden", encoding: .utf8)
    }

    func says(_ text: String) -> (Issue) -> Bool {
        { issue in issue.comments.contains { $0.rawValue.contains(text) } }
    }

    @Test("a missing golden fails once and is written; a changed canvas fails with a diff")
    func lifecycle() {
        withGoldenFolder { directory in
            withKnownIssue { assertGolden(Self.canvas(), named: "sample", in: directory, environment: Self.local) }
                matching: { says("did not exist")($0) }
            #expect(contents(directory, "sample") == "日本 ok\n\n--- styles ---\n0 0-6: bold\n")
            assertGolden(Self.canvas(), named: "sample", in: directory, environment: Self.local)  // passes now
            withKnownIssue { assertGolden(Self.canvas("日本 NG"), named: "sample", in: directory, environment: Self.local) }
                matching: { says("- 日本 ok")($0) && says("+ 日本 NG")($0) }
            #expect(contents(directory, "sample")?.hasPrefix("日本 ok") == true, "a plain run never rewrites")
        }
    }

    @Test("recording rewrites only the goldens that changed, and fails on each of them")
    func recordingFailsOnEveryRewrittenGolden() {
        withGoldenFolder { directory in
            for name in ["same", "changed"] {
                withKnownIssue { assertGolden(Self.canvas(), named: name, in: directory, environment: Self.local) }
            }
            // Outside withKnownIssue: an unchanged golden is left alone, with no issue.
            assertGolden(Self.canvas(), named: "same", in: directory, environment: Self.recording)
            withKnownIssue { assertGolden(Self.canvas("日本 NG"), named: "changed", in: directory, environment: Self.recording) }
                matching: { says("re-recorded")($0) && says("git diff")($0) }
            #expect(contents(directory, "changed")?.hasPrefix("日本 NG") == true)
            #expect(contents(directory, "same")?.hasPrefix("日本 ok") == true)
        }
    }

    @Test("under CI a missing golden fails and is not written")
    func ciNeverWritesAMissingGolden() {
        withGoldenFolder { directory in
            for environment in [Self.ci, Self.ciRecording] {
                withKnownIssue { assertGolden(Self.canvas(), named: "new", in: directory, environment: environment) }
                    matching: { says("missing")($0) || says("refused under CI")($0) }
                #expect(contents(directory, "new") == nil)
            }
        }
    }

    @Test("under CI recording is refused: nothing is rewritten, and the run fails")
    func ciRefusesToRecord() {
        withGoldenFolder { directory in
            withKnownIssue { assertGolden(Self.canvas(), named: "sample", in: directory, environment: Self.local) }
            withKnownIssue { assertGolden(Self.canvas("日本 NG"), named: "sample", in: directory, environment: Self.ciRecording) }
                matching: { says("refused under CI")($0) || says("differs")($0) }
            #expect(contents(directory, "sample")?.hasPrefix("日本 ok") == true)
            withKnownIssue { assertGolden(Self.canvas(), named: "sample", in: directory, environment: Self.ciRecording) }
                matching: { says("refused under CI")($0) }
            // Without RECORD_GOLDENS, CI compares as usual.
            assertGolden(Self.canvas(), named: "sample", in: directory, environment: Self.ci)
        }
    }
}
