import Foundation
import MockStore

extension AppStoreServerAPI {
    /// Get Transaction Info, `GET /inApps/v1/transactions/{transactionId}`: one transaction,
    /// signed. Errors: 4000006 (not a transaction id), 4040010 (none with that id).
    func transactionInfo(_ text: String, token: BearerToken?) async throws -> APIResponse {
        let id = try Self.transactionID(text, orElse: APIError.invalidTransactionID)
        let body = try await read(token: token) { records, _ in
            guard let transaction = try records.transaction(id) else { throw APIError.transactionIDNotFound(text) }
            return TransactionInfoResponse(signedTransactionInfo: try self.signed(transaction))
        }
        return .json(body)
    }

    /// Get App Transaction Info, `GET /inApps/v1/transactions/appTransactions/{transactionId}`:
    /// the customer's app transaction, signed. Apple takes any transactionId,
    /// originalTransactionId or appTransactionId of the customer; the ledger's appTransactionId
    /// is the one every signed transaction carries. Errors: 4000006 (not a transaction id),
    /// 4040010 (none of the customer's), 4040019 (no app transaction: no app launched yet).
    func appTransactionInfo(_ text: String, token: BearerToken?) async throws -> APIResponse {
        let id = try Self.transactionID(text, orElse: APIError.invalidTransactionID)
        let device = store.device
        let body = try await read(token: token) { records, answering in
            let app = try records.appTransaction(for: device)
            let appTransactionID = app?.appTransactionID ?? AppTransactionRecord.identifier(bundleID: answering.bundleID)
            guard try String(id) == appTransactionID || records.transaction(id) != nil else {
                throw APIError.transactionIDNotFound(text)
            }
            guard let app else { throw APIError.appTransactionDoesNotExist() }
            return AppTransactionInfoResponse(signedAppTransactionInfo: try self.signer.signedAppTransaction(app))
        }
        return .json(body)
    }

    /// Look Up Order ID, `GET /inApps/v1/lookup/{orderId}`: the transactions of the receipt
    /// with that order ID (`OrderID`: one transaction per order in Tollbooth). An order ID that
    /// names nothing is not an error: `status` 1 and no transactions, as Apple answers.
    func lookUpOrderID(_ orderID: String, token: BearerToken?) async throws -> APIResponse {
        let id = OrderID.transactionID(orderID)
        let body = try await read(token: token) { records, _ in
            guard let id, let transaction = try records.transaction(id) else {
                return OrderLookupResponse(status: 1, signedTransactions: [])
            }
            return OrderLookupResponse(status: 0, signedTransactions: [try self.signed(transaction)])
        }
        return .json(body)
    }
}
