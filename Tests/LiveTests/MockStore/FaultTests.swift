import Foundation
import MockStore
import TestSupport
import Testing

/// §2.4 failable APIs and Tollbooth's modes: always, times(n), seeded probability, latency.
@Suite("Lifecycle: fault injection")
struct FaultTests {
    typealias F = StoreFixtures

    func set(_ store: Store, _ rule: FaultRule) async throws {
        try await store.admin { try $0.setFault(rule) }
    }

    @Test("always: every call fails until cleared")
    func always() async throws {
        let (store, _, _) = try F.device()
        try await set(store, FaultRule(api: .loadProducts, error: .storeKit(.networkError)))
        for _ in 0..<3 {
            await #expect(throws: StoreKitError.networkError) { try await store.products(for: [F.monthly]) }
        }
        #expect(try await store.snapshot().faults.map(\.api) == [.loadProducts])
        try await store.admin { try $0.clearFaults(.loadProducts) }
        #expect(try await store.products(for: [F.monthly]).count == 1)
    }

    @Test("times(n): n failures, then spent and gone")
    func times() async throws {
        let (store, _, _) = try F.device()
        try await set(store, FaultRule(api: .purchase, error: .purchase(.productUnavailable), mode: .times(remaining: 2)))
        await #expect(throws: PurchaseError.productUnavailable) { try await store.purchase(productID: F.lifetime) }
        #expect(try await store.admin { try $0.faults() }.first?.mode == .times(remaining: 1))
        await #expect(throws: PurchaseError.productUnavailable) { try await store.purchase(productID: F.lifetime) }
        #expect(try await store.admin { try $0.faults() }.isEmpty, "spent")
        #expect(try await Life.buy(store, F.lifetime).productID == F.lifetime)
        let fired = try await store.admin { try $0.events() }.filter { $0.kind == .faultFired }
        #expect(fired.count == 2)
        #expect(try await store.all.count == 1, "failed purchases leave no transaction")
    }

    /// The outcomes of `count` calls to `products(for:)` on a fresh ledger with a probability fault.
    func outcomes(p: Double, seed: UInt64, count: Int) async throws -> [Bool] {
        let (store, _, _) = try F.device()
        try await set(store, FaultRule(api: .loadProducts, error: .storeKit(.networkError), mode: .probability(p, seed: seed)))
        var results: [Bool] = []
        for _ in 0..<count {
            do {
                _ = try await store.products(for: [F.coins])
                results.append(true)
            } catch StoreKitError.networkError {
                results.append(false)
            }
        }
        return results
    }

    @Test("probability with a seed repeats across two fresh ledgers")
    func probability() async throws {
        let a = try await outcomes(p: 0.5, seed: 42, count: 64)
        let b = try await outcomes(p: 0.5, seed: 42, count: 64)
        #expect(a == b, "same seed, same draws")
        #expect(a.contains(true) && a.contains(false))
        let failures = a.filter { !$0 }.count
        #expect((16...48).contains(failures), "about half fail: \(failures) of 64")
        let other = try await outcomes(p: 0.5, seed: 7, count: 64)
        #expect(other != a, "another seed draws differently")
        #expect(try await outcomes(p: 0, seed: 1, count: 10).allSatisfy { $0 })
        #expect(try await outcomes(p: 1, seed: 1, count: 10).allSatisfy { !$0 })
    }

    @Test("latency is added before the answer, with or without an error")
    func latency() async throws {
        let (store, _, _) = try F.device()
        // p = 0: never fails, always waits.
        try await set(store, FaultRule(api: .loadProducts, error: .storeKit(.networkError), mode: .probability(0, seed: 1), latencyMilliseconds: 120))
        var start = ContinuousClock.now
        #expect(try await store.products(for: [F.coins]).count == 1)
        #expect(ContinuousClock.now - start >= .milliseconds(120))

        try await set(store, FaultRule(api: .purchase, error: .storeKit(.networkError), latencyMilliseconds: 80))
        start = ContinuousClock.now
        await #expect(throws: StoreKitError.networkError) { try await store.purchase(productID: F.coins) }
        #expect(ContinuousClock.now - start >= .milliseconds(80))

        try await set(store, FaultRule(api: .appStoreSync, error: .storeKit(.unknown), mode: .probability(0, seed: 3), latencyMilliseconds: 60))
        start = ContinuousClock.now
        try await store.sync()
        #expect(ContinuousClock.now - start >= .milliseconds(60))
    }

    @Test("a latency-only purchase fault delays the purchase, which still succeeds")
    func purchaseLatencyOnly() async throws {
        let (store, _, _) = try F.device()
        try await set(store, FaultRule(api: .purchase, error: .storeKit(.networkError), mode: .latencyOnly, latencyMilliseconds: 150))
        let start = ContinuousClock.now
        let bought = try await Life.buy(store, F.lifetime)
        #expect(ContinuousClock.now - start >= .milliseconds(150))
        #expect(bought.productID == F.lifetime)
        #expect(try await store.admin { try $0.faults() }.map(\.mode) == [.latencyOnly], "latency only is never spent")
    }

    /// The verification fault is drawn when the purchase hands out its transaction; its latency
    /// delays the purchase's answer like any fault's, whether or not the fault fires.
    @Test("a verification fault's latency delays the purchase that hands out the transaction",
          arguments: [FaultRule.Mode.times(remaining: 1), .latencyOnly])
    func verificationLatency(mode: FaultRule.Mode) async throws {
        let (store, _, _) = try F.device()
        try await set(store, FaultRule(api: .verification, error: .verification(.invalidSignature), mode: mode, latencyMilliseconds: 400))
        let start = ContinuousClock.now
        let result = try await store.purchase(productID: F.lifetime)
        #expect(ContinuousClock.now - start >= .milliseconds(400))
        guard case .success(let verification) = result else { Issue.record("expected success, got \(result)"); return }
        #expect(verification.isVerified == (mode == .latencyOnly))
    }

    @Test("loadProducts fault throws from products(for:) and allProducts()")
    func loadProducts() async throws {
        let (store, _, _) = try F.device()
        try await set(store, FaultRule(api: .loadProducts, error: .storeKit(.notAvailableInStorefront), mode: .times(remaining: 2)))
        await #expect(throws: StoreKitError.notAvailableInStorefront) { try await store.products(for: [F.monthly]) }
        await #expect(throws: StoreKitError.notAvailableInStorefront) { try await store.allProducts() }
        #expect(try await store.products(for: [F.monthly]).map(\.id) == [F.monthly])
    }

    @Test("verification fault marks the next transaction .unverified, and only that one")
    func verification() async throws {
        let (store, _, _) = try F.device()
        try await set(store, FaultRule(api: .verification, error: .verification(.invalidSignature), mode: .times(remaining: 1)))
        let result = try await store.purchase(productID: F.lifetime)
        guard case .success(let verification) = result else { Issue.record("expected success, got \(result)"); return }
        #expect(verification.verificationError == .invalidSignature)
        #expect(throws: VerificationError.invalidSignature) { try verification.payloadValue }
        #expect(verification.unsafePayloadValue.productID == F.lifetime)
        #expect(try await store.currentEntitlements.first?.isVerified == false, "stays unverified when read again")
        let next = try await store.purchase(productID: F.coins)
        guard case .success(let ok) = next else { Issue.record("expected success"); return }
        #expect(ok.isVerified)
    }

    @Test("verification fault also applies to a renewal made by the store")
    func verificationRenewal() async throws {
        let (store, _, clock) = try F.device()
        let tx = try await Life.buy(store, F.monthly)
        try await set(store, FaultRule(api: .verification, error: .verification(.invalidDeviceVerification), mode: .times(remaining: 1)))
        let updates = Collected(store.updates)
        await Life.move(store, clock, to: tx.expirationDate!.addingTimeInterval(1))
        #expect(await updates.wait(for: 1).first?.verificationError == .invalidDeviceVerification)
    }

    @Test("other APIs: subscription status, sheets; wrong error kinds are refused")
    func otherAPIs() async throws {
        let (store, _, _) = try F.device()
        _ = try await Life.buy(store, F.monthly)
        try await set(store, FaultRule(api: .subscriptionStatus, error: .storeKit(.systemError), mode: .times(remaining: 1)))
        await #expect(throws: StoreKitError.systemError) { try await store.status(forGroup: F.group) }
        #expect(try await store.status(forGroup: F.group).count == 1)
        try await set(store, FaultRule(api: .refundRequest, error: .refundRequest(.duplicateRequest)))
        await #expect(throws: RefundRequestError.duplicateRequest) { try await store.presentSheet(.refundRequest) }
        try await store.presentSheet(.manageSubscriptions)
        let refused = await #expect(throws: StoreOperationError.self) {
            try await set(store, FaultRule(api: .loadProducts, error: .purchase(.invalidQuantity)))
        }
        #expect(refused?.description.contains("cannot be injected into loadProducts") == true)
    }
}
