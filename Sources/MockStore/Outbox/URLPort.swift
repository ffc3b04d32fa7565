/// The port a URL names, read from its text digit by digit.
///
/// Foundation's `URLComponents` and `URL` read the port with wrapping arithmetic on Linux:
/// `http://127.0.0.1:18446744073709569696/x` (2^64 + 18080) comes back as port 18080, so a check
/// of `components.port` passed and a courier posted to a port nobody named. Every URL from
/// outside that Tollbooth keeps (a receiver's URL, a manifest's links) is judged by this instead.
public enum URLPort: Equatable, Sendable {
    /// The URL names no port (`http://host/`, or `http://host:/`, which RFC 3986 allows).
    case none
    /// A port in 1…65535.
    case port(Int)
    /// A port that is not one: not all digits, 0, or past 65535 (however far past), as written.
    case invalid(String)

    /// The port of `url` (`scheme://user@host:port/path`); `.none` when it has no authority.
    public init(in url: String) {
        guard let start = url.range(of: "://") else { self = .none; return }
        let authority = url[start.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // `user:password@` comes first; the last "@" ends it, since the host has none.
        var hostAndPort = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        // An IPv6 host is in brackets and holds colons of its own.
        if hostAndPort.first == "[" {
            guard let close = hostAndPort.firstIndex(of: "]") else { self = .none; return }
            hostAndPort = hostAndPort[hostAndPort.index(after: close)...]
        }
        guard let colon = hostAndPort.firstIndex(of: ":") else { self = .none; return }
        let digits = hostAndPort[hostAndPort.index(after: colon)...]
        if digits.isEmpty { self = .none; return }
        // `Int(_:)` reports overflow as nil rather than wrapping; the digit check keeps out the
        // signs it would accept.
        guard digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(digits), (1...65535).contains(value) else {
            self = .invalid(String(digits))
            return
        }
        self = .port(value)
    }

    /// Why the port cannot be dialled, as the end of a sentence naming the URL, or nil.
    public var problem: String? {
        guard case .invalid(let written) = self else { return nil }
        return "has port \(SourceText.excerpt(written, limit: 24)), outside 1–65535; give a port such as 8080"
    }
}
