import Foundation
import Scenario
import TerminalUI
import Testing
import TestSupport

@Suite struct AsciicastWriterTests {
    @Test func theHeaderHasTheSizeTitleAndTermAndNoClock() {
        let header = AsciicastHeader(size: Size(width: 80, height: 24), title: "Tollbooth — \"Example\"", idleTimeLimit: 2)
        #expect(header.json == #"{"version": 2, "width": 80, "height": 24, "idle_time_limit": 2.0, "title": "Tollbooth — \"Example\"", "env": {"TERM": "xterm-256color"}}"#)
        #expect(AsciicastHeader(size: Size(width: 4, height: 2), timestamp: 1_700_000_000, idleTimeLimit: 0.25).json
                == #"{"version": 2, "width": 4, "height": 2, "timestamp": 1700000000, "idle_time_limit": 0.25, "env": {"TERM": "xterm-256color"}}"#)
    }

    @Test func timesHaveSixDecimals() {
        #expect(AsciicastFormat.seconds(0) == "0.000000")
        #expect(AsciicastFormat.seconds(1.25) == "1.250000")
        #expect(AsciicastFormat.seconds(12.3456789) == "12.345679")
        #expect(AsciicastFormat.seconds(0.0000004) == "0.000000")
        #expect(AsciicastFormat.seconds(-3) == "0.000000")
        #expect(AsciicastFormat.seconds(.nan) == "0.000000")
        // An idle limit or a time from outside never traps on the conversion to microseconds.
        #expect(AsciicastFormat.seconds(1e300) == "3155760000000.000000")
        #expect(AsciicastFormat.seconds(.infinity) == "0.000000")
    }

    @Test func everyControlCharacterIsEscapedInJSON() throws {
        let data = "\u{1B}[0m\n\t\"q\" \\ \u{0}\u{7F}\u{85}\u{9B}\u{2028}日本"
        let json = AsciicastFormat.jsonString(data)
        #expect(json == #""\u001b[0m\u000a\u0009\"q\" \\ \u0000\u007f\u0085\u009b\u2028日本""#)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String
        #expect(decoded == data)
    }

    @Test func theCastAppearsOnlyWhenFinished() throws {
        let folder = try TemporaryFolder("cast")
        defer { folder.remove() }
        let path = folder.path("demo.cast")
        let writer = try AsciicastWriter(path: path)
        writer.begin(AsciicastHeader(size: Size(width: 10, height: 3)))
        writer.output("\u{1B}[1;1Hhi", at: 0)
        writer.resize(to: Size(width: 12, height: 4), at: 1.5)
        writer.output("x", at: 1.0)  // never earlier than the event before it
        #expect(!FileManager.default.fileExists(atPath: path))
        try writer.finish()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == """
            {"version": 2, "width": 10, "height": 3, "env": {"TERM": "xterm-256color"}}
            [0.000000, "o", "\\u001b[1;1Hhi"]
            [1.500000, "r", "12x4"]
            [1.500000, "o", "x"]

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["demo.cast"])
    }

    @Test func aDiscardedOrFailedRecordingLeavesNoFile() throws {
        let folder = try TemporaryFolder("cast-discard")
        defer { folder.remove() }
        let discarded = try AsciicastWriter(path: folder.path("a.cast"))
        discarded.begin(AsciicastHeader(size: Size(width: 10, height: 3)))
        discarded.output("hi", at: 0)
        discarded.discard()
        let headless = try AsciicastWriter(path: folder.path("b.cast"))
        #expect(throws: RecordingError.self) { try headless.finish() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [])
    }

    @Test func aMissingFolderIsRefusedInOneSentence() {
        #expect(throws: RecordingError("cannot record to /nonexistent-tollbooth/x.cast: the folder /nonexistent-tollbooth does not exist")) {
            try AsciicastWriter(path: "/nonexistent-tollbooth/x.cast")
        }
    }

    @Test func theSameEventsGiveTheSameBytes() throws {
        let folder = try TemporaryFolder("cast-same")
        defer { folder.remove() }
        func record(_ name: String) throws -> Data {
            let writer = try AsciicastWriter(path: folder.path(name))
            writer.begin(AsciicastHeader(size: Size(width: 20, height: 5), title: "Same", idleTimeLimit: 2))
            let encoder = FrameEncoder()
            var frame = Canvas(width: 20, height: 5)
            frame.put("プレミアム", x: 1, y: 1, style: Style(fg: .indexed(45), bold: true))
            writer.output(encoder.encode(from: nil, to: frame), at: 0.1)
            writer.output("z", at: 1 / 3)
            try writer.finish()
            return try Data(contentsOf: URL(fileURLWithPath: folder.path(name)))
        }
        #expect(try record("one.cast") == record("two.cast"))
    }
}
