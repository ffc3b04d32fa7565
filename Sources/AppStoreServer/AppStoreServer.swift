/// The App Store's server side, as a backend sees it: signed data, notifications and the
/// App Store Server API's answers, over a Tollbooth ledger. No networking here; the HTTP server
/// and the delivery client are in `AppStoreServerHTTP`.
public enum AppStoreServer {}
