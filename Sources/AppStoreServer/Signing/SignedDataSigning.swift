import Foundation
import MockStore

/// What turns the store's records into the App Store's signed data: compact JWS strings (ES256,
/// with an `x5c` certificate chain) over the payloads Apple documents. The notification courier
/// and the App Store Server API sign through this, so either can be tested with a stand-in.
public protocol SignedDataSigning: Sendable {
    /// A `JWSTransaction`: the transaction as `JWSTransactionDecodedPayload`.
    func signedTransaction(_ transaction: MockStore.Transaction) throws -> String
    /// A `JWSRenewalInfo`: the subscription's renewal info as `JWSRenewalInfoDecodedPayload`.
    func signedRenewalInfo(_ status: SubscriptionStatus) throws -> String
    /// A signed `AppTransaction`.
    func signedAppTransaction(_ record: AppTransactionRecord) throws -> String
    /// Signs a payload already in the App Store's JSON (a notification's
    /// `ResponseBodyV2DecodedPayload`).
    func sign(payload: Data) throws -> String
}
