import TollboothStoreKit
#if canImport(Testing)
import Testing
#endif

/// Runs `body` with a StoreKit test environment of its own: an `SKTestSession` created inside
/// controls only this environment, and `Product`, `Transaction` and the rest, called from
/// `body` or from tasks it starts (an app's listener), reach only it. Tests that each run in
/// one can run in parallel without sharing purchases, which Apple's single environment cannot.
public func withIsolatedStoreKitEnvironment<T>(_ body: () async throws -> T) async rethrows -> T {
    try await AppStoreHost.withIsolatedAppStore(body)
}

#if canImport(Testing)
/// A Swift Testing trait that runs each test in a StoreKit test environment of its own
/// (`withIsolatedStoreKitEnvironment`), so a suite that creates `SKTestSession`s need not be
/// `.serialized`: `@Suite(.isolatedStoreKitEnvironment)` or `@Test(.isolatedStoreKitEnvironment)`.
public struct IsolatedStoreKitEnvironmentTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        // A suite's own scope wraps its tests' scopes: only each test (case) gets an environment.
        guard testCase != nil || !test.isSuite else { return try await function() }
        try await withIsolatedStoreKitEnvironment { try await function() }
    }
}

extension Trait where Self == IsolatedStoreKitEnvironmentTrait {
    /// Each test in a StoreKit test environment of its own.
    public static var isolatedStoreKitEnvironment: Self { IsolatedStoreKitEnvironmentTrait() }
}
#endif
