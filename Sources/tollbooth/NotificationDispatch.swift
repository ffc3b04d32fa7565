import Foundation
import MockStore
#if canImport(Glibc)
import Glibc
#endif

/// How notifications leave a ledger from processes that do not deliver them themselves (every
/// one but `serve`; `tollbooth` links no HTTP client): a process that finds one due now or
/// soon, with no courier on the ledger (`CourierLock`), starts `tollbooth-server notify
/// deliver` for it, detached (its own session, no terminal), and goes on. That courier
/// delivers and exits once nothing falls due within `NotifyCommand.Deliver.idleExit`.
enum NotificationDispatch {
    /// Starts a courier for `store`'s ledger if one is needed: what a one-shot command does
    /// (retries further off wait for the next Tollbooth process on the ledger). Never throws: a
    /// command's work is done, and a notification left in the outbox goes with the next command.
    static func startCourierIfNeeded(for store: Store) {
        let ledger = store.ledger
        guard ledger.isFile, !ledger.isReadOnly,
              let wait = try? store.notificationWait(), wait <= NotifyCommand.Deliver.idleExit,
              !CourierLock.isHeld(ledger: ledger.path) else { return }
        if !startCourier(ledger: ledger.path) {
            LedgerOptions.note("a notification waits to be sent, but " + ServerExecutable.missing("notify deliver"))
        }
    }

    /// What a paywall does for its ledger until the task is cancelled: the same as a one-shot
    /// command, each time a notification falls due, so retries go out while it runs. It
    /// sleeps on the ledger's bell (a write from this process or another) and until the next
    /// attempt falls due; while a courier holds the ledger, it looks again when that courier
    /// could have exited (`idleExit`).
    static func watch(ledger: Ledger) async {
        guard ledger.isFile, !ledger.isReadOnly else { return }
        let bell = Doorbell()
        ledger.listen(bell)
        defer { ledger.stopListening(bell) }
        let horizon = NotifyCommand.Deliver.idleExit
        // Seconds before starting another courier when the last one never took the lock (it
        // could not open the ledger or load the test authority): doubled each time, up to the
        // horizon, so a courier that cannot start is not started every second.
        var patience: TimeInterval = 1
        while !Task.isCancelled {
            guard let due = try? ledger.notificationWait(wallNow: Date()) else {
                await bell.wait()
                continue
            }
            // From a file another process wrote: a value no `Duration` holds (not finite, or
            // centuries off) must not trap; looking again each day is soon enough.
            let wait = due.isFinite ? min(max(due, 0), 86_400) : 86_400
            if CourierLock.isHeld(ledger: ledger.path) {
                patience = 1
                await bell.wait(timeout: .seconds(max(wait, horizon)))
            } else if wait <= horizon {
                // Nothing to say on the paywall's screen when there is no tollbooth-server:
                // the outbox keeps the notification, and `notify list` shows it waiting.
                guard startCourier(ledger: ledger.path) else { return }
                // The courier takes the lock as it starts; its first claim rings the bell.
                await bell.wait(timeout: .seconds(patience))
                patience = min(patience * 2, horizon)
            } else {
                await bell.wait(timeout: .seconds(wait - horizon))
            }
        }
    }

    /// Starts `notify deliver` for `ledger`, detached; false when there is no executable to
    /// run it (`ServerExecutable`).
    static func startCourier(ledger: String) -> Bool {
        guard let executable = ServerExecutable.path else { return false }
        spawnDetached(executable, ["notify", "deliver", "--ledger", ledger])
        return true
    }

    /// Runs `executable` with `arguments` in a new session, its standard streams on
    /// /dev/null, and does not wait for it.
    static func spawnDetached(_ executable: String, _ arguments: [String]) {
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
