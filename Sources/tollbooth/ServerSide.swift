import AppStoreServer
import Foundation
import Synchronization

/// What only `tollbooth-server` links: the App Store Server API's HTTP server and the
/// notification poster (SwiftNIO, Hummingbird, AsyncHTTPClient). The command line itself is
/// built without them, so the paywall's `tollbooth` carries none of their code; there, `serve`
/// and `notify deliver` hand over to the `tollbooth-server` beside it (`ServerExecutable`).
public struct ServerSide: Sendable {
    /// Serves `api` on `host`:`port` until SIGINT or SIGTERM, closing a connection idle for
    /// `idleTimeout`; `listening` gets the bound port. Throws `ServeFailure` when the address
    /// cannot be had.
    public typealias Serve = @Sendable (_ api: AppStoreServerAPI, _ host: String, _ port: Int, _ idleTimeout: Duration,
                                        _ listening: @escaping @Sendable (Int) async -> Void) async throws -> Void

    public var serve: Serve
    /// A poster for one courier's notifications.
    public var makePoster: @Sendable () -> any NotificationPosting
    /// The longest one POST may take (the courier's lease is longer).
    public var postTimeout: Duration

    public init(serve: @escaping Serve, makePoster: @escaping @Sendable () -> any NotificationPosting, postTimeout: Duration) {
        self.serve = serve
        self.makePoster = makePoster
        self.postTimeout = postTimeout
    }

    /// The server side of this executable: nil in `tollbooth`.
    static var linked: ServerSide? { installed.withLock { $0 } }

    private static let installed = Mutex<ServerSide?>(nil)

    fileprivate static func install(_ side: ServerSide?) { installed.withLock { $0 = side } }
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
