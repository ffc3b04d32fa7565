import Foundation
import MockStore

extension AppStoreServerAPI {
    /// Get Transaction History, `GET /inApps/v2/history/{transactionId}` (and the deprecated
    /// V1, which leaves out consumables the app finished unless refunded).
    ///
    /// Apple: V2 returns every product type (consumables included) in any state: refunded,
    /// revoked, finished or not. Up to 20 per response, sorted by the date the App Store last
    /// changed each transaction (here: its signing, or its refund if later), `ASCENDING` unless
    /// `sort=DESCENDING`; `hasMore` says whether another page follows; `revision` asks for it,
    /// with the same query parameters. The revision of the last page, kept, later returns only
    /// what changed since. The `{transactionId}` is any of the customer's, or its
    /// appTransactionId (a ledger is one customer): it must exist.
    func transactionHistory(_ text: String, version: Int, request: APIRequest, token: BearerToken?) async throws -> APIResponse {
        let id = try Self.transactionID(text, orElse: APIError.invalidTransactionID)
        let query = try HistoryQuery(request, version: version)
        let revision = request.values("revision").last
        let body = try await read(token: token) { records, answering -> HistoryResponse in
            guard try self.isCustomers(id, records, answering) else { throw APIError.transactionIDNotFound(text) }
            let identity = self.store.ledger.path + " " + (try records.identity())
            let after: PageToken?
            if let revision {
                guard let token = PageToken(revision, ledger: identity, query: query.canonical) else {
                    throw APIError.invalidRevision("This revision was not made by this server for this ledger and these query parameters; repeat the first request's parameters, or start again without a revision.")
                }
                after = token
            } else {
                after = nil
            }
            let keys = try self.history.keys(in: records)
            let page = HistoryIndex.page(of: keys, query: query, after: after, size: Self.pageSize)
            let transactions = try records.transactions(page.keys.map(\.id))
            let last = page.keys.last.map { PageToken(key: $0.modifiedDate.timeIntervalSince1970, id: $0.id) }
                ?? after ?? (query.descending ? PageToken(key: .infinity, id: .max) : PageToken(key: -.infinity, id: 0))
            return HistoryResponse(revision: last.encoded(ledger: identity, query: query.canonical), hasMore: page.hasMore,
                                   bundleId: answering.bundleID, environment: answering.environment,
                                   signedTransactions: try transactions.map(self.signed))
        }
        return .json(body)
    }
}
