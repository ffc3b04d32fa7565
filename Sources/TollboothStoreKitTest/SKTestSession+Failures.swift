import MockStore
import TollboothStoreKit

extension SKTestSession {
    /// Makes `api` throw `error` from now on (nil: succeed again). The app catches exactly the
    /// value given: `.generic(.networkError(URLError(.notConnectedToInternet)))` on
    /// `.loadProducts` makes `Product.products(for:)` throw that `StoreKitError.networkError`.
    public func setSimulatedError<API: FailableStoreKitAPI>(_ error: API.Failure?, forAPI api: API) async throws {
        let storeAPI = SimulatedFailure.api(api)
        guard let error else {
            _ = try run { try $0.clearFaults(storeAPI) }
            rememberedFailures.withLock { _ = $0.removeValue(forKey: storeAPI) }
            connection.rememberSimulatedError(nil, for: storeAPI)
            return
        }
        let (injected, exact) = SimulatedFailure.injected(error)
        // The exact value first, so a call failing between the two lines throws it.
        connection.rememberSimulatedError(storeAPI == .verification ? nil : exact, for: storeAPI)
        rememberedFailures.withLock { $0[storeAPI] = error }
        _ = try run { try $0.setFault(FaultRule(api: storeAPI, error: injected)) }
    }

    /// The error `api` throws now, or nil. Errors enabled in the `.storekit` file count too.
    public func simulatedError<API: FailableStoreKitAPI>(forAPI api: API) async -> API.Failure? {
        let storeAPI = SimulatedFailure.api(api)
        let rule = read(nil) { try $0.faults().first { $0.api == storeAPI } }
        guard let injected = rule?.error else { return nil }
        return SimulatedFailure.failure(injected, as: API.Failure.self,
                                        remembered: rememberedFailures.withLock { $0[storeAPI] })
    }

    // MARK: - Before setSimulatedError (deprecated by Apple)

    /// Purchases fail with `failureError`.
    @available(*, deprecated, message: "No longer supported. Use simulatedError(forAPI:).")
    public var failTransactionsEnabled: Bool {
        get { read(false) { try $0.faults().contains { $0.api == .purchase } } }
        set {
            let error = Self.injected(storedFailureError.withLock { $0 })
            perform("setting failTransactionsEnabled") { session in
                if newValue {
                    try session.setFault(FaultRule(api: .purchase, error: error))
                } else {
                    try session.clearFaults(.purchase)
                }
            }
        }
    }

    /// The error purchases fail with while `failTransactionsEnabled` is on: `.unknown`,
    /// `.invalidOfferIdentifier`, `.invalidSignature`, `.missingOfferParams` or `.invalidOfferPrice`.
    @available(*, deprecated, message: "No longer supported. Use simulatedError(forAPI:).")
    public var failureError: SKError.Code {
        get { storedFailureError.withLock { $0 } }
        set {
            storedFailureError.withLock { $0 = newValue }
            let error = Self.injected(newValue)
            perform("setting failureError") { session in
                if try session.faults().contains(where: { $0.api == .purchase }) {
                    try session.setFault(FaultRule(api: .purchase, error: error))
                }
            }
        }
    }

    private static func injected(_ code: SKError.Code) -> InjectedError {
        switch code {
        case .invalidOfferIdentifier: .purchase(.invalidOfferIdentifier)
        case .invalidSignature: .purchase(.invalidOfferSignature)
        case .missingOfferParams: .purchase(.missingOfferParameters)
        case .invalidOfferPrice: .purchase(.invalidOfferPrice)
        default: .storeKit(.unknown)
        }
    }
}
