/// What one call drew from the fault book: the error to throw, if the fault fired, and the
/// latency to wait before answering (added whether or not it fired).
struct FaultDraw: Sendable, Equatable {
    var error: InjectedError?
    var latencyMilliseconds: Int

    /// No fault set for the API.
    static let none = FaultDraw(error: nil, latencyMilliseconds: 0)

    /// The same outcome, answered `milliseconds` later.
    func delayed(by milliseconds: Int) -> FaultDraw {
        FaultDraw(error: error, latencyMilliseconds: latencyMilliseconds + milliseconds)
    }
}
