import TerminalUI

/// Where a played scenario's frames go: the asciicast writer for `tollbooth play --cast`, or a
/// `FrameLog` in tests. Times are on the recording's clock, which starts at zero and stands
/// still while steps are hidden (`Hide` … `Show`), as in VHS.
public protocol ScenarioRecorder: AnyObject {
    /// Called once, at launch, before any frame: the window's size and the `Set Title`.
    func begin(size: Size, title: String?)
    /// The screen changed: this is the whole canvas as it now reads.
    func frame(at time: Duration, canvas: Canvas)
    /// The window took a new size (`Set Size` after launch); a frame of that size follows.
    func resize(at time: Duration, to size: Size)
}

/// Keeps everything a player hands out, in order: for tests, and for comparing two plays.
public final class FrameLog: ScenarioRecorder {
    /// One thing the recording holds.
    public enum Entry: Equatable, Sendable {
        case begin(Size, title: String?)
        case frame(Duration, Canvas)
        case resize(Duration, Size)
    }

    public private(set) var entries: [Entry] = []

    public init() {}

    public func begin(size: Size, title: String?) { entries.append(.begin(size, title: title)) }
    public func frame(at time: Duration, canvas: Canvas) { entries.append(.frame(time, canvas)) }
    public func resize(at time: Duration, to size: Size) { entries.append(.resize(time, size)) }

    /// The frames alone, with their times.
    public var frames: [(time: Duration, canvas: Canvas)] {
        entries.compactMap { if case .frame(let time, let canvas) = $0 { (time, canvas) } else { nil } }
    }
}
