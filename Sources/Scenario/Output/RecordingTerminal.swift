import Foundation
import TerminalUI

/// A `Terminal` that records what it shows: every call goes to the wrapped terminal unchanged,
/// and each presented frame is also encoded (`FrameEncoder`) into an asciicast (`tollbooth run
/// --record`).
///
/// Times are real, from a monotonic clock, except that a gap longer than `idleLimit` counts as
/// `idleLimit`, so a pause to think does not become a minute of still frames. A `.resize` the app
/// reads becomes an `"r"` event and makes the next frame a full redraw, as on the real terminal.
/// `shutdown()` gives the terminal back first and then finishes the file (docs/terminal.md §1.2);
/// a failure to save it is kept in `recordingError`.
public final class RecordingTerminal: Terminal {
    private let wrapped: any Terminal
    private let writer: AsciicastWriter
    private let encoder: FrameEncoder
    private let idleLimit: Double
    private let now: () -> Double
    private var lastRealTime: Double
    private var elapsed = 0.0
    private var previous: Canvas?
    private var finished = false

    /// Why the recording could not be saved, once `shutdown()` has run; nil when it was.
    public private(set) var recordingError: RecordingError?

    /// Starts recording `terminal` into `writer`: writes the header (the terminal's size, `title`,
    /// `idleLimit`). `now` is a monotonic clock in seconds (injected by tests).
    public init(
        wrapping terminal: any Terminal, writer: AsciicastWriter, title: String?, idleLimit: Double = 2,
        now: @escaping () -> Double = RecordingTerminal.monotonicSeconds
    ) {
        wrapped = terminal
        self.writer = writer
        encoder = FrameEncoder(colorCount: terminal.capabilities.colorCount)
        self.idleLimit = idleLimit
        self.now = now
        lastRealTime = now()
        writer.begin(AsciicastHeader(size: terminal.size, title: title, idleTimeLimit: idleLimit))
    }

    public var size: Size { wrapped.size }
    public var capabilities: TerminalCapabilities { wrapped.capabilities }

    public func present(_ canvas: Canvas) {
        wrapped.present(canvas)
        guard !finished else { return }
        // What the terminal shows: the canvas clipped or padded to its size.
        var frame = Canvas(size: wrapped.size)
        frame.draw(canvas, at: .zero)
        let data = encoder.encode(from: previous, to: frame)
        previous = frame
        if !data.isEmpty { writer.output(data, at: tick()) }
    }

    public func readEvent(timeoutMilliseconds: Int) -> InputEvent? {
        let event = wrapped.readEvent(timeoutMilliseconds: timeoutMilliseconds)
        if case .resize(let newSize)? = event, !finished {
            writer.resize(to: newSize, at: tick())
            previous = nil
        }
        return event
    }

    public var waker: any InputWaker { wrapped.waker }

    public func shutdown() {
        wrapped.shutdown()
        guard !finished else { return }
        finished = true
        do { try writer.finish() } catch let error as RecordingError { recordingError = error } catch {
            recordingError = RecordingError("could not write the recording \(writer.path): \(error)")
        }
    }

    /// Seconds since the start, with every gap capped at `idleLimit`.
    private func tick() -> Double {
        let t = now()
        elapsed += min(max(0, t - lastRealTime), idleLimit)
        lastRealTime = t
        return elapsed
    }

    /// Seconds on the system's monotonic clock.
    public static func monotonicSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
    }
}
