import ArgumentParser
import Foundation
import MockStore

/// `tollbooth serve`: the App Store Server API for a ledger, over HTTP (docs/server.md).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the App Store Server API for the ledger (transaction info and history, subscription statuses, order lookup, renewal extensions).",
        discussion: """
            Requests carry Apple's bearer token, checked against the key registered with
            --key-id, --issuer and --public-key. Without a key, tokens are not checked, and only
            this machine may connect. Ctrl-C stops the server. Runs tollbooth-server, which
            scripts/install puts beside tollbooth.
            """)

    @OptionGroup var options: LedgerOptions
    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on (0: any free port).") var port = 8787
    @Option(help: "The App Store Connect API key id tokens must name (their kid).") var keyID: String?
    @Option(help: "The issuer id tokens must name (their iss).") var issuer: String?
    @Option(help: ArgumentHelp("The key's public key (PEM), or the .p8 private key file App Store Connect gave you.", valueName: "file"))
    var publicKey: String?
    @Option(help: ArgumentHelp("Seconds a connection may stay open with no request, or take to send one, before it is closed.", valueName: "seconds"))
    var idleTimeout: Double = 15

    func validate() throws {
        let given = [keyID, issuer, publicKey].compactMap { $0 }.count
        if given != 0 && given != 3 {
            throw ValidationError("--key-id, --issuer and --public-key register a key together: give all three, or none")
        }
        if !(0...65535).contains(port) { throw CLIError("--port takes 0 to 65535, not \(port)") }
        if !(0.1...3600).contains(idleTimeout) { throw CLIError("--idle-timeout takes 0.1 to 3600 seconds, not \(idleTimeout)") }
    }

    func run() async throws {
        guard let http = ServerSide.linked else { try ServerExecutable.replaceThisProcess(for: "serve") }
        let key = try registeredKey(http)
        if key == nil && !Self.isLoopback(host) {
            throw CLIError("serving on \(SourceText.quoted(host, limit: 60)) lets other machines in, so it needs a registered key: add --key-id ID --issuer ISSUER --public-key FILE")
        }
        let store = try await options.openStore()
        // Signed by the state directory's test authority, as `txn signed` and the notifications
        // are, so Apple's verifier accepts the answers given `tollbooth cert export`.
        let api = try await userFacing { try await http.makeAPI(store, key) }
        if key == nil {
            LedgerOptions.note("no key registered, so bearer tokens are not checked; register one with --key-id ID --issuer ISSUER --public-key FILE")
        }
        let idle = Duration.milliseconds(Int64((idleTimeout * 1000).rounded()))
        let (host, ledger) = (host, store.ledger.path)
        // A long-lived process on the ledger: it delivers the ledger's notifications too.
        let (catalog, opened) = (store.catalog, store.ledger)
        let courier = Task.detached { await LedgerCourier.runBeside(catalog: catalog, ledger: opened, http: http) }
        defer { courier.cancel() }
        do {
            try await http.serve(api, host, port, idle) { port in
                let shown = host.contains(":") ? "[\(host)]" : host
                say("serving the App Store Server API for \(ledger) at http://\(shown):\(port)")
            }
        } catch ServeFailure.portInUse(let host, let port) {
            TerminalSafeOutput.complain("Error: port \(port) on \(SourceText.excerpt(host, limit: 60)) is in use by another program; choose another with --port.")
            throw ExitCode(2)
        } catch ServeFailure.addressUnavailable(let host) {
            TerminalSafeOutput.complain("Error: \(SourceText.quoted(host, limit: 60)) is not an address of this machine; use --host 127.0.0.1, or one of its own addresses.")
            throw ExitCode(2)
        }
    }

    /// The key from --public-key, or nil when none is registered.
    func registeredKey(_ http: ServerSide) throws -> ServerValue? {
        guard let keyID, let issuer, let publicKey else { return nil }
        do {
            return try http.readKey(keyID, issuer, publicKey)
        } catch let error as ServerSideError {
            throw CLIError(error.description)
        }
    }

    static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "localhost", "::1"].contains(host.lowercased()) || host.hasPrefix("127.")
    }
}
