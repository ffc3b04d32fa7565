import ArgumentParser
import Foundation

/// `tollbooth cert …`: the local test authority that signs transactions (docs/server.md,
/// "Signed data").
struct CertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cert", abstract: "The local test authority that signs transactions, renewal infos and notifications.",
        subcommands: [Export.self])

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Print the root certificate a backend trusts in place of Apple's (PEM, or DER with --der).",
            discussion: "Made on first use in $XDG_STATE_HOME/tollbooth/signing (~/.local/state/tollbooth/signing).")
        @Flag(help: "PEM text (the default).") var pem = false
        @Flag(help: "DER bytes, for a file or a pipe (not a terminal).") var der = false

        func validate() throws {
            if pem && der { throw ValidationError("choose one of --pem and --der") }
        }

        func run() async throws {
            if der && isatty(STDOUT_FILENO) == 1 {
                throw CLIError("DER is binary and would garble the terminal: redirect it to a file (`tollbooth cert export --der > root.cer`) or use --pem")
            }
            guard let server = ServerSide.linked else { try ServerExecutable.replaceThisProcess(for: "cert export") }
            let root = try await userFacing { try server.rootCertificate() }
            if der {
                FileHandle.standardOutput.write(root.der)
            } else {
                say(root.pem)
            }
        }
    }
}
