import Foundation
import MockStore
import Synchronization

/// What only `tollbooth-server` links: the App Store Server API's HTTP server and the
/// notification poster (SwiftNIO, Hummingbird, AsyncHTTPClient), and the signed data (the test
/// authority: swift-crypto, swift-certificates). The command line itself is built without them,
/// so the paywall's `tollbooth` carries none of their code and a fresh clone's first build of it
/// compiles none of those packages; there, `serve`, `notify deliver`, `cert export` and
/// `txn signed` hand over to the `tollbooth-server` beside it (`ServerExecutable`).
/// Values of the server side's own types cross as `ServerValue`.
public struct ServerSide: Sendable {
    /// The bearer-token key `serve` registers, read from `file` (a PEM public key or a `.p8`);
    /// throws `ServerSideError` naming what is wrong with the file.
    public var readKey: @Sendable (_ keyID: String, _ issuer: String, _ file: String) throws -> ServerValue
    /// The App Store Server API's answers for `store`, signed by the state directory's test
    /// authority, checking tokens against `key` when there is one.
    public var makeAPI: @Sendable (_ store: Store, _ key: ServerValue?) async throws -> ServerValue
    /// Serves `api` on `host`:`port` until SIGINT or SIGTERM, closing a connection idle for
    /// `idleTimeout`; `listening` gets the bound port. Throws `ServeFailure` when the address
    /// cannot be had.
    public var serve: @Sendable (_ api: ServerValue, _ host: String, _ port: Int, _ idleTimeout: Duration,
                                 _ listening: @escaping @Sendable (Int) async -> Void) async throws -> Void
    /// The courier for `store`'s ledger (the state directory's test authority signs, the HTTP
    /// poster sends): `run(exitWhenIdle)` delivers until nothing falls due within that many
    /// seconds, or until cancelled when nil.
    public var makeCourier: @Sendable (_ store: Store) async throws -> @Sendable (_ exitWhenIdle: TimeInterval?) async -> Void
    /// The test authority's root certificate, as PEM and as DER.
    public var rootCertificate: @Sendable () throws -> (pem: String, der: Data)
    /// `item` as the App Store signs it for the ledger whose newest launched app is `app`.
    public var sign: @Sendable (_ item: SignedItem, _ app: AppTransactionRecord?) throws -> String

    public init(readKey: @escaping @Sendable (String, String, String) throws -> ServerValue,
                makeAPI: @escaping @Sendable (Store, ServerValue?) async throws -> ServerValue,
                serve: @escaping @Sendable (ServerValue, String, Int, Duration, @escaping @Sendable (Int) async -> Void) async throws -> Void,
                makeCourier: @escaping @Sendable (Store) async throws -> @Sendable (TimeInterval?) async -> Void,
                rootCertificate: @escaping @Sendable () throws -> (pem: String, der: Data),
                sign: @escaping @Sendable (SignedItem, AppTransactionRecord?) throws -> String) {
        self.readKey = readKey
        self.makeAPI = makeAPI
        self.serve = serve
        self.makeCourier = makeCourier
        self.rootCertificate = rootCertificate
        self.sign = sign
    }

    /// The server side of this executable: nil in `tollbooth`.
    static var linked: ServerSide? { installed.withLock { $0 } }

    private static let installed = Mutex<ServerSide?>(nil)

    fileprivate static func install(_ side: ServerSide?) { installed.withLock { $0 = side } }
}

/// A value of a type only the server side knows (a registered key, the API), passed back to it.
public struct ServerValue: Sendable {
    public let value: any Sendable
    public init(_ value: any Sendable) { self.value = value }
}

/// What `txn signed` signs.
public enum SignedItem: Sendable {
    case transaction(MockStore.Transaction)
    case renewal(SubscriptionStatus)
    case app(AppTransactionRecord)
}

/// The server side's own failure (an unusable key file, a test authority that cannot be read or
/// made), as the one sentence the command prints.
public struct ServerSideError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Why `serve` could not start listening.
public enum ServeFailure: Error, Sendable {
    case portInUse(host: String, port: Int)
    case addressUnavailable(host: String)
}

/// The entry point of both executables: `tollbooth` (no server side) and `tollbooth-server`.
public enum TollboothMain {
    public static func main(serverSide: ServerSide?) async {
        ServerSide.install(serverSide)
        await Tollbooth.main()
    }
}
