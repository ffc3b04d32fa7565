import Crypto
import Foundation
import SwiftASN1
import X509

/// Makes a new test authority's three certificates, with the extensions Apple's chain has and
/// that OpenSSL's `X509_STRICT` checks (Apple's App Store Server Library verifies with it):
///
/// | certificate  | basicConstraints (critical) | keyUsage (critical)       | marker (non-critical, NULL) |
/// |--------------|-----------------------------|---------------------------|-----------------------------|
/// | root         | CA                          | keyCertSign, cRLSign      | –                           |
/// | intermediate | CA, path length 0           | keyCertSign, cRLSign      | 1.2.840.113635.100.6.2.1    |
/// | leaf         | not a CA                    | digitalSignature          | 1.2.840.113635.100.6.11.1   |
///
/// Every certificate has a subject key identifier; the intermediate and the leaf an authority
/// key identifier naming their issuer's. Apple's verifier looks for the two markers by OID.
///
/// Validity: from 2000-01-01 to 9999-12-31 23:59:59 UTC (RFC 5280's "no well-defined
/// expiration date"). Verifiers check the chain at the payload's `signedDate`, which is the
/// store's time: at a fast rate or after `tollbooth clock advance` it can be a century ahead of
/// the wall clock, and a window of years would turn a correct JWS into a rejected one.
enum TestAuthorityIssue {
    struct Issued {
        var root: Certificate
        var intermediate: Certificate
        var leaf: Certificate
        var rootKey: P256.Signing.PrivateKey
        var intermediateKey: P256.Signing.PrivateKey
        var leafKey: P256.Signing.PrivateKey
    }

    /// Apple's intermediate (Apple Worldwide Developer Relations) marker.
    static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 2, 1]
    /// Apple's App Store receipt-signing leaf marker.
    static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 11, 1]

    static let notValidBefore = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01T00:00:00Z
    static let notValidAfter = Date(timeIntervalSince1970: 253_402_300_799)  // 9999-12-31T23:59:59Z

    static func make() throws -> Issued {
        let (rootKey, intermediateKey, leafKey) = (P256.Signing.PrivateKey(), P256.Signing.PrivateKey(), P256.Signing.PrivateKey())
        let rootName = try name("Tollbooth Test Root CA")
        let intermediateName = try name("Tollbooth Test Intermediate CA")
        let leafName = try name("Tollbooth Test App Store Signing")
        let (rootPublic, intermediatePublic, leafPublic) = (Certificate.PublicKey(rootKey.publicKey),
                                                            Certificate.PublicKey(intermediateKey.publicKey),
                                                            Certificate.PublicKey(leafKey.publicKey))
        let root = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: rootPublic,
            notValidBefore: notValidBefore, notValidAfter: notValidAfter, issuer: rootName, subject: rootName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: rootPublic)
            },
            issuerPrivateKey: Certificate.PrivateKey(rootKey))
        let intermediate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: intermediatePublic,
            notValidBefore: notValidBefore, notValidAfter: notValidAfter, issuer: rootName, subject: intermediateName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: intermediatePublic)
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: rootPublic).keyIdentifier)
                marker(intermediateMarker)
            },
            issuerPrivateKey: Certificate.PrivateKey(rootKey))
        let leaf = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: leafPublic,
            notValidBefore: notValidBefore, notValidAfter: notValidAfter, issuer: intermediateName, subject: leafName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                SubjectKeyIdentifier(hash: leafPublic)
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: intermediatePublic).keyIdentifier)
                marker(leafMarker)
            },
            issuerPrivateKey: Certificate.PrivateKey(intermediateKey))
        return Issued(root: root, intermediate: intermediate, leaf: leaf,
                      rootKey: rootKey, intermediateKey: intermediateKey, leafKey: leafKey)
    }

    /// A marker extension as Apple's: non-critical, its value an ASN.1 NULL (`05 00`).
    static func marker(_ oid: ASN1ObjectIdentifier) -> Certificate.Extension {
        Certificate.Extension(oid: oid, critical: false, value: [0x05, 0x00])
    }

    private static func name(_ commonName: String) throws -> DistinguishedName {
        try DistinguishedName {
            CountryName("US")
            OrganizationName("Tollbooth")
            OrganizationalUnitName("Tollbooth local test authority")
            CommonName(commonName)
        }
    }
}
