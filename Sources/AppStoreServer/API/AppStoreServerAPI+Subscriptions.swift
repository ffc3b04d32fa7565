import Foundation
import MockStore

extension AppStoreServerAPI {
    /// Get All Subscription Statuses, `GET /inApps/v1/subscriptions/{transactionId}`: for each
    /// subscription group the customer has had, its subscription's status (1 active, 2 expired,
    /// 3 billing retry, 4 grace period, 5 revoked), latest transaction and renewal info.
    /// `status` (repeatable) keeps only those statuses; a group left with none is left out.
    /// The `{transactionId}` is any of the customer's, or its appTransactionId.
    func subscriptionStatuses(_ text: String, request: APIRequest, token: BearerToken?) async throws -> APIResponse {
        let id = try Self.transactionID(text, orElse: APIError.invalidTransactionID)
        var wanted: Set<Int> = []
        for value in request.values("status") {
            guard let status = Int(value), (1...5).contains(status) else { throw APIError.invalidStatus(value) }
            wanted.insert(status)
        }
        let body = try await read(token: token) { [wanted] records, answering -> StatusResponse in
            guard try self.isCustomers(id, records, answering) else { throw APIError.transactionIDNotFound(text) }
            var groups: [SubscriptionGroupIdentifierItem] = []
            for status in try records.statuses() {
                let code = Self.statusCode(status.state)
                guard wanted.isEmpty || wanted.contains(code) else { continue }
                let item = LastTransactionsItem(
                    status: code, originalTransactionId: String(status.renewalInfo.originalTransactionID),
                    signedTransactionInfo: try self.signed(status.transaction), signedRenewalInfo: try self.signed(status))
                groups.append(SubscriptionGroupIdentifierItem(subscriptionGroupIdentifier: status.subscriptionGroupID, lastTransactions: [item]))
            }
            return StatusResponse(environment: answering.environment, bundleId: answering.bundleID, data: groups)
        }
        return .json(body)
    }

    /// Apple's `status` numbers.
    static func statusCode(_ state: RenewalState) -> Int {
        switch state {
        case .subscribed: 1
        case .expired: 2
        case .inBillingRetryPeriod: 3
        case .inGracePeriod: 4
        case .revoked: 5
        default: 2
        }
    }

    /// Extend a Subscription Renewal Date, `PUT /inApps/v1/subscriptions/extend/{originalTransactionId}`
    /// with `ExtendRenewalDateRequest` {extendByDays 1–90, extendReasonCode 0–3,
    /// requestIdentifier}. The store's rules (`AdminSession.extendRenewalDate`) refuse what Apple
    /// refuses: 4030004 ineligible (free offer period, billing retry, grace, expired, revoked),
    /// 4030005 two extensions in 365 days already, 4030007 family shared, 4040005 no such
    /// original transaction; and 4000048 for the appTransactionId.
    func extendRenewalDate(_ text: String, body: Data, token: BearerToken?) async throws -> APIResponse {
        let id = try Self.transactionID(text, orElse: APIError.invalidOriginalTransactionID)
        let request = try ExtendRenewalDateRequest(body)
        _ = try await read(token: token) { records, answering in try self.refuseAppTransactionID(id, text, records, answering) }
        let extended: RenewalExtension
        do {
            extended = try await store.admin { session in
                try session.extendRenewalDate(originalTransactionID: id, byDays: request.days, reasonCode: request.reasonCode,
                                              requestIdentifier: request.requestIdentifier)
            }
        } catch let refusal as RenewalExtensionRefusal {
            switch refusal {
            case .invalidDays: throw APIError.invalidExtendByDays(refusal.description)
            case .notFound, .notOriginal: throw APIError.originalTransactionIDNotFound(text)
            case .familyShared: throw APIError.familySharedSubscriptionExtensionIneligible(refusal.description)
            case .ineligible: throw APIError.subscriptionExtensionIneligible(refusal.description)
            case .maximumReached: throw APIError.subscriptionMaxExtension(refusal.description)
            }
        }
        return .json(ExtendRenewalDateResponse(originalTransactionId: String(extended.originalTransactionID),
                                               webOrderLineItemId: extended.webOrderLineItemID, success: true,
                                               effectiveDate: milliseconds(extended.effectiveDate)))
    }
}

/// `ExtendRenewalDateRequest`, checked: 4000000 for a body that is not a JSON object, 4000009,
/// 4000010, 4000011 for each field.
struct ExtendRenewalDateRequest: Sendable {
    var days: Int
    var reasonCode: Int
    var requestIdentifier: String

    init(_ body: Data) throws(APIError) {
        guard let fields = try? JSONDecoder().decode(Fields.self, from: body) else {
            throw .generalBadRequest("The body is not a JSON object (ExtendRenewalDateRequest).")
        }
        guard let days = fields.extendByDays, (1...90).contains(days) else {
            throw .invalidExtendByDays("extendByDays must be a whole number from 1 to 90.")
        }
        guard let reason = fields.extendReasonCode, (0...3).contains(reason) else {
            throw .invalidExtendReasonCode("extendReasonCode must be 0, 1, 2 or 3.")
        }
        guard let identifier = fields.requestIdentifier, !identifier.isEmpty, identifier.count <= 128 else {
            throw .invalidRequestIdentifier("requestIdentifier must be a string of 1 to 128 characters.")
        }
        self.days = days
        self.reasonCode = reason
        self.requestIdentifier = identifier
    }

    /// The body's fields; one of the wrong type reads as absent, so it gets its own error.
    private struct Fields: Decodable {
        var extendByDays: Int?
        var extendReasonCode: Int?
        var requestIdentifier: String?

        enum CodingKeys: String, CodingKey { case extendByDays, extendReasonCode, requestIdentifier }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            extendByDays = try? container.decodeIfPresent(Int.self, forKey: .extendByDays)
            extendReasonCode = try? container.decodeIfPresent(Int.self, forKey: .extendReasonCode)
            requestIdentifier = try? container.decodeIfPresent(String.self, forKey: .requestIdentifier)
        }
    }
}
