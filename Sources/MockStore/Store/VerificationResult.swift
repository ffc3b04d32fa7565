/// The outcome of checking a signed value, as StoreKit's `VerificationResult`.
///
/// Tollbooth signs nothing; a value is `.unverified` when a fault on the Verification API (or the
/// "unverified transactions" switch) marked it so. Apps are expected to withhold content then.
public enum VerificationResult<SignedType: Sendable>: Sendable {
    case verified(SignedType)
    case unverified(SignedType, VerificationError)

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

    /// The verification error, if any.
    public var verificationError: VerificationError? {
        if case .unverified(_, let error) = self { return error }
        return nil
    }

    public var isVerified: Bool { verificationError == nil }
}

extension VerificationResult: Equatable where SignedType: Equatable {}
