import Foundation

/// Builds the App Store's JSON payloads: dates in milliseconds since 1970, prices in
/// milliunits, keys sorted so the same value always gives the same bytes. A nil value leaves
/// its key out, as the App Store leaves out a field that does not apply.
public struct PayloadJSON {
    private var fields: [String: Any] = [:]

    public init() {}

    public mutating func set(_ key: String, _ value: String?) { if let value { fields[key] = value } }
    public mutating func set(_ key: String, _ value: Int?) { if let value { fields[key] = value } }
    public mutating func set(_ key: String, _ value: UInt64?) { if let value { fields[key] = value } }
    public mutating func set(_ key: String, _ value: Bool?) { if let value { fields[key] = value } }
    public mutating func set(_ key: String, _ value: [String]?) { if let value { fields[key] = value } }
    public mutating func set(_ key: String, _ date: Date?) {
        if let date { fields[key] = Self.milliseconds(date) }
    }
    /// A nested object (`commitmentInfo`), left out when nil.
    public mutating func set(_ key: String, _ object: PayloadJSON?) { if let object { fields[key] = object.fields } }
    /// A price in milliunits of the currency, as the App Store writes it (4.99 → 4990).
    public mutating func set(_ key: String, price: Decimal?) {
        if let price { fields[key] = NSDecimalNumber(decimal: price * 1000).rounding(accordingToBehavior: nil).int64Value }
    }

    /// A date as the App Store's JSON writes it: whole milliseconds since 1970.
    public static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    public var data: Data {
        (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }
}
