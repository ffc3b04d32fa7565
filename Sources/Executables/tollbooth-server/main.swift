import AppStoreServer
import AppStoreServerHTTP
import TollboothCLI

// The command line with the App Store Server API's HTTP server and the notification poster.
await TollboothMain.main(serverSide: ServerSide(
    serve: { api, host, port, idle, listening in
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
    makePoster: { HTTPNotificationPoster() },
    postTimeout: HTTPNotificationPoster.defaultTimeout))
