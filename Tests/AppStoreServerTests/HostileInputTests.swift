import AppStoreServer
import Foundation
import MockStore
import TestSupport
import Testing

@Suite("Numbers and tokens from outside the range the server keeps")
struct HostileInputTests {
    /// Decimal transaction ids a client may send: StoreKit's `Transaction.id` is a UInt64, the
    /// ledger keeps Int64 ids.
    static let edgeIDs = [String(Int64.max), String(UInt64(Int64.max) + 1), String(UInt64.max)]

    func request(_ fixture: APIFixture, _ method: String, _ path: String, json: String = "") async -> Answer {
        Answer(await fixture.api.respond(to: APIRequest(method: method, path: path, body: Data(json.utf8))))
    }

    @Test("an id at Int64.max, Int64.max + 1 or UInt64.max in a path is not found, never a crash", arguments: edgeIDs)
    func idsInPaths(_ id: String) async throws {
        let fixture = try APIFixture()
        try await fixture.buy(StoreFixtures.monthly)
        for path in ["/inApps/v1/transactions/\(id)", "/inApps/v2/history/\(id)", "/inApps/v1/history/\(id)",
                     "/inApps/v1/subscriptions/\(id)"] {
            let answer = await request(fixture, "GET", path)
            #expect(answer.status == 404, "\(path)")
            #expect(answer.errorCode == 4040010, "\(path)")
        }
        let extend = await request(fixture, "PUT", "/inApps/v1/subscriptions/extend/\(id)", json: SubscriptionEndpointTests.extend)
        #expect(extend.status == 404)
        #expect(extend.errorCode == 4040005)
        // An order ID names an id too: one past the ledger's ids names nothing (status 1).
        let lookUp = await request(fixture, "GET", "/inApps/v1/lookup/\(OrderID.of(transactionID: try #require(UInt64(id))))")
        #expect(lookUp.status == 200)
        #expect(lookUp.json["status"] as? Int == 1)
    }

    @Test("an id at Int64.max, Int64.max + 1 or UInt64.max in a request body is not found", arguments: edgeIDs)
    func idsInBodies(_ id: String) async throws {
        let fixture = try APIFixture()
        _ = try await fixture.store.admin { try $0.setNotificationURL("http://127.0.0.1:9/notifications") }
        try await fixture.buy(StoreFixtures.coins)
        let start = Int64(StoreFixtures.start.timeIntervalSince1970 * 1000) - 1000
        let body = #"{"startDate": \#(start), "endDate": \#(start + 86_400_000), "transactionId": "\#(id)"}"#
        let answer = await request(fixture, "POST", "/inApps/v1/notifications/history", json: body)
        #expect(answer.status == 404)
        #expect(answer.errorCode == 4040010)
    }

    @Test("numbers past what a field holds are Apple's 400s", arguments: [
        ("GET", "/inApps/v1/transactions/18446744073709551616", "", 4000006),
        ("PUT", "/inApps/v1/subscriptions/extend/18446744073709551616", SubscriptionEndpointTests.extend, 4000008),
        ("PUT", "/inApps/v1/subscriptions/extend/1", #"{"extendByDays": 1e308, "extendReasonCode": 3, "requestIdentifier": "x"}"#, 4000009),
        ("PUT", "/inApps/v1/subscriptions/extend/1", #"{"extendByDays": 9223372036854775808, "extendReasonCode": 3, "requestIdentifier": "x"}"#, 4000009),
        ("PUT", "/inApps/v1/subscriptions/extend/1", #"{"extendByDays": 10, "extendReasonCode": -9223372036854775809, "requestIdentifier": "x"}"#, 4000010),
        ("POST", "/inApps/v1/notifications/history", #"{"startDate": 9223372036854775808, "endDate": 1}"#, 4000015),
        ("POST", "/inApps/v1/notifications/history", #"{"startDate": 1, "endDate": 1e308}"#, 4000016),
        ("POST", "/inApps/v1/notifications/history", #"{"startDate": 0, "endDate": 9223372036854775807}"#, 4000012),
    ])
    func hugeNumbers(_ method: String, _ path: String, _ body: String, _ code: Int) async throws {
        let fixture = try APIFixture()
        let answer = await request(fixture, method, path, json: body)
        #expect(answer.status == 400)
        #expect(answer.errorCode == code)
    }

    @Test("history dates and revisions at the ends of Int64 are answered")
    func historyDates() async throws {
        let fixture = try APIFixture()
        let bought = try await fixture.buy(StoreFixtures.lifetime)
        let path = "/inApps/v2/history/\(bought.id)"
        let whole = await fixture.get(path, [("startDate", "0"), ("endDate", String(Int64.max))])
        #expect(whole.status == 200)
        #expect(whole.transactionIDs == [String(bought.id)])
        #expect(await fixture.get(path, [("startDate", String(UInt64(Int64.max) + 1))]).errorCode == 4000015)
        #expect(await fixture.get(path, [("endDate", "1e308")]).errorCode == 4000016)
        #expect(await fixture.get(path, [("revision", String(repeating: "A", count: 40))]).errorCode == 4000005)
        #expect(await fixture.get("/inApps/v1/subscriptions/\(bought.id)", [("status", String(UInt64.max))]).errorCode == 4000031)
    }

    @Test("a 401 repeats nothing of the token raw: control characters in kid or bid are escaped")
    func refusalIsSanitised() async throws {
        let maker = TokenMaker()
        let fixture = try APIFixture(key: maker.registered)
        let bought = try await fixture.buy(StoreFixtures.lifetime)
        let path = "/inApps/v1/transactions/\(bought.id)"
        let now = fixture.clock.now()
        let otherKid = try maker.token(claims: maker.claims(now: now), header: ["alg": "ES256", "kid": "\u{1b}]0;owned\u{07}"])
        let otherApp = try maker.token(claims: maker.claims(now: now, bundleID: "app\u{1b}[2J\u{07}"))
        for token in [otherKid, otherApp] {
            let answer = await fixture.get(path, authorization: "Bearer " + token)
            #expect(answer.status == 401)
            let shown = answer.text + (answer.response.headers["WWW-Authenticate"] ?? "")
            #expect(!shown.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" }, "\(shown.debugDescription)")
            #expect(shown.contains("\\u{1b}"))
        }
    }
}

@Suite("Bearer tokens whose times are out of range")
struct TokenTimeTests {
    let maker = TokenMaker()
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func refusal(_ claims: [String: Any]) throws -> String? {
        let header = "Bearer " + (try maker.token(claims: claims))
        do {
            _ = try BearerToken.verify(authorization: header, key: maker.registered, now: now)
            return nil
        } catch {
            return error.description
        }
    }

    func claims(iat: Any?, exp: Any?) -> [String: Any] {
        var claims = maker.claims(now: now)
        claims["iat"] = iat
        claims["exp"] = exp
        return claims
    }

    @Test("an iat in the future is refused, even with a short life")
    func issuedInTheFuture() throws {
        let yearAhead = now.timeIntervalSince1970 + 365 * 86_400
        #expect(try refusal(claims(iat: Int(yearAhead), exp: Int(yearAhead) + 600)) == "the token's iat is in the future")
        #expect(try refusal(claims(iat: Int(now.timeIntervalSince1970) + 3600, exp: Int(now.timeIntervalSince1970) + 3700))
                == "the token's iat is in the future")
        // A client's clock a little ahead is tolerated.
        #expect(try refusal(claims(iat: Int(now.timeIntervalSince1970) + 30, exp: Int(now.timeIntervalSince1970) + 600)) == nil)
    }

    @Test("a life over 60 minutes is refused whatever iat says")
    func longLife() throws {
        let issued = Int(now.timeIntervalSince1970) - 10
        #expect(try refusal(claims(iat: issued, exp: issued + 3601)) == "the token is valid for more than 60 minutes")
        #expect(try refusal(claims(iat: nil, exp: Int(now.timeIntervalSince1970) + 7200)) == "the token is valid for more than 60 minutes")
    }

    @Test("times that are not times are refused, never trapped on", arguments: [
        (1e308, 1e308), (0.0, 1e308), (-1e308, 1e300), (Double(Int64.max), Double(Int64.max)), (1.8e9, 1.8e19),
    ])
    func absurdTimes(_ iat: Double, _ exp: Double) throws {
        #expect(try refusal(claims(iat: iat, exp: exp)) != nil)
    }

    @Test("an exp or iat that is not a number is refused")
    func notNumbers() throws {
        #expect(try refusal(claims(iat: nil, exp: "1800000300")) == "the token's exp must be a number of seconds since 1970, not a string")
        #expect(try refusal(claims(iat: "now", exp: Int(now.timeIntervalSince1970) + 300))
                == "the token's iat must be a number of seconds since 1970, not a string")
    }

    // JSONSerialization hands `true` back as an NSNumber, whose value is 1: read as a time, it
    // was 1970, and the token was refused as "valid for more than 60 minutes".
    @Test("a time that is true, false, null, a list or an object is named as such", arguments: ["iat", "exp", "nbf"])
    func booleans(_ name: String) throws {
        let exp = Int(now.timeIntervalSince1970) + 300
        for (value, what) in [(true as Any, "true"), (false, "false"), (NSNull(), "null"), ([1], "a list"), (["s": 1], "an object")] {
            var claims = claims(iat: Int(now.timeIntervalSince1970), exp: exp)
            claims[name] = value
            #expect(try refusal(claims) == "the token's \(name) must be a number of seconds since 1970, not \(what)")
        }
    }

    @Test("a number past what a time holds names the range")
    func outOfRange() throws {
        #expect(try refusal(claims(iat: nil, exp: 1e300)) == "the token's exp is not a time from 1970 to the year 9999")
        #expect(try refusal(claims(iat: -1, exp: Int(now.timeIntervalSince1970) + 300)) == "the token's iat is not a time from 1970 to the year 9999")
    }

    // Apple's page names no nbf; RFC 7519 §4.1.5 says a token must not be accepted before it,
    // with the same small leeway for clock skew as a future iat.
    @Test("a token whose nbf is in the future is not valid yet")
    func notBefore() throws {
        let seconds = Int(now.timeIntervalSince1970)
        var claims = claims(iat: seconds, exp: seconds + 300)
        claims["nbf"] = seconds + 120
        #expect(try refusal(claims) == "the token is not valid yet: its nbf is 120 seconds ahead of this machine's clock")
        claims["nbf"] = seconds + 30
        #expect(try refusal(claims) == nil)
        claims["nbf"] = seconds - 30
        #expect(try refusal(claims) == nil)
    }
}
