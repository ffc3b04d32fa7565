import Foundation

/// A bearer token's time claims (`exp`, `iat`, `nbf`) as the JSON wrote them.
///
/// Read with `JSONDecoder`, not from `JSONSerialization`'s dictionary: that hands `true` back as
/// an `NSNumber` whose value is 1, so `"iat": true` was read as 1970 and refused as "valid for
/// more than 60 minutes". Here a boolean, a string or null is named as what it is.
struct TokenTimes: Decodable {
    var exp: Claim?
    var iat: Claim?
    var nbf: Claim?

    private enum CodingKeys: String, CodingKey { case exp, iat, nbf }

    init(from decoder: any Decoder) throws {
        let claims = try decoder.container(keyedBy: CodingKeys.self)
        // Not `decodeIfPresent`, which reads `"exp": null` as no exp at all.
        func claim(_ key: CodingKeys) throws -> Claim? {
            guard claims.contains(key) else { return nil }
            return try claims.decodeNil(forKey: key) ? .notANumber("null") : claims.decode(Claim.self, forKey: key)
        }
        exp = try claim(.exp)
        iat = try claim(.iat)
        nbf = try claim(.nbf)
    }

    init(_ claims: Data) throws(BearerToken.Refusal) {
        do {
            self = try JSONDecoder().decode(TokenTimes.self, from: claims)
        } catch {
            // The claims were already read as a JSON object; only an odd nesting could fail here.
            throw BearerToken.Refusal("the token's claims are not a JSON object")
        }
    }

    /// One time claim: a number, or what was written instead.
    enum Claim: Decodable {
        case seconds(Double)
        /// "true", "a string", "null"…: what the claim holds instead of a number.
        case notANumber(String)
        /// A number too large for a Double (`1e400`).
        case outOfRange

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let flag = try? value.decode(Bool.self) {
                self = .notANumber(flag ? "true" : "false")
            } else if let seconds = try? value.decode(Double.self) {
                self = .seconds(seconds)
            } else if (try? value.decode(String.self)) != nil {
                self = .notANumber("a string")
            } else if (try? decoder.unkeyedContainer()) != nil {
                self = .notANumber("a list")
            } else if (try? decoder.container(keyedBy: AnyKey.self)) != nil {
                self = .notANumber("an object")
            } else {
                self = .outOfRange
            }
        }

        /// Any key: an object is named as one, whatever it holds.
        private struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        /// The claim's date: a finite number of seconds since 1970, from 0 to the year 9999.
        func date(_ name: String) throws(BearerToken.Refusal) -> Date {
            switch self {
            case .notANumber(let what):
                throw BearerToken.Refusal("the token's \(name) must be a number of seconds since 1970, not \(what)")
            case .seconds(let seconds) where seconds.isFinite && (0...253_402_300_799).contains(seconds):
                return Date(timeIntervalSince1970: seconds)
            case .seconds, .outOfRange:
                throw BearerToken.Refusal("the token's \(name) is not a time from 1970 to the year 9999")
            }
        }
    }
}
