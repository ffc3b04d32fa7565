import MockStore
import Testing

@Suite("A receiver's URL")
struct NotificationURLTests {
    @Test("ports in 1…65535 are accepted, as is no port", arguments: [
        "http://127.0.0.1:8080/notifications", "http://127.0.0.1:1/x", "https://example.com:65535/x", "http://[::1]:18080/x",
        "http://example.com/x", "http://example.com:/x",
    ])
    func accepted(_ url: String) {
        #expect(NotificationURL.problem(url) == nil)
    }

    // Foundation's URLComponents reads the port into an Int with wrapping arithmetic: 2^64 + 18080
    // came back as 18080, so a courier posted to a port nobody named.
    @Test("a port past 65535 is refused, however far past", arguments: [
        "18446744073709551617", "18446744073709569696", "9223372036854783888", "99999999999999999999999999999", "65536", "0",
    ])
    func outOfRange(_ port: String) throws {
        let problem = try #require(NotificationURL.problem("http://127.0.0.1:\(port)/x"))
        #expect(problem.hasSuffix("outside 1–65535; give a port such as 8080"), "\(problem)")
    }

    @Test("a port that is not digits is refused", arguments: ["http://127.0.0.1:80a/x", "http://127.0.0.1:+80/x", "http://127.0.0.1:-1/x"])
    func notDigits(_ url: String) {
        #expect(NotificationURL.problem(url) != nil)
    }

    @Test("a URL a megabyte long is quoted short")
    func longURL() throws {
        let problem = try #require(NotificationURL.problem("http://127.0.0.1:99999999/" + String(repeating: "x", count: 1_000_000)))
        #expect(problem.count < 300)
    }
}
