import Foundation

/// When a notification whose POST failed is tried again.
///
/// Apple: a notification that does not reach the server (no answer, or an HTTP status outside
/// 200–206) is sent again 1, 12, 24, 48 and 72 hours after the previous attempt, five retries
/// after the first attempt, six attempts in all; then it is given up. Apple retries only in
/// production (sandbox sends once); Tollbooth retries in every environment, because testing a
/// backend's handling of retries is the point.
///
/// The hours are store time, scaled like the grace and billing-retry periods: a rate that
/// makes a month pass in an hour makes an hour pass in 1/720 of one (`TimeRate.compression`),
/// so a fast clock retries fast. `clock advance` moves retries forward like renewals.
public enum RetrySchedule {
    /// Apple's waits after attempts one to five, in real hours.
    public static let hoursAfterAttempt: [Double] = [1, 12, 24, 48, 72]

    /// The most attempts one notification gets (`sendAttempts` holds at most six).
    public static var maximumAttempts: Int { hoursAfterAttempt.count + 1 }

    /// The store time of the next attempt after `attempts` attempts, the last at `last`, or nil
    /// when the schedule is used up.
    public static func nextAttempt(after attempts: Int, lastAt last: Date, rate: TimeRate) -> Date? {
        guard attempts >= 1, attempts <= hoursAfterAttempt.count else { return nil }
        return last.addingTimeInterval(hoursAfterAttempt[attempts - 1] * 3600 * rate.compression)
    }
}
