import Foundation
import MockStore

extension AppStoreServerAPI {
    /// Get Transaction Info, `GET /inApps/v1/transactions/{transactionId}`: one transaction,
    /// signed. Errors: 4000006 (not a transaction id), 4000048 (the appTransactionId: this
    /// endpoint names one purchase), 4040010 (none with that id).
    func transactionInfo(_ text: String, token: BearerToken?) async throws -> APIResponse {
        let id = try Self.transactionID(text, orElse: APIError.invalidTransactionID)
        let body = try await read(token: token) { records, answering in
            try self.refuseAppTransactionID(id, text, records, answering)
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
            guard try self.isCustomers(id, records, answering) else { throw APIError.transactionIDNotFound(text) }
            guard let app = try records.appTransaction(for: device) else { throw APIError.appTransactionDoesNotExist() }
            return AppTransactionInfoResponse(signedAppTransactionInfo: try self.signer.signedAppTransaction(app))
        }
        return .json(body)
    }

    /// Finish Transaction, `POST /inApps/v1/transactions/{transactionId}/finish`: the developer's
    /// server has delivered what the customer bought, so the transaction is finished, as the
    /// app's `Transaction.finish()` would have finished it (Apple: an app that calls `finish()`
    /// need not call this). Finishing a finished transaction again is no error. Answers 200
    /// with no body. Errors: 4000006, 4000048 (the appTransactionId), 4040010.
    func finishTransaction(_ text: String, token: BearerToken?) async throws -> APIResponse {
        let id = try Self.transactionID(text, orElse: APIError.invalidTransactionID)
        _ = try await read(token: token) { records, answering in
            try self.refuseAppTransactionID(id, text, records, answering)
            guard try records.transaction(id) != nil else { throw APIError.transactionIDNotFound(text) }
        }
        try await store.admin { session in _ = try session.finishOnServer(id) }
        return APIResponse(status: 200, body: Data())
    }

    // MARK: - Any transaction id of the customer

    /// The customer's appTransactionId: the one every signed transaction carries.
    func appTransactionID(_ records: AccountRecords, _ answering: Answering) throws -> String {
        try records.appTransaction(for: store.device)?.appTransactionID ?? AppTransactionRecord.identifier(bundleID: answering.bundleID)
    }

    /// Whether `id` names the customer, as the endpoints that take "any transaction id" accept
    /// (Get Transaction History, Get All Subscription Statuses, Get Refund History, Get App
    /// Transaction Info): any transactionId or originalTransactionId, or the appTransactionId.
    func isCustomers(_ id: UInt64, _ records: AccountRecords, _ answering: Answering) throws -> Bool {
        try records.transaction(id) != nil || String(id) == appTransactionID(records, answering)
    }

    /// An endpoint about one purchase answers the appTransactionId with 4000048.
    func refuseAppTransactionID(_ id: UInt64, _ text: String, _ records: AccountRecords, _ answering: Answering) throws {
        if try records.transaction(id) == nil, String(id) == (try appTransactionID(records, answering)) {
            throw APIError.appTransactionIDNotSupported(text)
        }
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
