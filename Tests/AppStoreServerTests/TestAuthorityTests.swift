import Crypto
import Foundation
import SwiftASN1
import Synchronization
import TestSupport
import Testing
@_spi(FixedExpiryValidationTime) import X509
@testable import AppStoreServer

/// The local test authority as a backend and a developer meet it: a chain that verifies against
/// its root with Apple's marker extensions, made once per folder, kept private, and a clear
/// sentence when the folder is not what it should be.
@Suite("AppStoreServer: the local test authority")
struct TestAuthorityTests {
    @Test("the chain verifies against the root a century ahead, and carries Apple's markers")
    func chainVerifies() async throws {
        let folder = try TemporaryFolder("authority-chain")
        defer { folder.remove() }
        let authority = try TestAuthority.load(directory: folder.path("signing"))
        let century = Date().addingTimeInterval(100 * 365.25 * 86_400)
        var verifier = Verifier(rootCertificates: CertificateStore([authority.root])) { RFC5280Policy(fixedExpiryValidationTime: century) }
        let result = await verifier.validate(leaf: authority.leaf, intermediates: CertificateStore([authority.intermediate]))
        guard case .validCertificate(let chain) = result else { Issue.record("the chain does not verify: \(result)"); return }
        #expect(Array(chain) == [authority.leaf, authority.intermediate, authority.root])

        let intermediateMarker = authority.intermediate.extensions[oid: [1, 2, 840, 113635, 100, 6, 2, 1]]
        let leafMarker = authority.leaf.extensions[oid: [1, 2, 840, 113635, 100, 6, 11, 1]]
        #expect(intermediateMarker.map { Array($0.value) } == [0x05, 0x00], "the intermediate's marker is an ASN.1 NULL")
        #expect(intermediateMarker?.critical == false)
        #expect(leafMarker.map { Array($0.value) } == [0x05, 0x00], "the leaf's marker is an ASN.1 NULL")
        #expect(leafMarker?.critical == false)
        #expect(try authority.intermediate.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))
        #expect(try authority.leaf.extensions.keyUsage?.digitalSignature == true)
    }

    @Test("key files are 0600 in a 0700 folder")
    func privateFiles() throws {
        let folder = try TemporaryFolder("authority-modes")
        defer { folder.remove() }
        let directory = folder.path("signing")
        _ = try TestAuthority.load(directory: directory)
        func mode(_ path: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
        }
        #expect(try mode(directory) == 0o700)
        for key in TestAuthority.keyFiles {
            #expect(try mode(directory + "/" + key) == 0o600, "\(key)")
        }
    }

    @Test("a second load, and loads racing in parallel, all use the same root")
    func oneRoot() throws {
        let folder = try TemporaryFolder("authority-once")
        defer { folder.remove() }
        let directory = folder.path("signing")
        let roots = Mutex<[Data]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            if let authority = try? TestAuthority.load(directory: directory) { roots.withLock { $0.append(authority.rootDER) } }
        }
        let again = try TestAuthority.load(directory: directory)
        #expect(roots.withLock { $0.count } == 6)
        #expect(Set(roots.withLock { $0 } + [again.rootDER]).count == 1)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0 != "signing" }
        #expect(leftovers.isEmpty, "the losers' folders are removed: \(leftovers)")
    }

    @Test("a damaged or foreign folder is named in one sentence with the fix")
    func damaged() throws {
        let folder = try TemporaryFolder("authority-damaged")
        defer { folder.remove() }
        let directory = folder.path("signing")
        _ = try TestAuthority.load(directory: directory)
        try FileManager.default.removeItem(atPath: directory + "/leaf.pem")
        #expect(throws: TestAuthorityError.damaged(directory, "leaf.pem is missing")) { try TestAuthority.load(directory: directory) }
        #expect(TestAuthorityError.damaged(directory, "leaf.pem is missing").description
            == "The test authority in \(directory) is damaged (leaf.pem is missing): remove that folder and Tollbooth makes a new one (give backends the new root: `tollbooth cert export`).")

        try Data("not a certificate".utf8).write(to: URL(fileURLWithPath: directory + "/leaf.pem"))
        #expect(throws: TestAuthorityError.damaged(directory, "leaf.pem is not a PEM certificate")) { try TestAuthority.load(directory: directory) }

        let file = folder.path("file")
        try Data().write(to: URL(fileURLWithPath: file))
        #expect(throws: TestAuthorityError.foreign(file)) { try TestAuthority.load(directory: file) }
    }
}
