import Crypto
import Foundation
import MockStore
import Synchronization

/// Signs the store's records as the App Store signs them: compact JWS, ES256, the test
/// authority's chain in `x5c` (`CompactJWS` says how each part is written), the payloads of
/// `SignedPayload`.
///
/// A record the store hands out as `.unverified` (a verification fault) gets a signature that
/// does not verify: a verifier rejects it, as a device rejects a tampered transaction.
///
/// ECDSA signatures are randomized; the signer remembers the signatures it made, so the same
/// payload read twice in a process gives the same JWS, as Apple's signed values are fixed.
public final class AppStoreSigner: SignedDataSigning {
    public let authority: TestAuthority
    public let context: SignedDataContext
    private let header: Data
    private let signatures = Mutex<[SignatureKey: Data]>([:])
    private static let remembered = 4096

    public init(authority: TestAuthority, context: SignedDataContext) {
        self.authority = authority
        self.context = context
        let chain = authority.chainDER.map { "\"\($0.base64EncodedString())\"" }.joined(separator: ",")
        header = Data(#"{"alg":"ES256","x5c":[\#(chain)]}"#.utf8)
    }

    /// The signer for `context` with the state directory's authority: one per context and
    /// folder in a process, so the authority is read (or made) once and a value signed twice
    /// gets the same signature.
    public static func shared(context: SignedDataContext,
                              directory: String = TestAuthority.defaultDirectory()) throws(TestAuthorityError) -> AppStoreSigner {
        let authority = try loadedAuthority(directory: directory)
        return signers.withLock { signers in
            if let known = signers[SignerKey(directory: directory, context: context)] { return known }
            let made = AppStoreSigner(authority: authority, context: context)
            signers[SignerKey(directory: directory, context: context)] = made
            return made
        }
    }

    private struct SignerKey: Hashable {
        var directory: String
        var context: SignedDataContext
    }
    private static let signers = Mutex<[SignerKey: AppStoreSigner]>([:])

    private static let authorities = Mutex<[String: Result<TestAuthority, TestAuthorityError>]>([:])

    /// The authority of `directory`, loaded at most once per process: a failure is remembered
    /// too, so a process without a writable home is told the same sentence without retrying.
    public static func loadedAuthority(directory: String = TestAuthority.defaultDirectory()) throws(TestAuthorityError) -> TestAuthority {
        let result = authorities.withLock { loaded in
            if let known = loaded[directory] { return known }
            let made = Result { () throws(TestAuthorityError) -> TestAuthority in try TestAuthority.load(directory: directory) }
            loaded[directory] = made
            return made
        }
        return try result.get()
    }

    // MARK: - SignedDataSigning

    public func signedTransaction(_ transaction: MockStore.Transaction) throws -> String {
        jws(payload: SignedPayload.transaction(transaction, context: context), valid: transaction.verificationError == nil).compact
    }

    public func signedRenewalInfo(_ status: SubscriptionStatus) throws -> String {
        jws(payload: SignedPayload.renewalInfo(status, context: context), valid: status.transaction.verificationError == nil).compact
    }

    public func signedAppTransaction(_ record: AppTransactionRecord) throws -> String {
        jws(payload: SignedPayload.appTransaction(record, context: context), valid: true).compact
    }

    public func sign(payload: Data) throws -> String { jws(payload: payload, valid: true).compact }

    // MARK: - The JWS

    /// The JWS of `payload`; with `valid` false its signature is one over other bytes, so it
    /// has the right shape and does not verify.
    public func jws(payload: Data, valid: Bool) -> CompactJWS {
        let input = CompactJWS.signingInput(header: header, payload: payload)
        let key = SignatureKey(input: input, valid: valid)
        if let known = signatures.withLock({ $0[key] }) {
            return CompactJWS(header: header, payload: payload, signature: known)
        }
        let signed = valid ? input : input + Data(" (not the signed bytes)".utf8)
        // Signing with a valid P-256 key over any bytes does not fail.
        let signature = (try? authority.leafKey.signature(for: signed).rawRepresentation) ?? Data(count: 64)
        let kept = signatures.withLock { remembered in
            if let raced = remembered[key] { return raced }
            if remembered.count >= Self.remembered { remembered.removeAll(keepingCapacity: true) }
            remembered[key] = signature
            return signature
        }
        return CompactJWS(header: header, payload: payload, signature: kept)
    }

    /// The signing input's SHA-256, not the input: `Data` hashes only its first 80 bytes, and
    /// every signing input starts with the same header, so 4,096 remembered inputs all shared
    /// one hash and each lookup compared kilobytes against every one of them.
    private struct SignatureKey: Hashable {
        var digest: SHA256.Digest
        var valid: Bool

        init(input: Data, valid: Bool) {
            digest = SHA256.hash(data: input)
            self.valid = valid
        }
    }
}
