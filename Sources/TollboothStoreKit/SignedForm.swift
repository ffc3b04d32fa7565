import AppStoreServer
import Foundation
import MockStore
import Synchronization

/// A value that has a JSON form with the App Store's field names (`jsonRepresentation`) and a
/// signed form (`jwsRepresentation`), as transactions, renewal infos and the app transaction do.
protocol JSONPayload {
    var jsonRepresentation: Data { get }
    /// Where the value says it comes from (environment and bundle ID).
    var signedDataContext: SignedDataContext { get }
}

/// The signed form of a value (`VerificationResult.jwsRepresentation` and its parts): a compact
/// JWS by the state directory's test authority (`AppStoreSigner`), whose signature verifies
/// exactly when the store handed the value out `.verified`.
///
/// StoreKit's properties do not throw. When the authority cannot be read or made (a home that
/// cannot be written), the failure is reported once per process, on standard error and in the
/// store's event log, and the form is left unsigned (`"alg":"none"`, no signature), which no
/// verifier accepts.
enum SignedForm {
    /// The authority's folder for this scope; nil: the state directory's (tests set their own).
    @TaskLocal static var directory: String?

    private static let told = Mutex(false)

    static func of(_ value: some JSONPayload, verified: Bool) -> CompactJWS {
        let payload = value.jsonRepresentation
        do {
            let signer = try AppStoreSigner.shared(context: value.signedDataContext,
                                                   directory: directory ?? TestAuthority.defaultDirectory())
            return signer.jws(payload: payload, valid: verified)
        } catch {
            if told.withLock({ told in defer { told = true }; return !told }) {
                StoreKitReport.failure(error, during: "signing a value (jwsRepresentation)", connection: try? AppStoreHost.current())
            }
            return CompactJWS(header: Data(#"{"alg":"none"}"#.utf8), payload: payload, signature: Data())
        }
    }
}

extension VerificationResult where SignedType: JSONPayload {
    /// The signed form, made (or recalled) once per access.
    var signedForm: CompactJWS {
        switch self {
        case .verified(let value): SignedForm.of(value, verified: true)
        case .unverified(let value, _): SignedForm.of(value, verified: false)
        }
    }
}
