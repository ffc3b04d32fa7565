import Foundation
import MockStore

extension AppStoreServerAPI {
    /// Set App Account Token, `PUT /inApps/v1/transactions/{originalTransactionId}/appAccountToken`
    /// with `UpdateAppAccountTokenRequest` {appAccountToken: a UUID}: the purchase's transactions
    /// carry the token from now on (`AdminSession.setAppAccountToken`). Answers 200 with no body.
    /// Errors: 4000000 (a body that is not a JSON object), 4000008 (not a transaction id),
    /// 4000048 (the appTransactionId), 4000183 (not a UUID), 4000185 (family shared), 4000187 (a renewal's id), 4040005 (none).
    func setAppAccountToken(_ text: String, body: Data, token: BearerToken?) async throws -> APIResponse {
        let id = try Self.transactionID(text, orElse: APIError.invalidOriginalTransactionID)
        let appAccountToken = try Self.appAccountToken(in: body)
        _ = try await read(token: token) { records, answering in try self.refuseAppTransactionID(id, text, records, answering) }
        do {
            _ = try await store.admin { session in try session.setAppAccountToken(appAccountToken, originalTransactionID: id) }
        } catch let refusal as AppAccountTokenRefusal {
            switch refusal {
            case .notFound: throw APIError.originalTransactionIDNotFound(text)
            case .notOriginal: throw APIError.transactionIDIsNotOriginal(text)
            case .familyShared: throw APIError.familyTransactionNotSupported(refusal.description)
            }
        }
        return APIResponse(status: 200, body: Data())
    }

    /// `UpdateAppAccountTokenRequest`'s token: a JSON object whose `appAccountToken` is a UUID
    /// string (in any case, as Apple's libraries send them).
    static func appAccountToken(in body: Data) throws(APIError) -> UUID {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw .generalBadRequest("The body is not a JSON object (UpdateAppAccountTokenRequest).")
        }
        guard let text = object["appAccountToken"] as? String, let uuid = UUID(uuidString: text) else {
            throw .invalidAppAccountTokenUUID(object["appAccountToken"].map { String(describing: $0) } ?? "(missing)")
        }
        return uuid
    }
}
