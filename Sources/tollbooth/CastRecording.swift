import Foundation
import Scenario
import TerminalUI

/// `tollbooth play --cast OUT`: the player's frames, written as an asciicast v2 file to a
/// temporary file beside OUT and renamed over it only when the play succeeds, so a failed play
/// leaves nothing half-written.
///
/// The encoder and writer (`FrameEncoder`, `AsciicastWriter`) come with Sources/Scenario/Output;
/// until they are connected here, `--cast` is refused before anything is played.
final class CastRecording: ScenarioRecorder {
    let path: String
    private let log = FrameLog()

    init(path: String) throws {
        self.path = path
        throw CLIError("--cast needs the asciicast writer, which this build does not have yet; play without --cast, or with --check")
    }

    func begin(size: Size, title: String?) { log.begin(size: size, title: title) }
    func frame(at time: Duration, canvas: Canvas) { log.frame(at: time, canvas: canvas) }
    func resize(at time: Duration, to size: Size) { log.resize(at: time, to: size) }

    /// Writes the cast and moves it into place.
    func finish() throws {}

    /// Removes whatever was written: the play failed.
    func discard() {}
}
