import Foundation
import MockStore

extension AppStoreServerAPI {
    /// Extend Subscription Renewal Dates for All Active Subscribers,
    /// `POST /inApps/v1/subscriptions/extend/mass` with `MassExtendRenewalDateRequest`
    /// {extendByDays 1–90, extendReasonCode 0–3, requestIdentifier (a UUID), productId,
    /// storefrontCountryCodes (optional)}: answers `MassExtendRenewalDateResponse`
    /// {requestIdentifier}; the store's rules (`AdminSession.extendRenewalDatesForAllActiveSubscribers`)
    /// extend the account's active subscription to the product and send RENEWAL_EXTENDED,
    /// RENEWAL_EXTENSION FAILURE and RENEWAL_EXTENSION SUMMARY. Errors: 4000000 (not a JSON
    /// object), 4000009, 4000010, 4000011, 4000023 (no productId, or not an auto-renewable
    /// product of the catalog), 4000027 (an empty storefront list), 4000028 (a storefront code
    /// that is none).
    func extendRenewalDatesForAllActiveSubscribers(body: Data, token: BearerToken?) async throws -> APIResponse {
        let request = try MassExtendRenewalDateRequest(body)
        _ = try await read(token: token) { _, _ in () }
        let done: MassRenewalExtension
        do {
            done = try await store.admin { session in
                try session.extendRenewalDatesForAllActiveSubscribers(
                    productID: request.productID, byDays: request.days, reasonCode: request.reasonCode,
                    requestIdentifier: request.requestIdentifier, storefronts: request.storefronts)
            }
        } catch let refusal as RenewalExtensionRefusal {
            throw APIError.invalidExtendByDays(refusal.description)
        } catch is MassRenewalExtensionRefusal {
            throw APIError.invalidProductID(request.productID)
        }
        return .json(MassExtendRenewalDateResponse(requestIdentifier: done.requestIdentifier))
    }

    /// Get Status of Subscription Renewal Date Extensions,
    /// `GET /inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}`: whether the
    /// request completed, when, and how many subscriptions were and were not extended. Errors:
    /// 4000011 (a request identifier that is not a UUID), 4040009 (no such request).
    func massExtensionStatus(productID: String, requestIdentifier: String, token: BearerToken?) async throws -> APIResponse {
        guard UUID(uuidString: requestIdentifier) != nil else {
            throw APIError.invalidRequestIdentifier("requestIdentifier must be a UUID: \(APIError.quoted(requestIdentifier)) is not one.")
        }
        let body = try await read(token: token) { records, _ in
            guard let found = try records.massExtension(productID: productID, requestIdentifier: requestIdentifier) else {
                throw APIError.statusRequestNotFound(productID, requestIdentifier)
            }
            return MassExtendRenewalDateStatusResponse(requestIdentifier: found.requestIdentifier, complete: found.completeDate != nil,
                                                       completeDate: found.completeDate.map(milliseconds),
                                                       succeededCount: found.succeededCount, failedCount: found.failedCount)
        }
        return .json(body)
    }
}

/// `MassExtendRenewalDateRequest`, checked field by field with Apple's codes.
struct MassExtendRenewalDateRequest: Sendable {
    var days: Int
    var reasonCode: Int
    var requestIdentifier: String
    var productID: String
    var storefronts: [String]?

    init(_ body: Data) throws(APIError) {
        guard let fields = try? JSONDecoder().decode(Fields.self, from: body) else {
            throw .generalBadRequest("The body is not a JSON object (MassExtendRenewalDateRequest).")
        }
        guard let days = fields.extendByDays, (1...90).contains(days) else {
            throw .invalidExtendByDays("extendByDays must be a whole number from 1 to 90.")
        }
        guard let reason = fields.extendReasonCode, (0...3).contains(reason) else {
            throw .invalidExtendReasonCode("extendReasonCode must be 0, 1, 2 or 3.")
        }
        guard let identifier = fields.requestIdentifier, UUID(uuidString: identifier) != nil else {
            throw .invalidRequestIdentifier("requestIdentifier must be a UUID.")
        }
        guard let product = fields.productId, !product.isEmpty else { throw .invalidProductID(fields.productId ?? "(missing)") }
        if let codes = fields.storefrontCountryCodes {
            guard let codes, !codes.isEmpty else {
                if codes == nil { throw .invalidStorefrontCountryCode("(not a list of strings)") }
                throw .invalidEmptyStorefrontCountryCodeList()
            }
            if let bad = codes.first(where: { Storefront(alpha3: $0) == nil }) { throw .invalidStorefrontCountryCode(bad) }
        }
        self.days = days
        self.reasonCode = reason
        self.requestIdentifier = identifier
        self.productID = product
        self.storefronts = fields.storefrontCountryCodes ?? nil
    }

    /// The body's fields; one of the wrong type reads as absent, so it gets its own error.
    /// `storefrontCountryCodes`: nil absent (or null), .some(nil) present but not a list of strings.
    private struct Fields: Decodable {
        var extendByDays: Int?
        var extendReasonCode: Int?
        var requestIdentifier: String?
        var productId: String?
        var storefrontCountryCodes: [String]??

        enum CodingKeys: String, CodingKey { case extendByDays, extendReasonCode, requestIdentifier, productId, storefrontCountryCodes }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            extendByDays = try? container.decodeIfPresent(Int.self, forKey: .extendByDays)
            extendReasonCode = try? container.decodeIfPresent(Int.self, forKey: .extendReasonCode)
            requestIdentifier = try? container.decodeIfPresent(String.self, forKey: .requestIdentifier)
            productId = try? container.decodeIfPresent(String.self, forKey: .productId)
            if container.contains(.storefrontCountryCodes), (try? container.decodeNil(forKey: .storefrontCountryCodes)) != true {
                storefrontCountryCodes = .some(try? container.decode([String].self, forKey: .storefrontCountryCodes))
            }
        }
    }
}
