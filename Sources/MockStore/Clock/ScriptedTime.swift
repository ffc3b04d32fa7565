/// Where a store's sense of time comes from when a script, not the wall, drives it.
///
/// `tollbooth play` runs a scenario in virtual time: its stores read a `ManualWallClock` that
/// moves only as the script says, and the admin commands it runs in-process (`Store txn …`)
/// open their stores through the CLI's usual code. These task-local values reach those stores
/// without threading a clock through every command; outside a scenario they are the real ones.
public enum ScriptedTime {
    /// The wall clock `Store.init` uses when none is passed: the system's, unless set for a task.
    @TaskLocal public static var wallClock: any WallClock = SystemWallClock()

    /// Waits out an injected fault's latency (`fault set … --latency MS`). Nil: the store sleeps
    /// for real. A scenario player passes time on its own timeline instead, so a five-second
    /// latency costs five virtual seconds and no real ones.
    @TaskLocal public static var latency: (@Sendable (Duration) async -> Void)?
}
