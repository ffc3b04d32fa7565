/// Where a store's sense of time comes from when a script, not the wall, drives it.
///
/// `tollbooth play` runs a scenario in virtual time: its stores read a `ManualWallClock` that
/// moves only as the script says, and the admin commands it runs in-process (`Store txn …`)
/// open their stores through the CLI's usual code. A task-local value reaches those stores
/// without threading a clock through every command; outside a scenario the real clock is used.
public enum ScriptedTime {
    /// What a scenario sets for the stores opened inside it.
    public struct Script: Sendable {
        /// The clock `Store.init` uses when none is passed.
        public var wallClock: any WallClock
        /// Waits out an injected fault's latency (`fault set … --latency MS`) on the script's
        /// timeline, so a five-second latency costs five virtual seconds and no real ones.
        public var latency: @Sendable (Duration) async -> Void

        public init(wallClock: any WallClock, latency: @escaping @Sendable (Duration) async -> Void) {
            self.wallClock = wallClock
            self.latency = latency
        }
    }

    /// The scenario being played in this task; nil outside one. One task-local holds both values:
    /// two nested `withValue` scopes crashed optimised builds (Swift 6.3) in the runtime's push.
    @TaskLocal public static var script: Script?

    /// The wall clock `Store.init` uses when none is passed: the system's, unless a script set one.
    public static var wallClock: any WallClock { script?.wallClock ?? SystemWallClock() }

    /// The script's way of waiting out a latency; nil: the store sleeps for real.
    public static var latency: (@Sendable (Duration) async -> Void)? { script?.latency }
}
