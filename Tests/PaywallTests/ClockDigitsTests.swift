@testable import Chrome
import Foundation
import Testing

/// `DateText.clock` writes the store clock's digits itself; they must be the ones ICU's
/// formatter wrote before, in every time zone, across daylight-saving changes and leap days.
@Suite("Clock digits")
struct ClockDigitsTests {
    static func formatter(_ zone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = zone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter
    }

    @Test("the same digits as a POSIX DateFormatter", arguments: [
        "UTC", "Asia/Tokyo", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham",
    ])
    func sameAsFormatter(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        let formatter = Self.formatter(zone)
        var generator = SystemRandomNumberGenerator()
        // Every second around 2026's spring-forward and autumn-back in most zones, leap days,
        // the ends of years, and random instants from 1900 to 2200 (plus fractions of a second).
        var instants: [Double] = [0, -1, -0.5, 951_782_400, 1_709_164_800, 4_107_542_399, 1_774_746_000, 1_792_890_000]
        for start in [1_774_746_000.0, 1_792_890_000.0, 1_774_832_400.0, 1_761_440_400.0] {
            instants += stride(from: start - 7_200, through: start + 7_200, by: 599.5).map { $0 }
        }
        instants += (0..<2_000).map { _ in Double.random(in: -2_208_988_800...7_258_118_400, using: &generator) }
        for seconds in instants {
            let date = Date(timeIntervalSince1970: seconds)
            let digits = DateText.clockDigits(date, secondsFromGMT: zone.secondsFromGMT(for: date))
            #expect(digits == formatter.string(from: date), "\(zoneName) at \(seconds)")
        }
    }

    @Test("years the four digits cannot hold are left to the formatter")
    func outsideTheRange() {
        let utc = TimeZone(identifier: "UTC")!
        #expect(DateText.clockDigits(Date(timeIntervalSince1970: -12_300_000_000), secondsFromGMT: 0) == nil)  // 1580
        #expect(DateText.clockDigits(Date(timeIntervalSince1970: 253_402_300_800), secondsFromGMT: 0) == nil)  // 10000
        #expect(DateText.clockDigits(Date(timeIntervalSince1970: 253_402_300_799), secondsFromGMT: 0) == "9999-12-31 23:59:59")
        let far = Date(timeIntervalSince1970: 253_402_300_800)
        #expect(DateText(locale: "en_US", timeZone: utc).clock(far) == Self.formatter(utc).string(from: far))
    }
}
