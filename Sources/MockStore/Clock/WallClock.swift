import Foundation
import Synchronization

/// Where "now" comes from. Nothing in the store reads the system clock directly, so tests,
/// audits and recordings are deterministic.
public protocol WallClock: Sendable {
    func now() -> Date
}

/// The real clock.
public struct SystemWallClock: WallClock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that moves only when told: for tests and scripted recordings.
public final class ManualWallClock: WallClock {
    private let current: Mutex<Date>
    public init(_ start: Date = Date(timeIntervalSince1970: 1_767_225_600)) { current = Mutex(start) } // 2026-01-01 UTC
    public func now() -> Date { current.withLock { $0 } }
    public func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
    public func set(_ date: Date) { current.withLock { $0 = date } }
}
