import AppStoreServer
import AppStoreServerHTTP
import Foundation
import MockStore
import TollboothCLI

// The command line with the server side: the App Store Server API's HTTP server, the
// notification poster, and the test authority that signs.
await TollboothMain.main(serverSide: ServerSide(
    readKey: { keyID, issuer, file in
        guard let pem = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw ServerSideError("cannot read the key file \(SourceText.path(file))")
        }
        do {
            return ServerValue(RegisteredKey(keyID: keyID, issuer: issuer, publicKey: try RegisteredKey.publicKey(pem: pem)))
        } catch let error as RegisteredKey.KeyFileError {
            throw ServerSideError("\(SourceText.path(file)) \(error.description)")
        }
    },
    makeAPI: { store, key in
        let (signer, _) = try await authorityFacing { try await LedgerSigning.signer(for: store) }
        return ServerValue(AppStoreServerAPI(store: store, signer: signer, key: key?.value as? RegisteredKey))
    },
    serve: { api, host, port, idle, listening in
        guard let api = api.value as? AppStoreServerAPI else { preconditionFailure("serve takes the API makeAPI made") }
        do {
            // A request's body has at most 10 s after its head, less when connections idle out sooner.
            try await APIServer(api: api, host: host, port: port, idleTimeout: idle, requestTimeout: min(idle, .seconds(10)))
                .run(listening: listening)
        } catch APIServer.ServeError.portInUse(let host, let port) {
            throw ServeFailure.portInUse(host: host, port: port)
        } catch APIServer.ServeError.addressUnavailable(let host) {
            throw ServeFailure.addressUnavailable(host: host)
        }
    },
    makeCourier: { store in
        let (signer, app) = try await authorityFacing { try await LedgerSigning.signer(for: store) }
        // Longer than a POST may take plus the signing, so a live courier's claim never runs
        // out mid-attempt; a killed courier's claim holds its notification this long.
        let lease = Double(HTTPNotificationPoster.defaultTimeout.components.seconds) + 5
        let courier = NotificationCourier(store: store, signer: signer, app: app, poster: HTTPNotificationPoster(), lease: lease)
        return { exitWhenIdle in await courier.run(exitWhenIdle: exitWhenIdle) }
    },
    rootCertificate: {
        let authority = try authorityFacing { try AppStoreSigner.loadedAuthority() }
        return (authority.rootPEM, authority.rootDER)
    },
    sign: { item, app in
        let signer = try authorityFacing { try AppStoreSigner.shared(context: .ledger(app: app)) }
        return switch item {
        case .transaction(let transaction): try signer.signedTransaction(transaction)
        case .renewal(let status): try signer.signedRenewalInfo(status)
        case .app(let record): try signer.signedAppTransaction(record)
        }
    }))

/// The test authority's failures as the one sentence the command prints.
func authorityFacing<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as TestAuthorityError { throw ServerSideError(error.description) }
}

func authorityFacing<T>(_ body: () async throws -> T) async throws -> T {
    do { return try await body() } catch let error as TestAuthorityError { throw ServerSideError(error.description) }
}
