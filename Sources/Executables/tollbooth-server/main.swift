import AppStoreServer
import AppStoreServerHTTP
import TollboothCLI

// The command line with the App Store Server API's HTTP server and the notification poster.
await TollboothMain.main(serverSide: ServerSide(
    serve: { api, host, port, listening in
        do {
            try await APIServer(api: api, host: host, port: port).run(listening: listening)
        } catch APIServer.ServeError.portInUse(let host, let port) {
            throw ServeFailure.portInUse(host: host, port: port)
        } catch APIServer.ServeError.addressUnavailable(let host) {
            throw ServeFailure.addressUnavailable(host: host)
        }
    },
    makePoster: { HTTPNotificationPoster() },
    postTimeout: HTTPNotificationPoster.defaultTimeout))
