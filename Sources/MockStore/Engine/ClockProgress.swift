/// How far a long clock advance has got: the subscription steps taken so far against the
/// estimate made before it started, reported every `every` steps so a CLI can show progress.
public struct ClockProgress {
    /// One report.
    public struct Update: Sendable, Equatable {
        /// Renewals, billing failures and expiries applied so far.
        public var done: Int
        /// About how many the advance takes in all (`done` may pass it: it is an estimate).
        public var estimate: Int
    }

    /// Steps between reports.
    static let every = 1_000

    let estimate: Int
    let send: (Update) -> Void

    func report(_ done: Int) { send(Update(done: done, estimate: estimate)) }
}
