import Foundation
import Scenario
import TerminalUI
import Testing
import TestSupport

/// A clock the test moves by hand.
private final class ManualSeconds: @unchecked Sendable {
    var now = 100.0
}

@Suite struct RecordingTerminalTests {
    private func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func framesResizesAndCappedPausesGoIntoTheCast() throws {
        let folder = try TemporaryFolder("recording")
        defer { folder.remove() }
        let clock = ManualSeconds()
        let screen = MemoryTerminal(size: Size(width: 6, height: 2))
        let terminal = RecordingTerminal(
            wrapping: screen, writer: try AsciicastWriter(path: folder.path("run.cast")), title: "Demo", idleLimit: 2,
            now: { clock.now })
        var frame = Canvas(width: 6, height: 2)
        frame.put("hi", x: 0, y: 0)
        clock.now += 0.25
        terminal.present(frame)
        clock.now += 0.5
        terminal.present(frame)  // nothing changed: no event
        frame.put("!", x: 2, y: 0)
        clock.now += 60  // a long pause counts as the idle limit
        terminal.present(frame)
        screen.resize(to: Size(width: 4, height: 3))
        clock.now += 1
        #expect(terminal.readEvent(timeoutMilliseconds: 0) == .resize(Size(width: 4, height: 3)))
        clock.now += 0.125
        terminal.present(frame)
        terminal.shutdown()

        #expect(screen.isShutDown)
        #expect(screen.screen.text() == "hi!\n\n")
        #expect(terminal.recordingError == nil)
        #expect(try lines(folder.path("run.cast")) == [
            #"{"version": 2, "width": 6, "height": 2, "idle_time_limit": 2.0, "title": "Demo", "env": {"TERM": "xterm-256color"}}"#,
            #"[0.250000, "o", "\u001b[0m\u001b[?25l\u001b[H\u001b[2J\u001b[1;1Hhi"]"#,
            #"[2.250000, "o", "\u001b[1;3H!"]"#,
            #"[3.250000, "r", "4x3"]"#,
            #"[3.375000, "o", "\u001b[0m\u001b[?25l\u001b[H\u001b[2J\u001b[1;1Hhi!"]"#,
        ])
    }

    @Test func theWrappedTerminalSeesExactlyWhatItWouldWithoutRecording() throws {
        let folder = try TemporaryFolder("recording-same")
        defer { folder.remove() }
        let plain = MemoryTerminal(size: Size(width: 8, height: 2))
        let recorded = MemoryTerminal(size: Size(width: 8, height: 2))
        let terminal = RecordingTerminal(wrapping: recorded, writer: try AsciicastWriter(path: folder.path("x.cast")), title: nil)
        plain.enqueueTyping("ab")
        recorded.enqueueTyping("ab")
        var frame = Canvas(width: 10, height: 3)  // larger than the terminal: both clip it alike
        frame.put("日本語 text", x: 0, y: 0, style: Style(bold: true))
        for target in [plain, terminal] as [any Terminal] {
            target.present(frame)
            #expect(target.readEvent(timeoutMilliseconds: 0) == .key(.character("a")))
        }
        terminal.shutdown()
        #expect(plain.screen == recorded.screen)
        #expect(plain.changedCellsPerFrame == recorded.changedCellsPerFrame)
        #expect(recorded.pendingEventCount == 1)
    }

    @Test func aRecordingThatCannotBeSavedIsReported() throws {
        let folder = try TemporaryFolder("recording-gone")
        let terminal = RecordingTerminal(
            wrapping: MemoryTerminal(), writer: try AsciicastWriter(path: folder.path("x.cast")), title: nil)
        terminal.present(Canvas(width: 80, height: 24))
        folder.remove()  // the folder vanished under the recording: the rename fails
        terminal.shutdown()
        #expect(terminal.recordingError?.description.hasPrefix("could not write the recording ") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.path("x.cast")))
    }
}
