import AppStoreServer
import Foundation
import MockStore
import Synchronization
import TestSupport
import Testing

/// A signer whose "JWS" is readable: `stand-in.<base64url payload>.unsigned`, and short tags
/// for transactions and renewal infos. The real signer is tested on its own.
struct ReadableSigner: SignedDataSigning {
    func signedTransaction(_ transaction: MockStore.Transaction) throws -> String { "transaction-\(transaction.id)" }
    func signedRenewalInfo(_ status: SubscriptionStatus) throws -> String { "renewal-\(status.renewalInfo.originalTransactionID)" }
    func signedAppTransaction(_ record: AppTransactionRecord) throws -> String { "app-transaction" }
    func sign(payload: Data) throws -> String {
        "stand-in." + payload.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "") + ".unsigned"
    }

    /// The payload of a body the courier POSTed.
    static func payload(ofBody body: Data) throws -> [String: Any] {
        let outer = try JSONSerialization.jsonObject(with: body) as! [String: Any]
        let jws = outer["signedPayload"] as! String
        var part = String(jws.split(separator: ".")[1]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while part.count % 4 != 0 { part += "=" }
        return try JSONSerialization.jsonObject(with: Data(base64Encoded: part)!) as! [String: Any]
    }
}

/// A receiver in memory: answers each POST with the next scripted outcome (then 200), and can
/// hold POSTs until released, as a slow server does.
final class RecordingPoster: NotificationPosting {
    struct Post: Sendable { var body: Data; var url: String }

    private struct State {
        var posts: [Post] = []
        var script: [PostOutcome] = []
        var holding = false
        var held: [CheckedContinuation<Void, Never>] = []
    }
    private let state = Mutex(State())

    init(answers: [PostOutcome] = [], holding: Bool = false) {
        state.withLock { $0.script = answers; $0.holding = holding }
    }

    var posts: [Post] { state.withLock { $0.posts } }

    func post(_ body: Data, to url: String) async -> PostOutcome {
        let (outcome, hold) = state.withLock { s -> (PostOutcome, Bool) in
            s.posts.append(Post(body: body, url: url))
            return (s.script.isEmpty ? .answered(200) : s.script.removeFirst(), s.holding)
        }
        if hold {
            await withCheckedContinuation { continuation in
                let release = state.withLock { s -> Bool in
                    guard s.holding else { return true }
                    s.held.append(continuation)
                    return false
                }
                if release { continuation.resume() }
            }
        }
        return outcome
    }

    /// Returns once `count` POSTs have arrived (bounded, `Polling`).
    func wait(for count: Int, sourceLocation: SourceLocation = #_sourceLocation) async -> [Post] {
        await Polling.wait(for: "\(count) POST(s)", seen: { "\(self.posts.count) POST(s)" },
                           sourceLocation: sourceLocation) { posts.count >= count }
        return posts
    }

    /// Lets held POSTs (and later ones) answer.
    func release() {
        let held = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            s.holding = false
            defer { s.held = [] }
            return s.held
        }
        for continuation in held { continuation.resume() }
    }
}
