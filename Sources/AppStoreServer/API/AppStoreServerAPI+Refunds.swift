import Foundation
import MockStore

extension AppStoreServerAPI {
    /// Get Refund History, `GET /inApps/v2/refund/lookup/{transactionId}`: the customer's
    /// refunded transactions of any product type, in ascending order of `revocationDate`, up to 20
    /// per response; `hasMore` says whether more follow and `revision` asks for them. The
    /// revision of the last page, kept, later returns only refunds made since (Apple's advice).
    /// The `{transactionId}` is any of the customer's, or its appTransactionId (a ledger is one
    /// customer): it must exist.
    /// Errors: 4000005 (a revision not made for this ledger), 4000006, 4040010.
    func refundHistory(_ text: String, request: APIRequest, token: BearerToken?) async throws -> APIResponse {
        let id = try Self.transactionID(text, orElse: APIError.invalidTransactionID)
        let revision = request.values("revision").last
        let body = try await read(token: token) { records, answering -> RefundHistoryResponse in
            guard try self.isCustomers(id, records, answering) else { throw APIError.transactionIDNotFound(text) }
            let identity = self.store.ledger.path + " " + (try records.identity())
            var after: PageToken?
            if let revision {
                guard let token = PageToken(revision, ledger: identity, query: Self.refundQuery) else {
                    throw APIError.invalidRevision("This revision was not made by this server's Get Refund History for this ledger; start again without a revision.")
                }
                after = token
            }
            let found = try records.refunds(after: after.map { (date: $0.key, id: $0.id) }, limit: Self.pageSize + 1)
            let page = found.prefix(Self.pageSize)
            let last = page.last.map { PageToken(key: $0.revocationDate?.timeIntervalSince1970 ?? 0, id: $0.id) }
                ?? after ?? PageToken(key: -.infinity, id: 0)
            return RefundHistoryResponse(signedTransactions: try page.map(self.signed),
                                         revision: last.encoded(ledger: identity, query: Self.refundQuery),
                                         hasMore: found.count > Self.pageSize)
        }
        return .json(body)
    }

    /// What a refund history revision is bound to: it has no query parameters besides itself.
    static let refundQuery = "refund history"
}
