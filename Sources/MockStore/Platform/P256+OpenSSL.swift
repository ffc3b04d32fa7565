#if os(Linux)
import COpenSSL
import Foundation

// What MockStore signs with on Linux, spelled as swift-crypto spells it (elsewhere MockStore
// imports swift-crypto, which is CryptoKit on Apple's systems): P-256 ECDSA over SHA-256 for
// promotional offer signatures, SHA-384 for device verification. From the system's libcrypto
// rather than swift-crypto, whose BoringSSL was half of a fresh clone's build of the paywall
// (BENCHMARKS.md, "A fresh clone to the first paywall"); the signed-data side (AppStoreServer,
// X.509) keeps swift-crypto, in `tollbooth-server` only.

/// A key or signature libcrypto refused: the callers turn it into their own sentence.
struct P256Error: Error {}

enum P256 {
    enum Signing {
        struct PrivateKey: Sendable {
            /// The 32-byte private scalar.
            let rawRepresentation: Data

            /// A new random key.
            init() {
                var raw = [UInt8](repeating: 0, count: 32)
                // Only a broken random source fails here; no key is better than a guessable one.
                guard tb_p256_generate(&raw) == 1 else { fatalError("libcrypto could not generate a P-256 key") }
                rawRepresentation = Data(raw)
            }

            init(rawRepresentation: Data) throws {
                let raw = [UInt8](rawRepresentation)
                guard raw.count == 32, tb_p256_valid(raw) == 1 else { throw P256Error() }
                self.rawRepresentation = Data(raw)
            }

            /// PKCS #8 or SEC 1.
            init(derRepresentation: Data) throws {
                let der = [UInt8](derRepresentation)
                var raw = [UInt8](repeating: 0, count: 32)
                guard !der.isEmpty, tb_p256_raw_from_der(der, der.count, &raw) == 1 else { throw P256Error() }
                rawRepresentation = Data(raw)
            }

            /// `-----BEGIN PRIVATE KEY-----` (PKCS #8, a `.p8` file) or `-----BEGIN EC PRIVATE KEY-----` (SEC 1).
            init(pemRepresentation: String) throws {
                let lines = pemRepresentation.split(whereSeparator: \.isNewline)
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                guard let first = lines.first, let last = lines.last, lines.count >= 3,
                      ["PRIVATE KEY", "EC PRIVATE KEY"].contains(where: {
                          first == "-----BEGIN \($0)-----" && last == "-----END \($0)-----"
                      }),
                      let der = Data(base64Encoded: lines.dropFirst().dropLast().joined())
                else { throw P256Error() }
                try self.init(derRepresentation: der)
            }

            /// PKCS #8 in PEM, 64 characters a line, as CryptoKit writes it.
            var pemRepresentation: String {
                var der = [UInt8](repeating: 0, count: 256)
                let length = tb_p256_pkcs8([UInt8](rawRepresentation), &der, Int32(der.count))
                // The scalar was checked when the key was made.
                precondition(length > 0, "a checked P-256 key has a PKCS #8 form")
                let base64 = Data(der.prefix(Int(length))).base64EncodedString()
                var lines = ["-----BEGIN PRIVATE KEY-----"]
                var rest = Substring(base64)
                while !rest.isEmpty {
                    lines.append(String(rest.prefix(64)))
                    rest = rest.dropFirst(64)
                }
                lines.append("-----END PRIVATE KEY-----")
                return lines.joined(separator: "\n")
            }

            var publicKey: PublicKey {
                var point = [UInt8](repeating: 0, count: 65)
                precondition(tb_p256_public([UInt8](rawRepresentation), &point) == 1, "a checked P-256 key has a public point")
                return PublicKey(x963Representation: Data(point))
            }

            /// ECDSA over SHA-256 of `data`.
            func signature(for data: Data) throws -> ECDSASignature {
                var signature = [UInt8](repeating: 0, count: 64)
                let message = [UInt8](data)
                guard tb_p256_sign([UInt8](rawRepresentation), message, message.count, &signature) == 1 else { throw P256Error() }
                return ECDSASignature(checkedRaw: Data(signature))
            }
        }

        struct PublicKey: Sendable {
            /// The uncompressed point (0x04, x, y).
            let x963Representation: Data

            func isValidSignature(_ signature: ECDSASignature, for data: Data) -> Bool {
                let message = [UInt8](data)
                return tb_p256_verify([UInt8](x963Representation), [UInt8](signature.rawRepresentation), message, message.count) == 1
            }
        }

        struct ECDSASignature: Sendable {
            /// r and s, 32 bytes each.
            let rawRepresentation: Data

            fileprivate init(checkedRaw: Data) { rawRepresentation = checkedRaw }

            init(rawRepresentation: Data) throws {
                guard rawRepresentation.count == 64 else { throw P256Error() }
                self.rawRepresentation = Data(rawRepresentation)
            }

            /// A DER ECDSA-Sig-Value.
            init(derRepresentation: Data) throws {
                let der = [UInt8](derRepresentation)
                var raw = [UInt8](repeating: 0, count: 64)
                guard !der.isEmpty, tb_ecdsa_der_to_raw(der, der.count, &raw) == 1 else { throw P256Error() }
                rawRepresentation = Data(raw)
            }

            var derRepresentation: Data {
                var der = [UInt8](repeating: 0, count: 80)
                let length = tb_ecdsa_raw_to_der([UInt8](rawRepresentation), &der, Int32(der.count))
                precondition(length > 0, "64 bytes of r and s fit a DER signature")
                return Data(der.prefix(Int(length)))
            }
        }
    }
}

enum SHA384 {
    static func hash(data: Data) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA384_DIGEST_LENGTH))
        let bytes = [UInt8](data)
        _ = COpenSSL.SHA384(bytes, bytes.count, &digest)
        return digest
    }
}
#endif
