import Foundation

/// A value that has a JSON form with the App Store's field names (`jsonRepresentation`).
protocol JSONPayload {
    var jsonRepresentation: Data { get }
}

/// The compact JWS form of a payload (`jwsRepresentation`): header, payload and signature,
/// each base64url-encoded.
///
/// Unsigned (`"alg": "none"`, an empty signature): nothing on this machine holds an App Store
/// key, and a made-up signature would pass for one. Code that checks signatures itself sees an
/// unsigned value, which is the truth; `VerificationResult` still says `.verified` or
/// `.unverified` as the store decided.
struct SignedForm {
    let header: Data
    let payload: Data
    let signature = Data()

    init(_ value: some JSONPayload) {
        header = Data(#"{"alg":"none","typ":"JWT"}"#.utf8)
        payload = value.jsonRepresentation
    }

    var signedData: Data { Data("\(header.base64URL).\(payload.base64URL)".utf8) }
    var compact: String { "\(header.base64URL).\(payload.base64URL).\(signature.base64URL)" }
}

extension Data {
    var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// Builds the App Store's JSON payloads: dates in milliseconds since 1970, keys sorted so the
/// same value always gives the same bytes.
struct PayloadJSON {
    private var fields: [String: Any] = [:]

    mutating func set(_ key: String, _ value: String?) { if let value { fields[key] = value } }
    mutating func set(_ key: String, _ value: Int?) { if let value { fields[key] = value } }
    mutating func set(_ key: String, _ value: UInt64?) { if let value { fields[key] = value } }
    mutating func set(_ key: String, _ value: Bool?) { if let value { fields[key] = value } }
    mutating func set(_ key: String, _ value: [String]?) { if let value { fields[key] = value } }
    mutating func set(_ key: String, _ date: Date?) {
        if let date { fields[key] = Int64((date.timeIntervalSince1970 * 1000).rounded()) }
    }
    /// A price in milliunits of the currency, as the App Store writes it (4.99 → 4990).
    mutating func set(_ key: String, price: Decimal?) {
        if let price { fields[key] = NSDecimalNumber(decimal: price * 1000).rounding(accordingToBehavior: nil).int64Value }
    }

    var data: Data {
        (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }
}
