import Foundation

/// What a receiver's URL must be for a courier to POST to it: an absolute http or https URL
/// with a host, a port in 1…65535 when one is given (read by `URLPort`), and no `user:password@`.
///
/// Credentials in the URL are refused rather than sent: Apple's notification URL in App Store
/// Connect carries none, and a URL kept in the ledger and printed by `notify list` would show
/// the password. Checked when the URL is set (`notify url`), and again before every POST,
/// because a ledger written by an older Tollbooth, or by hand, may already hold a bad one.
public enum NotificationURL {
    /// Why `text` cannot be a receiver's URL, as one sentence, or nil when it can.
    public static func problem(_ text: String) -> String? {
        let shown = SourceText.quoted(redacted(text), limit: 80)
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            return "\(shown) is not a URL; give one such as http://127.0.0.1:8080/notifications"
        }
        guard scheme == "http" || scheme == "https" else {
            return "\(shown) is not an http or https URL; notifications are POSTed over HTTP"
        }
        guard let host = components.host, !host.isEmpty else {
            return "\(shown) has no host; give one such as http://127.0.0.1:8080/notifications"
        }
        if components.user != nil || components.password != nil {
            return "\(shown) carries a user name or password, which Tollbooth does not send; remove the `user:password@` part (check credentials in your receiver another way, such as a secret path)"
        }
        // Not `components.port`: Foundation wraps a port past 2^64 into range (`URLPort`).
        if let problem = URLPort(in: text).problem { return "\(shown) \(problem)" }
        return nil
    }

    /// `text` with any password replaced by `***`, for messages: a password never reaches the
    /// terminal or the log.
    public static func redacted(_ text: String) -> String {
        guard var components = URLComponents(string: text), components.password != nil else { return text }
        components.password = "***"
        return components.string ?? text
    }
}
