import Chrome
import Foundation
import Paywall
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tollbooth-server`, found in the folder of the running executable (scripts/install and
/// `swift build` put both there): what runs `serve` and delivers notifications when this
/// executable links no server side.
enum ServerExecutable {
    static let name = "tollbooth-server"

    /// The one sentence for a `tollbooth` without its `tollbooth-server`.
    static func missing(_ command: String) -> String {
        "`tollbooth \(command)` runs \(name), which is not beside this tollbooth in \(folder ?? "its folder"): build it with `swift build --product \(name)` (scripts/install installs both)"
    }

    /// The executable that serves and delivers: this one when it has the server side linked
    /// in, else `tollbooth-server` beside it; nil when there is none.
    static var path: String? {
        guard let running = RunningExecutable.path else { return nil }
        if ServerSide.linked != nil { return running }
        let sibling = URL(fileURLWithPath: running).deletingLastPathComponent().appendingPathComponent(name).path
        return access(sibling, X_OK) == 0 ? sibling : nil
    }

    static var folder: String? {
        RunningExecutable.path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
    }

    /// Replaces this process with `tollbooth-server` and this process's own arguments, so its
    /// output, signals (Ctrl-C stops the server) and exit status are the command's own.
    /// Returns only when there is no `tollbooth-server` to run.
    static func replaceThisProcess(for command: String) throws -> Never {
        guard let path else { throw CLIError(missing(command)) }
        fflush(nil)  // every stream: what was printed before goes out before the new image
        let argv = ([path] + CommandLine.arguments.dropFirst()).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        throw CLIError("`tollbooth \(command)` could not start \(path) (\(reason)): rebuild it with `swift build --product \(name)`")
    }
}
