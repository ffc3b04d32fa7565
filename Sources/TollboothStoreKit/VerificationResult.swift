import Foundation

/// The outcome of checking a signed value, as StoreKit's `VerificationResult`.
///
/// Tollbooth hands out `.unverified` when a fault on the Verification API (or the "unverified
/// transactions" switch) says so; apps are expected to withhold content then.
@frozen
public enum VerificationResult<SignedType> {
    case unverified(SignedType, VerificationResult<SignedType>.VerificationError)
    case verified(SignedType)

    /// The value, or the verification error thrown.
    public var payloadValue: SignedType {
        get throws {
            switch self {
            case .verified(let value): return value
            case .unverified(_, let error): throw error
            }
        }
    }

    /// The value whatever its verification.
    public var unsafePayloadValue: SignedType {
        switch self {
        case .verified(let value), .unverified(let value, _): value
        }
    }

    /// Why a value failed verification, as `VerificationResult.VerificationError`.
    public enum VerificationError: Error, Equatable, Hashable, Sendable {
        case revokedCertificate
        case invalidCertificateChain
        case invalidDeviceVerification
        case invalidEncoding
        case invalidSignature
        case missingRequiredProperties
    }
}

extension VerificationResult: Sendable where SignedType: Sendable {}
extension VerificationResult: Equatable where SignedType: Equatable {}
extension VerificationResult: Hashable where SignedType: Hashable {}

extension VerificationResult.VerificationError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .revokedCertificate: "The certificate that signed the value was revoked."
        case .invalidCertificateChain: "The certificate chain of the value is not valid."
        case .invalidDeviceVerification: "The value was not signed for this device."
        case .invalidEncoding: "The value is not encoded as expected."
        case .invalidSignature: "The signature of the value is not valid."
        case .missingRequiredProperties: "The value lacks required properties."
        }
    }
}

// The signed forms exist for transactions, renewal info and the app transaction, as in StoreKit:
// a JWS by Tollbooth's test authority (`SignedForm`), valid exactly when the value is `.verified`.
extension VerificationResult where SignedType == Transaction {
    public var jwsRepresentation: String { signedForm.compact }
    public var headerData: Data { signedForm.header }
    public var payloadData: Data { signedForm.payload }
    public var signatureData: Data { signedForm.signature }
    public var signedData: Data { signedForm.signingInput }
    public var signedDate: Date { unsafePayloadValue.signedDate }
    public var deviceVerification: Data { unsafePayloadValue.deviceVerification }
    public var deviceVerificationNonce: UUID { unsafePayloadValue.deviceVerificationNonce }
}

extension VerificationResult where SignedType == Product.SubscriptionInfo.RenewalInfo {
    public var jwsRepresentation: String { signedForm.compact }
    public var headerData: Data { signedForm.header }
    public var payloadData: Data { signedForm.payload }
    public var signatureData: Data { signedForm.signature }
    public var signedData: Data { signedForm.signingInput }
    public var signedDate: Date { unsafePayloadValue.signedDate }
    public var deviceVerification: Data { unsafePayloadValue.deviceVerification }
    public var deviceVerificationNonce: UUID { unsafePayloadValue.deviceVerificationNonce }
}

extension VerificationResult where SignedType == AppTransaction {
    public var jwsRepresentation: String { signedForm.compact }
    public var headerData: Data { signedForm.header }
    public var payloadData: Data { signedForm.payload }
    public var signatureData: Data { signedForm.signature }
    public var signedData: Data { signedForm.signingInput }
    public var signedDate: Date { unsafePayloadValue.signedDate }
    public var deviceVerification: Data { unsafePayloadValue.deviceVerification }
    public var deviceVerificationNonce: UUID { unsafePayloadValue.deviceVerificationNonce }
}
