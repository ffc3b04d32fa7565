import Crypto
import Foundation
import SwiftASN1
import X509

/// Tollbooth's local test authority: a root, an intermediate and a leaf certificate shaped like
/// the chain Apple signs App Store data with, so a verifier written for Apple's chain (Apple's
/// App Store Server Library, swift-certificates' `Verifier`) accepts Tollbooth's signed data
/// when it is given Tollbooth's root instead of Apple's.
///
/// One authority per state directory, made on first use and kept in `signing/` there
/// (`defaultDirectory`): `root.pem`, `intermediate.pem`, `leaf.pem` (certificates) and
/// `root-key.pem`, `intermediate-key.pem`, `leaf-key.pem` (P-256 private keys, PKCS #8 PEM,
/// mode 0600) in a folder of mode 0700. PEM because `openssl x509 -in root.pem -text` and any
/// editor can read it, and swift-crypto and swift-certificates read it back as they wrote it.
/// The CA keys are kept so a later Tollbooth can issue a new leaf under the same root, which
/// backends were told to trust.
public struct TestAuthority: Sendable {
    /// The self-signed root a backend trusts in place of Apple Root CA - G3.
    public let root: Certificate
    /// The CA between root and leaf, with Apple's intermediate marker extension.
    public let intermediate: Certificate
    /// The certificate whose key signs every JWS, with Apple's leaf marker extension.
    public let leaf: Certificate
    /// The leaf's private key.
    let leafKey: P256.Signing.PrivateKey
    /// The key a signature verifies with (the leaf certificate's).
    public var leafPublicKey: P256.Signing.PublicKey { leafKey.publicKey }
    /// The folder the authority was read from.
    public let directory: String

    /// The authority's folder for a state directory: `$XDG_STATE_HOME/tollbooth/signing`
    /// (fallback `~/.local/state/tollbooth/signing`), beside the ledgers `Ledger.defaultPath` makes.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty {
            base = state
        } else {
            base = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        }
        return base + "/tollbooth/signing"
    }

    /// The authority in `directory`, made there first when the folder does not exist.
    ///
    /// Two processes starting at once both make an authority in a private folder beside it and
    /// rename it into place; `rename` is atomic and fails when the place is taken, so the loser
    /// drops its own and reads the winner's: there is only ever one root.
    public static func load(directory: String = defaultDirectory()) throws(TestAuthorityError) -> TestAuthority {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if !files.fileExists(atPath: directory, isDirectory: &isDirectory) {
            try create(at: directory)
        } else if !isDirectory.boolValue {
            throw .foreign(directory)
        }
        return try read(directory)
    }

    /// The chain as the `x5c` header lists it: leaf, intermediate, root, each DER.
    public var chainDER: [Data] {
        [leaf, intermediate, root].map { Data(Self.der($0)) }
    }

    /// The root, DER-encoded (`tollbooth cert export --der`).
    public var rootDER: Data { Data(Self.der(root)) }

    /// The root as a PEM block (`tollbooth cert export`).
    public var rootPEM: String { (try? root.serializeAsPEM().pemString) ?? "" }

    static func der(_ certificate: Certificate) -> [UInt8] {
        var serializer = DER.Serializer()
        // A certificate that was made or parsed always serializes.
        try? serializer.serialize(certificate)
        return serializer.serializedBytes
    }

    // MARK: - Files

    static let certificateFiles = ["root.pem", "intermediate.pem", "leaf.pem"]
    static let keyFiles = ["root-key.pem", "intermediate-key.pem", "leaf-key.pem"]

    private static func read(_ directory: String) throws(TestAuthorityError) -> TestAuthority {
        func text(_ name: String) throws(TestAuthorityError) -> String {
            let path = directory + "/" + name
            guard FileManager.default.fileExists(atPath: path) else { throw .damaged(directory, "\(name) is missing") }
            guard let data = FileManager.default.contents(atPath: path) else { throw .damaged(directory, "\(name) cannot be read") }
            return String(decoding: data, as: UTF8.self)
        }
        func certificate(_ name: String) throws(TestAuthorityError) -> Certificate {
            let pem = try text(name)
            do { return try Certificate(pemEncoded: pem) } catch { throw .damaged(directory, "\(name) is not a PEM certificate") }
        }
        let (root, intermediate, leaf) = (try certificate("root.pem"), try certificate("intermediate.pem"), try certificate("leaf.pem"))
        let keyText = try text("leaf-key.pem")
        let key: P256.Signing.PrivateKey
        do { key = try P256.Signing.PrivateKey(pemRepresentation: keyText) } catch {
            throw .damaged(directory, "leaf-key.pem is not a P-256 private key")
        }
        guard leaf.publicKey == Certificate.PublicKey(key.publicKey) else {
            throw .damaged(directory, "leaf-key.pem is not the key of leaf.pem")
        }
        guard leaf.issuer == intermediate.subject, intermediate.issuer == root.subject,
              intermediate.signatureAlgorithm == .ecdsaWithSHA256, root.publicKey.isValidSignature(intermediate.signature, for: intermediate),
              intermediate.publicKey.isValidSignature(leaf.signature, for: leaf) else {
            throw .damaged(directory, "its certificates do not form one chain")
        }
        return TestAuthority(root: root, intermediate: intermediate, leaf: leaf, leafKey: key, directory: directory)
    }

    private static func create(at directory: String) throws(TestAuthorityError) {
        let files = FileManager.default
        let parent = (directory as NSString).deletingLastPathComponent
        let scratch = "\(parent)/.signing-\(getpid())-\(UUID().uuidString)"
        do {
            try files.createDirectory(atPath: parent, withIntermediateDirectories: true)
            try files.createDirectory(atPath: scratch, withIntermediateDirectories: false,
                                      attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(directory, Self.reason(error))
        }
        defer { try? files.removeItem(atPath: scratch) }
        do {
            let issued = try TestAuthorityIssue.make()
            let certificates = [issued.root, issued.intermediate, issued.leaf]
            let keys = [issued.rootKey, issued.intermediateKey, issued.leafKey]
            for (name, certificate) in zip(certificateFiles, certificates) {
                try writeFile(try certificate.serializeAsPEM().pemString + "\n", to: scratch + "/" + name, mode: 0o644)
            }
            for (name, key) in zip(keyFiles, keys) {
                try writeFile(key.pemRepresentation + "\n", to: scratch + "/" + name, mode: 0o600)
            }
        } catch let error as TestAuthorityError {
            throw error
        } catch {
            throw .unwritable(directory, Self.reason(error))
        }
        if rename(scratch, directory) != 0 {
            let code = errno
            // Another process put its authority there first: read that one.
            guard code == EEXIST || code == ENOTEMPTY else {
                throw .unwritable(directory, String(cString: strerror(code)))
            }
        }
    }

    /// Writes a file that is never readable by others, not even for a moment: it is created
    /// with `mode` rather than chmod-ed after writing.
    private static func writeFile(_ text: String, to path: String, mode: mode_t) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard descriptor >= 0 else { throw TestAuthorityError.unwritable(path, String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw TestAuthorityError.unwritable(path, String(cString: strerror(errno))) }
        // The process's umask may have narrowed the mode; it never widens it.
        fchmod(descriptor, mode)
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return (error as NSError).localizedDescription
    }
}

private extension CocoaError {
    var underlying: (any Error)? { userInfo[NSUnderlyingErrorKey] as? any Error }
}
