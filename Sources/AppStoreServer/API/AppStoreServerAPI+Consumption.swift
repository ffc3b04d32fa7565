import Foundation
import MockStore

extension AppStoreServerAPI {
    /// Send Consumption Information, `PUT /inApps/v2/transactions/consumption/{transactionId}`
    /// with `ConsumptionRequest` (version 2), and Send Consumption Information V1,
    /// `PUT /inApps/v1/transactions/consumption/{transactionId}` with `ConsumptionRequestV1`
    /// (version 1): the body is checked field by field with Apple's error codes
    /// (`ConsumptionBody`), recorded on the transaction's open refund request
    /// (`AdminSession.recordConsumption`), and answered 202 with no body, as Apple does.
    /// Errors: 4000006 (not a transaction id), 4040010 (none), 4000048 (the appTransactionId),
    /// 4000185 (family shared),
    /// 4000047 (V1: not a consumable or auto-renewable subscription), the body's codes, and
    /// 4000000 when no refund request is open (ours: Apple documents no error for an answer it
    /// did not ask for).
    func sendConsumptionInformation(_ text: String, version: Int, body: Data, token: BearerToken?) async throws -> APIResponse {
        let id = try Self.transactionID(text, orElse: APIError.invalidTransactionID)
        let device = store.device
        let transaction = try await read(token: token) { records, answering -> MockStore.Transaction in
            if let transaction = try records.transaction(id) { return transaction }
            // Apple's endpoint takes a transaction's id, not the app transaction's (4000048).
            let app = try records.appTransaction(for: device)
            if String(id) == app?.appTransactionID ?? AppTransactionRecord.identifier(bundleID: answering.bundleID) {
                throw APIError.appTransactionIDNotSupported()
            }
            throw APIError.transactionIDNotFound(text)
        }
        if transaction.ownershipType == .familyShared {
            throw APIError.familyTransactionNotSupported("transaction \(text) is a family member's shared purchase")
        }
        if version == 1, transaction.productType != .consumable, transaction.productType != .autoRenewable {
            throw APIError.invalidTransactionTypeNotSupported(text, transaction.productType)
        }
        let info = version == 1 ? try ConsumptionBody.version1(body) : try ConsumptionBody.version2(body, productType: transaction.productType)
        do {
            _ = try await store.admin { session in try session.recordConsumption(id, info) }
        } catch let refusal as ConsumptionRefusal {
            switch refusal {
            case .notFound: throw APIError.transactionIDNotFound(text)
            case .familyShared: throw APIError.familyTransactionNotSupported(refusal.description)
            case .typeNotSupported(_, let type): throw APIError.invalidTransactionTypeNotSupported(text, type)
            case .noOpenRequest: throw APIError.generalBadRequest("No consumption request is open: \(refusal.description).")
            }
        }
        return APIResponse(status: 202, body: Data())
    }
}
