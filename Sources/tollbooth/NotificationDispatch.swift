import Foundation
import MockStore
#if canImport(Glibc)
import Glibc
#endif

/// How notifications leave a ledger that only one-shot commands touch: a command that finds
/// one due now or soon, with no courier on the ledger (`CourierLock`), starts
/// `tollbooth notify deliver` for it, detached (its own session, no terminal), and returns at
/// once. That courier delivers and exits once nothing falls due within
/// `NotifyCommand.Deliver.idleExit` (retries further off wait for the next Tollbooth process
/// on the ledger).
enum NotificationDispatch {
    /// Starts a courier for `store`'s ledger if one is needed. Never throws: a command's work
    /// is done, and a notification left in the outbox goes with the next command.
    static func startCourierIfNeeded(for store: Store) {
        let ledger = store.ledger
        guard ledger.isFile, !ledger.isReadOnly,
              let wait = try? store.notificationWait(), wait <= NotifyCommand.Deliver.idleExit,
              !CourierLock.isHeld(ledger: ledger.path) else { return }
        spawnDetached(["notify", "deliver", "--ledger", ledger.path])
    }

    /// Runs this executable with `arguments` in a new session, its standard streams on
    /// /dev/null, and does not wait for it.
    static func spawnDetached(_ arguments: [String]) {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc 2.26 and later), which Glibc's module hides behind
        // _GNU_SOURCE: the courier outlives the command's terminal and its hang-up.
        let setSession: Int16 = 0x80
        posix_spawnattr_setflags(&attributes, setSession)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        _ = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    }
}
