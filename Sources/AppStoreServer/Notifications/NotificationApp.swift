/// What a notification's `data` says about the app beyond the store's records.
public struct NotificationApp: Sendable, Hashable {
    /// `bundleId`.
    public var bundleID: String
    /// `bundleVersion`, when known.
    public var bundleVersion: String?
    /// `environment`: `Sandbox` unless told otherwise (Apple's verifier checks it).
    public var environment: String
    /// `appAppleId`: Apple sends it in production only; nil leaves it out.
    public var appAppleID: Int64?

    public init(bundleID: String, bundleVersion: String? = nil, environment: String = "Sandbox", appAppleID: Int64? = nil) {
        self.bundleID = bundleID
        self.bundleVersion = bundleVersion
        self.environment = environment
        self.appAppleID = appAppleID
    }
}
