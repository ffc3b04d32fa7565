import Foundation
import MockStore
import Paywall
import Scenario

/// `tollbooth play` of a scenario whose timeline is 60 s of virtual time, recorded as an
/// asciicast: ≤ 1 s with a release build (≥ 60× real time; VHS or `asciinema rec` need the real
/// 60 s), and every run's cast byte-identical to the first. Each sample is a whole play: parsing,
/// launching the paywall on a fresh ledger file, every key, sleep and expectation, the
/// subscription renewing twice at `monthlyRenewalEveryThirtySeconds`, and writing the cast.
enum PlayBench {
    static let benchmark = Benchmark(
        name: "play",
        summary: "tollbooth play of a 60 s virtual timeline into an asciicast (buy, browse, two renewals)",
        targets: [(.median, 1000)],
        run: { try await run(samples: 10) })

    static func scenario(catalog: String) -> String {
        """
        Set Catalog \(catalog)
        Set Title "Sixty seconds"
        Set Rate monthlyRenewalEveryThirtySeconds
        Set TypingSpeed 80ms
        Expect "Premium Yearly"
        Down 2
        Sleep 2s
        Up 2
        Sleep 1s
        Down
        Enter
        Sleep 1s
        Enter
        Expect "Subscribed"
        Sleep 20s
        Type "jjkk"
        Sleep 15s
        Expect "renewed" within 15s
        Key ?
        Sleep 3s
        Esc
        Sleep 10s
        Key e
        Sleep 3s
        Esc
        Sleep 4s
        """
    }

    static func run(samples count: Int) async throws -> Measurement {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tollbooth-play-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try ScenarioParser.parse(scenario(catalog: try BundledExample.storeKitURL().path), path: "sixty-seconds.tape")
        var first: Data?
        var samples: [Double] = []
        var elapsed: Duration = .zero
        for index in 0...count {
            let cast = folder.appendingPathComponent("\(index).cast").path
            let ledger = folder.appendingPathComponent("\(index).ledger").path
            let time = try await milliseconds {
                let recorder = try CastRecorder(path: cast)
                let result = try await ScenarioPlayer(script: script, ledger: ledger, recorder: recorder).play()
                try recorder.finish()
                elapsed = result.elapsed
            }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: cast))
            if let first, first != bytes { throw BenchError("play \(index) wrote a cast different from the first") }
            first = first ?? bytes
            if index > 0 { samples.append(time) }  // the first play is the warm-up
        }
        guard elapsed >= .seconds(60) else { throw BenchError("the scenario's timeline is \(elapsed), not 60 s") }
        return Measurement(samples: samples, notes: [
            "timeline \(elapsed) of virtual time; \(count) plays after 1 warm-up, every cast byte-identical (\(first?.count ?? 0) bytes)",
        ])
    }
}
