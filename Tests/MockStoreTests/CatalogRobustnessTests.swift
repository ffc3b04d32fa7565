import Foundation
import Testing
@testable import MockStore

/// A seeded generator, so a failing case can be replayed exactly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Cut-short and corrupted files: the loader must load or refuse with a located sentence,
/// never trap. (A trap would take the whole test process down, which is the failure mode.)
@Suite struct CatalogRobustnessTests {
    /// Bytes a mutation writes: JSON punctuation reaches the parser's deeper paths more often
    /// than random bytes, which mostly stop at the UTF-8 check.
    static let interesting: [UInt8] = Array(#"{}[]",:\0123456789.-+eEtfnu "#.utf8) + [0x00, 0x0A, 0x7F, 0xC3, 0xE3, 0xF0, 0xFF]

    @Test(arguments: Samples.fileNames.filter { $0 != Samples.empty })
    func truncatedAndMutatedSamplesLoadOrFailClearly(name: String) throws {
        let original = [UInt8](try Samples.bytes(name))
        var rng = SplitMix64(seed: UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
        var cases: [[UInt8]] = []

        // Truncations: evenly spread plus random cuts (a file saved half-way, a bad copy).
        for step in 0..<30 { cases.append(Array(original.prefix(original.count * step / 30))) }
        for _ in 0..<20 { cases.append(Array(original.prefix(Int.random(in: 0..<original.count, using: &rng)))) }

        // Mutations: 1–4 edits each (replace, insert, delete, duplicate a slice, or swap a letter
        // or digit for another, which keeps the JSON valid and reaches the semantic checks).
        for _ in 0..<150 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) where !bytes.isEmpty {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                let byte = Bool.random(using: &rng)
                    ? Self.interesting.randomElement(using: &rng)!
                    : UInt8.random(in: 0...255, using: &rng)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: bytes[at] = byte
                case 4:
                    let alphanumerics = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
                    if alphanumerics.contains(bytes[at]) { bytes[at] = alphanumerics.randomElement(using: &rng)! }
                case 1: bytes.insert(byte, at: at)
                case 2: bytes.remove(at: at)
                default:
                    let end = min(bytes.count, at + Int.random(in: 1...40, using: &rng))
                    bytes.insert(contentsOf: bytes[at..<end], at: at)
                }
            }
            cases.append(bytes)
        }

        var loaded = 0
        for bytes in cases {
            let lines = bytes.filter { $0 == 0x0A }.count + 1
            do {
                let catalog = try CatalogLoader.load(data: Data(bytes), source: name)
                #expect(catalog.source == name)
                _ = CatalogCheck.run(catalog)
                loaded += 1
            } catch {
                let text = error.description
                #expect(text.hasPrefix(name), "\(text)")
                #expect(text.hasSuffix("."), "\(text)")
                #expect(!text.contains("\n"), "\(text)")
                #expect(!error.problem.isEmpty && !error.fix.isEmpty)
                if let line = error.line, let column = error.column {
                    #expect((1...lines).contains(line), "\(text)")
                    #expect(column >= 1)
                } else {
                    #expect([.empty, .encoding].contains(error.kind), "\(text)")
                }
            }
        }
        // Some edits land inside text and keep the file loadable, so both paths ran (the non-Xcode
        // file, which is refused whole, is the exception).
        #expect(loaded > 0 || name == Samples.notXcode)
    }

    @Test func randomBytesNeverTrap() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<500 {
            let count = Int.random(in: 0...200, using: &rng)
            var bytes: [UInt8] = []
            for _ in 0..<count {
                bytes.append(Bool.random(using: &rng) ? Self.interesting.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng))
            }
            do {
                _ = try CatalogLoader.load(data: Data(bytes), source: "random.storekit")
            } catch {
                #expect(error.description.hasPrefix("random.storekit"))
            }
        }
    }

    /// No quadratic paths: a catalog far larger than any real one (about 1.5 MB) loads quickly
    /// even in a debug build.
    @Test func largeCatalogLoadsInLinearTime() throws {
        let products = (0..<3000).map { productJSON(["productID": "\"p\($0)\""]) }.joined(separator: ",\n")
        let subscriptions = (0..<2000).map {
            subscriptionJSON(["productID": "\"s\($0)\"", "codeOffers": #"[{ "eligibility" : ["new"], "isStackable" : true, "paymentMode" : "free", "referenceName" : "c", "subscriptionPeriod" : "P1M" }]"#])
        }.joined(separator: ",\n")
        let text = config(products: products, groups: groupJSON(subscriptions))
        let clock = ContinuousClock()
        var catalog: Catalog?
        let elapsed = try clock.measure { catalog = try loadText(text) }
        #expect(catalog?.products.count == 5000)
        #expect(elapsed < .seconds(5), "loading \(text.utf8.count) bytes took \(elapsed)")
        let checkTime = clock.measure { _ = CatalogCheck.run(catalog!) }
        #expect(checkTime < .seconds(5))
    }
}
