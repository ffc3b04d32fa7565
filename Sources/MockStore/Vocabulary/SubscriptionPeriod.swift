import Foundation

/// A subscription or offer period, as `Product.SubscriptionPeriod`: `value` × `unit`.
///
/// Parsed from the ISO-8601 durations `.storekit` files use (`P1W`, `P1M`, `P3D`, `P1Y`).
public struct SubscriptionPeriod: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The calendar unit of a period.
    public enum Unit: String, Hashable, Sendable, Codable, CaseIterable {
        case day, week, month, year
    }

    public var value: Int
    public var unit: Unit

    public init(value: Int, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    public static let weekly = SubscriptionPeriod(value: 1, unit: .week)
    public static let monthly = SubscriptionPeriod(value: 1, unit: .month)
    public static let yearly = SubscriptionPeriod(value: 1, unit: .year)

    /// Parses `P<n><D|W|M|Y>`; returns nil for anything else (combined forms like `P1Y2M` do not
    /// occur in `.storekit` files).
    public init?(iso8601 text: String) {
        let scalars = Array(text.uppercased())
        guard scalars.count >= 3, scalars.first == "P", let last = scalars.last,
              let value = Int(String(scalars[1..<(scalars.count - 1)])), value > 0
        else { return nil }
        switch last {
        case "D": self.init(value: value, unit: .day)
        case "W": self.init(value: value, unit: .week)
        case "M": self.init(value: value, unit: .month)
        case "Y": self.init(value: value, unit: .year)
        default: return nil
        }
    }

    /// The ISO-8601 form, `P1M`.
    public var iso8601: String {
        let letter = switch unit { case .day: "D"; case .week: "W"; case .month: "M"; case .year: "Y" }
        return "P\(value)\(letter)"
    }

    public var description: String { iso8601 }

    /// Approximate length in days, for ordering and for the time-rate tables.
    public var approximateDays: Double {
        switch unit {
        case .day: Double(value)
        case .week: Double(value) * 7
        case .month: Double(value) * 30.436875
        case .year: Double(value) * 365.2425
        }
    }

    /// The date `count` periods after `date` on the Gregorian calendar in UTC (so a monthly
    /// subscription bought on 31 January renews on 28/29 February, as the App Store does).
    public func advance(_ date: Date, by count: Int = 1) -> Date {
        var components = DateComponents()
        switch unit {
        case .day: components.day = value * count
        case .week: components.day = 7 * value * count
        case .month: components.month = value * count
        case .year: components.year = value * count
        }
        return Self.calendar.date(byAdding: components, to: date) ?? date
    }

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
