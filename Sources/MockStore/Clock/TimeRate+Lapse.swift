import Foundation

extension TimeRate {
    /// The longest gap in paid service that still counts as one run of a subscription for
    /// `recentSubscriptionStartDate`: Apple ignores lapses shorter than 60 days. Apple gives no
    /// figure for Xcode's rates, so faster rates shrink it as they shrink a month (ours).
    public var ignoredLapse: TimeInterval {
        60 * 86400 * compression
    }
}
