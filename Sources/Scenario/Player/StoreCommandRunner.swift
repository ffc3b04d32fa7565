/// Runs a `Store ARGS…` line: a `tollbooth` admin command (`txn refund last`, `clock advance +1M`,
/// `fault set purchase storeKit.networkError --once`) on the scenario's ledger, as another
/// process would.
///
/// The `Scenario` module cannot reach the CLI's command tree, so `tollbooth play` supplies one
/// that parses the arguments as `tollbooth` does. It runs inside the player's task, whose
/// `ScriptedTime.wallClock` is the scenario's virtual clock, so the command's store reads the
/// same time as the paywall's.
public protocol StoreCommandRunner: Sendable {
    /// The command's output (what it would print), or a thrown error whose description is the
    /// CLI's own one-sentence message.
    func run(_ arguments: [String], ledger: String, catalog: String) async throws -> String
}
