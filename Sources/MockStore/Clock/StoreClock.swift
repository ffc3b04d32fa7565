import Foundation
import GRDB

/// The store clock as kept in the ledger: store time runs with wall time from an anchor (unless
/// paused) and jumps on manual advances. Kept in the ledger so every process agrees on it.
public struct StoreClockState: Sendable, Hashable {
    public var anchorStore: Date
    public var anchorWall: Date
    public var isPaused: Bool
    public var rate: TimeRate

    /// Store time at wall time `wall`. Never earlier than the anchor, so time never goes back
    /// even if the wall clock does.
    public func storeTime(atWall wall: Date) -> Date {
        if isPaused { return anchorStore }
        return anchorStore.addingTimeInterval(max(0, wall.timeIntervalSince(anchorWall)))
    }

    static func load(_ db: Database) throws -> StoreClockState {
        guard let row = try Row.fetchOne(cached: db, sql: "SELECT * FROM clock WHERE id = 1") else {
            throw StoreOperationError("the ledger has no clock row; it was not initialised")
        }
        return StoreClockState(
            anchorStore: try ledgerDate(row["anchorStore"], "clock.anchorStore"),
            anchorWall: try ledgerDate(row["anchorWall"], "clock.anchorWall"),
            isPaused: row["paused"], rate: TimeRate(rawValue: row["rate"]) ?? .realTime)
    }

    func save(_ db: Database) throws {
        try db.run(
            sql: """
                INSERT INTO clock (id, anchorStore, anchorWall, paused, rate) VALUES (1, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET anchorStore = excluded.anchorStore,
                  anchorWall = excluded.anchorWall, paused = excluded.paused, rate = excluded.rate
                """,
            arguments: [anchorStore.timeIntervalSince1970, anchorWall.timeIntervalSince1970, isPaused, rate.rawValue])
    }

    /// Re-anchors at `wall` so later changes (pause, rate) apply from now on. A wall time
    /// earlier than the anchor (the wall clock went back) keeps the anchor's wall time, so store
    /// time stays put until the wall clock catches up instead of jumping ahead later.
    func reanchored(atWall wall: Date) -> StoreClockState {
        var copy = self
        copy.anchorStore = storeTime(atWall: wall)
        copy.anchorWall = max(wall, anchorWall)
        return copy
    }
}

/// A manual clock advance: `+1h`, `+3d`, `+1M`, `+2w`, `+1y`, `+90s`, `+15m`.
public struct ClockAdvance: Sendable, Hashable, CustomStringConvertible {
    public enum Unit: String, Sendable, CaseIterable { case second = "s", minute = "m", hour = "h", day = "d", week = "w", month = "M", year = "y" }
    public var value: Int
    public var unit: Unit

    public init(value: Int, unit: Unit) { self.value = value; self.unit = unit }

    /// Parses `+1h`, `1h`, `3d`, `1M` (months), `2w`, `1y`, `30s`, `15m` (minutes).
    public init?(_ text: String) {
        guard case .success(let advance) = Self.parse(text) else { return nil }
        self = advance
    }

    /// Why `text` is not an advance the store clock can make, as one sentence, or the advance.
    public static func parse(_ text: String) -> Result<ClockAdvance, StoreOperationError> {
        let shown = SourceText.quoted(text, limit: 40)
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if body.hasPrefix("-") {
            return .failure(StoreOperationError("\(shown) goes back in time, and the store clock only moves forward; use \(help)"))
        }
        if body.hasPrefix("+") { body = body.dropFirst() }
        guard let last = body.last, let unit = Unit(rawValue: String(last)) else {
            return .failure(StoreOperationError("\(shown) is not a duration; use \(help)"))
        }
        let digits = body.dropLast()
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let value = Int(digits), value > 0 else {
            return .failure(StoreOperationError("\(shown) is not a duration; use \(help)"))
        }
        guard value <= unit.mostInOneAdvance else {
            return .failure(StoreOperationError(
                "\(shown) is more than \(maximumYears) years; one advance moves the store clock at most \(maximumYears) years (+\(unit.mostInOneAdvance)\(unit.rawValue)), a limit of Tollbooth's own; advance in steps"))
        }
        return .success(ClockAdvance(value: value, unit: unit))
    }

    /// The longest single advance. Apple sets none; ours keeps dates far inside what the
    /// calendar computes exactly and an advance's work bounded.
    public static let maximumYears = 100

    public var description: String { "+\(value)\(unit.rawValue)" }

    /// The date `value` units after `date` (calendar arithmetic for months and years).
    public func apply(to date: Date) -> Date {
        switch unit {
        case .second: date.addingTimeInterval(Double(value))
        case .minute: date.addingTimeInterval(Double(value) * 60)
        case .hour: date.addingTimeInterval(Double(value) * 3600)
        case .day: date.addingTimeInterval(Double(value) * 86400)
        case .week: date.addingTimeInterval(Double(value) * 7 * 86400)
        case .month: SubscriptionPeriod(value: value, unit: .month).advance(date)
        case .year: SubscriptionPeriod(value: value, unit: .year).advance(date)
        }
    }

    public static let help = "a duration such as +30s, +15m, +1h, +3d, +2w, +1M (months) or +1y"
}

extension ClockAdvance.Unit {
    /// How many of this unit make `ClockAdvance.maximumYears`.
    var mostInOneAdvance: Int {
        let years = ClockAdvance.maximumYears
        switch self {
        case .second: return years * 366 * 86400
        case .minute: return years * 366 * 1440
        case .hour: return years * 366 * 24
        case .day: return years * 366
        case .week: return years * 53
        case .month: return years * 12
        case .year: return years
        }
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
