import Foundation
import MockStore

/// The bodies of Send Consumption Information, checked as Apple checks them: each field in
/// turn, the first at fault answered with its error (Apple's code and message, and what was
/// wrong). A field of the wrong JSON type is invalid like a wrong value.
enum ConsumptionBody {
    /// `ConsumptionRequest` (the current endpoint): `customerConsented` true (4000035),
    /// `sampleContentProvided` a Boolean (4000041), `deliveryStatus` one of Apple's five
    /// (4000036), optional `refundPreference` (4000044), optional `consumptionPercentage` in
    /// milliunits 0–100000: not for an auto-renewable subscription (4000209), within range
    /// (ConsumptionPercentageOutOfRangeError), 0 unless delivered
    /// (UndeliveredConsumptionPercentageNonZeroError).
    static func version2(_ body: Data, productType: ProductType) throws(APIError) -> ConsumptionInformation {
        let fields = try object(body, "ConsumptionRequest")
        try consented(fields)
        guard case .bool(let sample)? = fields["sampleContentProvided"] else {
            throw .invalidSampleContentProvided(shown(fields["sampleContentProvided"]))
        }
        guard case .string(let delivery)? = fields["deliveryStatus"], deliveryStatuses.contains(delivery) else {
            throw .invalidDeliveryStatus(shown(fields["deliveryStatus"]) + "; use " + deliveryStatuses.joined(separator: ", "))
        }
        var preference: ConsumptionInformation.Preference?
        if let value = present(fields["refundPreference"]) {
            guard case .string(let text) = value, let known = ConsumptionInformation.Preference(rawValue: text) else {
                throw .invalidRefundPreference(shown(value) + "; use GRANT_FULL, GRANT_PRORATED or DECLINE")
            }
            preference = known
        }
        var consumed: Int?
        if let value = present(fields["consumptionPercentage"]) {
            if productType == .autoRenewable { throw .consumptionPercentageAutoRenewableSubscription() }
            guard case .int(let percentage) = value, (0...100_000).contains(percentage) else {
                throw .consumptionPercentageOutOfRange(shown(value))
            }
            if delivery != "DELIVERED", percentage != 0 { throw .undeliveredConsumptionPercentageNonZero(delivery, percentage) }
            consumed = percentage
        }
        var record: [String: Any] = ["customerConsented": true, "sampleContentProvided": sample, "deliveryStatus": delivery]
        record["refundPreference"] = preference?.rawValue
        record["consumptionPercentage"] = consumed
        return ConsumptionInformation(version: 2, preference: preference, delivered: delivery == "DELIVERED",
                                      consumedMillipercent: consumed, body: json(record))
    }

    /// `ConsumptionRequestV1`: every field required but `refundPreference`, each an integer in
    /// its documented range, `appAccountToken` a UUID or "" (codes 4000032–4000042, 4000044).
    static func version1(_ body: Data) throws(APIError) -> ConsumptionInformation {
        let fields = try object(body, "ConsumptionRequestV1")
        try consented(fields)
        var record: [String: Any] = ["customerConsented": true]
        func integer(_ name: String, _ range: ClosedRange<Int>, _ error: (String) -> APIError) throws(APIError) -> Int {
            guard case .int(let value)? = fields[name], range.contains(value) else {
                throw error(shown(fields[name]) + "; \(name) is an integer from \(range.lowerBound) to \(range.upperBound)")
            }
            record[name] = value
            return value
        }
        _ = try integer("accountTenure", 0...7, APIError.invalidAccountTenure)
        guard case .string(let token)? = fields["appAccountToken"], token.isEmpty || UUID(uuidString: token) != nil else {
            throw .invalidAppAccountToken(shown(fields["appAccountToken"]) + "; use the transaction's UUID or an empty string")
        }
        record["appAccountToken"] = token
        let consumption = try integer("consumptionStatus", 0...3, APIError.invalidConsumptionStatus)
        let delivery = try integer("deliveryStatus", 0...5, APIError.invalidDeliveryStatus)
        _ = try integer("lifetimeDollarsPurchased", 0...7, APIError.invalidLifetimeDollarsPurchased)
        _ = try integer("lifetimeDollarsRefunded", 0...7, APIError.invalidLifetimeDollarsRefunded)
        _ = try integer("platform", 0...2, APIError.invalidPlatform)
        _ = try integer("playTime", 0...7, APIError.invalidPlayTime)
        var preference: ConsumptionInformation.Preference?
        if present(fields["refundPreference"]) != nil {
            // 1 PREFER_GRANT, 2 PREFER_DECLINE; 0 UNDECLARED and 3 NO_PREFERENCE state none.
            switch try integer("refundPreference", 0...3, APIError.invalidRefundPreference) {
            case 1: preference = .grantFull
            case 2: preference = .decline
            default: preference = nil
            }
        }
        guard case .bool(let sample)? = fields["sampleContentProvided"] else {
            throw .invalidSampleContentProvided(shown(fields["sampleContentProvided"]))
        }
        record["sampleContentProvided"] = sample
        _ = try integer("userStatus", 0...4, APIError.invalidUserStatus)
        // consumptionStatus: 1 not consumed, 2 partially (read as half: ours), 3 fully; 0 undeclared.
        let consumed: Int?
        switch consumption {
        case 1: consumed = 0
        case 2: consumed = 50_000
        case 3: consumed = 100_000
        default: consumed = nil
        }
        return ConsumptionInformation(version: 1, preference: preference, delivered: delivery == 0,
                                      consumedMillipercent: consumed, body: json(record))
    }

    static let deliveryStatuses = ["DELIVERED", "UNDELIVERED_QUALITY_ISSUE", "UNDELIVERED_WRONG_ITEM",
                                   "UNDELIVERED_SERVER_OUTAGE", "UNDELIVERED_OTHER"]

    /// A JSON value of the body, its type kept: `true` is not 1, 1.5 is not an integer.
    enum Value: Decodable, Sendable {
        case null, bool(Bool), int(Int), number(Double), string(String), other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let value = try? container.decode(Bool.self) { self = .bool(value) }
            else if let value = try? container.decode(Int.self) { self = .int(value) }
            else if let value = try? container.decode(Double.self) { self = .number(value) }
            else if let value = try? container.decode(String.self) { self = .string(value) }
            else { self = .other }
        }
    }

    static func object(_ body: Data, _ name: String) throws(APIError) -> [String: Value] {
        guard let fields = try? JSONDecoder().decode([String: Value].self, from: body) else {
            throw .generalBadRequest("The body is not a JSON object (\(name)).")
        }
        return fields
    }

    static func consented(_ fields: [String: Value]) throws(APIError) {
        guard case .bool(true)? = fields["customerConsented"] else { throw .invalidCustomerConsented(shown(fields["customerConsented"])) }
    }

    /// A field that is there and not null.
    static func present(_ value: Value?) -> Value? {
        if case .null? = value { return nil }
        return value
    }

    /// What a message says the client sent.
    static func shown(_ value: Value?) -> String {
        switch value {
        case nil: "it is missing"
        case .null?: "it is null"
        case .bool(let flag)?: "got \(flag)"
        case .int(let number)?: "got \(number)"
        case .number(let number)?: "got \(number)"
        case .string(let text)?: "got \(APIError.quoted(text))"
        case .other?: "got an array or object"
        }
    }

    static func json(_ record: [String: Any]) -> String {
        (try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// The errors of Send Consumption Information. Codes and messages are Apple's (the error
/// objects of the App Store Server API); the two errors whose code Apple's pages do not give
/// (ConsumptionPercentageOutOfRangeError, UndeliveredConsumptionPercentageNonZeroError) answer
/// with the general 4000000 and name themselves (ours, docs/server.md).
extension APIError {
    static func invalidAccountTenure(_ detail: String) -> APIError { field(4000032, "account tenure", detail) }
    static func invalidAppAccountToken(_ detail: String) -> APIError { field(4000033, "app account token", detail) }
    static func invalidConsumptionStatus(_ detail: String) -> APIError { field(4000034, "consumption status", detail) }
    static func invalidCustomerConsented(_ detail: String) -> APIError {
        .init(status: 400, code: 4000035, message: "Invalid request. The customer consented field is required and must indicate the customer consented: \(detail).")
    }
    static func invalidDeliveryStatus(_ detail: String) -> APIError { field(4000036, "delivery status", detail) }
    static func invalidLifetimeDollarsPurchased(_ detail: String) -> APIError { field(4000037, "lifetime dollars purchased", detail) }
    static func invalidLifetimeDollarsRefunded(_ detail: String) -> APIError { field(4000038, "lifetime dollars refunded", detail) }
    static func invalidPlatform(_ detail: String) -> APIError { field(4000039, "platform", detail) }
    static func invalidPlayTime(_ detail: String) -> APIError { field(4000040, "play time", detail) }
    static func invalidSampleContentProvided(_ detail: String) -> APIError { field(4000041, "sample content provided", detail) }
    static func invalidUserStatus(_ detail: String) -> APIError { field(4000042, "user status", detail) }
    static func invalidRefundPreference(_ detail: String) -> APIError { field(4000044, "refund preference", detail) }
    static func invalidTransactionTypeNotSupported(_ id: String, _ type: ProductType) -> APIError {
        .init(status: 400, code: 4000047, message: "Invalid request. The transaction id \(quoted(id)) is a \(type), which Send Consumption Information V1 does not support; it takes consumables and auto-renewable subscriptions.")
    }
    static func appTransactionIDNotSupported() -> APIError {
        .init(status: 400, code: 4000048, message: "Invalid request. App transactions aren't supported by this endpoint: send the transactionId of the CONSUMPTION_REQUEST notification.")
    }
    static func consumptionPercentageAutoRenewableSubscription() -> APIError {
        .init(status: 400, code: 4000209, message: "Invalid request. The consumption percentage field is not supported for auto-renewable subscription transactions.")
    }
    static func consumptionPercentageOutOfRange(_ detail: String) -> APIError {
        .init(status: 400, code: 4000000, message: "Bad request. ConsumptionPercentageOutOfRangeError: consumptionPercentage is an integer in milliunits from 0 to 100000; \(detail).")
    }
    static func undeliveredConsumptionPercentageNonZero(_ delivery: String, _ percentage: Int) -> APIError {
        .init(status: 400, code: 4000000, message: "Bad request. UndeliveredConsumptionPercentageNonZeroError: consumptionPercentage must be 0 when deliveryStatus is \(delivery); got \(percentage).")
    }

    private static func field(_ code: Int, _ name: String, _ detail: String) -> APIError {
        .init(status: 400, code: code, message: "Invalid request. The \(name) field is invalid: \(detail).")
    }
}
