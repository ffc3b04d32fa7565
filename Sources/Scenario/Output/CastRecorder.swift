import Foundation
import TerminalUI

/// A played scenario as an asciicast v2 file: each frame the player hands out becomes the bytes
/// that turn the previous screen into it (`FrameEncoder`), at its virtual time; a resize
/// becomes an `r` event. The file appears only on `finish()`: a failed play leaves nothing.
public final class CastRecorder: ScenarioRecorder {
    private let writer: AsciicastWriter
    private var previous: Canvas?

    /// Opens the temporary file beside `path`; fails at once when its folder is missing.
    public init(path: String) throws {
        writer = try AsciicastWriter(path: path)
    }

    public func begin(size: Size, title: String?) {
        writer.begin(AsciicastHeader(size: size, title: title))
    }

    public func frame(at time: Duration, canvas: Canvas) {
        let bytes = FrameEncoder().encode(from: previous, to: canvas)
        previous = canvas
        if !bytes.isEmpty { writer.output(bytes, at: time.seconds) }
    }

    public func resize(at time: Duration, to size: Size) {
        writer.resize(to: size, at: time.seconds)
        // The next frame redraws everything, as a terminal that changed size expects.
        previous = nil
    }

    /// Writes the cast and moves it into place.
    public func finish() throws { try writer.finish() }

    /// Removes whatever was written: the play failed.
    public func discard() { writer.discard() }
}
