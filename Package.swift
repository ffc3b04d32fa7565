// swift-tools-version:6.0
import PackageDescription
#if os(Linux)
import Glibc

/// glibc 2.36 and later read packed relative relocations (DT_RELR); an older one refuses to
/// start a binary that has them, so they are asked for only where the build's glibc has them.
/// A probe, not `.when(platforms:)`: Swift's Linux platforms span glibc 2.26 to 2.40, and no
/// build condition names the C library's version.
let packRelativeRelocations: [String] = {
    var text = [CChar](repeating: 0, count: 64)  // "glibc 2.36"
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &text, text.count) > 0 else { return [] }
    let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    let version = String(decoding: bytes, as: UTF8.self).split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
    guard version.count >= 2, (version[0], version[1]) >= (2, 36) else { return [] }
    return ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
}()

/// The code a short paywall session runs, listed in the order it first runs it
/// (scripts/order-symbols writes the file). The kernel maps code in 64 kB around each page a
/// process touches: in the linker's default order that code is scattered over the whole text and
/// most of the text ends up resident; listed first, it sits together. Names lld does not find (a
/// stale list) are skipped without a warning, one line each; `scripts/order-symbols --check`
/// counts them, and scripts/install runs it. Without the file the link is as before (measured
/// after the server moved out: 30.4 MB resident against 25.6 MB with it, BENCHMARKS.md).
/// A probe: a checkout without the generated file still builds.
let hotSymbolOrder: [String] = {
    let file = Context.packageDirectory + "/Sources/tollbooth/Linker/hot-symbols.order"
    guard access(file, R_OK) == 0 else { return [] }
    return ["-Xlinker", "--symbol-ordering-file=" + file, "-Xlinker", "--no-warn-symbol-ordering"]
}()

/// SQLite, the C++ library and libcrypto (MockStore's offer signatures) linked in rather than
/// loaded: a shared library is mapped whole and the few functions the paywall calls pull in
/// 64 kB each (1.3 MB of libsqlite3, 1.5 MB of libstdc++ were resident); linked in, only what is
/// referenced comes in, and the hot part joins the ordered code above. Each directory holds a
/// one-line linker script named like the shared library, found first on the search path, that
/// names the archive instead; it is added only where the archive is installed (libsqlite3-dev,
/// libssl-dev, the compiler's libstdc++-dev), else the shared library is linked as before. A
/// probe, not `.when(platforms:)`: Debian and Ubuntu ship the archives with the headers, Fedora
/// and Amazon Linux in separate -static packages, so the same platform may or may not have them.
let staticArchives: [String] = {
    func installed(_ pattern: String) -> Bool {
        var found = glob_t()
        defer { globfree(&found) }
        return glob(pattern, 0, nil, &found) == 0 && found.gl_pathc > 0
    }
    let linker = Context.packageDirectory + "/Sources/tollbooth/Linker/"
    var flags: [String] = []
    if installed("/usr/lib/*-linux-gnu/libsqlite3.a") { flags += ["-L", linker + "static-sqlite"] }
    if installed("/usr/lib/gcc/*-linux-gnu/*/libstdc++.a") { flags += ["-L", linker + "static-cxx"] }
    if installed("/usr/lib/*-linux-gnu/libcrypto.a") { flags += ["-L", linker + "static-crypto"] }
    return flags
}()
#else
let packRelativeRelocations: [String] = []
let hotSymbolOrder: [String] = []
let staticArchives: [String] = []
#endif

/// How the executables link on Linux.
/// The Swift runtime and Foundation linked in: loading and relocating their shared libraries was
/// most of the start-up (BENCHMARKS.md, "Start-up and memory"), and an installed binary then
/// needs no toolchain beside it. macOS ships the runtime with the OS, so nothing changes there.
/// lld: GNU ld warns about glibc's mktemp, which static Foundation references.
/// Packed relocations: 90,000 relative relocations in 17 kB instead of 2.1 MB that the loader
/// would read at every start.
/// The modules are compiled against the shared Foundation, whose autolink entries do not name
/// the archives it is built from; those are named here.
/// Release only, for resident memory: `release` (the paywall's hot code first), SQLite and
/// libstdc++ linked in (staticArchives), and no dynamic symbol table of the binary's 18,000
/// functions (the static stdlib's link arguments export them, nothing looks them up, and the
/// loader read 1.2 MB of it at every start).
func executableLinking(release: [String]) -> [LinkerSetting] {
    [.unsafeFlags(["-static-stdlib", "-use-ld=lld"] + packRelativeRelocations, .when(platforms: [.linux])),
     .unsafeFlags(release + staticArchives + ["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux], configuration: .release))]
        + ["CoreFoundation", "FoundationInternationalization", "_FoundationICU", "FoundationEssentials",
           "_FoundationCollections", "_FoundationCShims"].map { .linkedLibrary($0, .when(platforms: [.linux])) }
}

let package = Package(
    name: "Tollbooth",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tollbooth", targets: ["tollbooth"]),
        // `serve` and notification delivery: `tollbooth serve` and `tollbooth notify deliver`
        // run it from beside the running `tollbooth` (docs/architecture.md §2).
        .executable(name: "tollbooth-server", targets: ["tollbooth-server"]),
        .library(name: "MockStore", targets: ["MockStore"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "Chrome", targets: ["Chrome"]),
        .library(name: "Paywall", targets: ["Paywall"]),
        .library(name: "ControlRoom", targets: ["ControlRoom"]),
        .library(name: "TollboothApp", targets: ["TollboothApp"]),
        .library(name: "Audit", targets: ["Audit"]),
        .library(name: "Scenario", targets: ["Scenario"]),
        .library(name: "TollboothStoreKit", targets: ["TollboothStoreKit"]),
        .library(name: "TollboothStoreKitTest", targets: ["TollboothStoreKitTest"]),
        .library(name: "AppStoreServer", targets: ["AppStoreServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // The signed-data side's ES256 and the test authority's keys; MockStore's offer signatures
        // use it off Linux only (on Linux the system's libcrypto, COpenSSL).
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // The local test authority's certificates, for signed transactions (docs/server.md).
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        // `tollbooth serve` (the local App Store Server API) and notification deliveries.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Imported by our own code as well as by the packages above, so declared here too
        // (spelled as those packages spell them).
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
    ],
    targets: [
        // The only place that sees ncurses headers (docs/terminal.md §1.1). No pkgConfig: its
        // cflags (-D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600) are flags SwiftPM refuses with a warning
        // on every build; shim.h defines what the API needs, and TerminalUI names the library.
        .systemLibrary(
            name: "CNCursesW", path: "Sources/CNCursesW",
            providers: [.apt(["libncurses-dev"])]),
        // glibc's malloc tuning, for the tollbooth executable (Sources/CMalloc/shim.h says why).
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // P-256 and SHA-384 from the system's libcrypto, for MockStore on Linux: swift-crypto's
        // BoringSSL would be half of the paywall's first build (MockStore/Platform/P256+OpenSSL.swift).
        .systemLibrary(
            name: "COpenSSL", path: "Sources/COpenSSL",
            providers: [.apt(["libssl-dev"])]),
        // The ledger's one SQLite setting Swift cannot make (sqlite3_db_config is variadic):
        // journals are copied into a ledger only after Tollbooth has checked them (MockStore's
        // JournalCheck). GRDB links SQLite itself.
        .target(name: "CLedgerSQLite", path: "Sources/CLedgerSQLite"),
        // The in-process StoreKit 2 mock: catalog, ledger, clock, faults, store.
        .target(
            name: "MockStore",
            dependencies: [
                "CLedgerSQLite",
                .product(name: "GRDB", package: "GRDB.swift"),
                .target(name: "COpenSSL", condition: .when(platforms: [.linux])),
                .product(name: "Crypto", package: "swift-crypto",
                         condition: .when(platforms: [.macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS])),
            ]),
        // Cells, canvas, safe text, widgets, and the ncurses / in-memory terminals.
        // The library's name is the platform's: Debian's wide-character build is ncursesw; macOS's
        // SDK has only ncurses, which is wide-character there (a module map cannot say "per platform").
        .target(name: "TerminalUI", dependencies: ["CNCursesW"],
                linkerSettings: [.linkedLibrary("ncursesw", .when(platforms: [.linux])),
                                 .linkedLibrary("ncurses", .when(platforms: [.macOS]))]),
        // What every feature draws and reads with: themes, the String Catalog and its core copy,
        // spans and lines, sheets, the status rows, the shared facts (`SharedContext`), and the
        // files Tollbooth ships with (themes, strings, the example app).
        .target(
            name: "Chrome",
            dependencies: ["MockStore", "TerminalUI", "Yams"],
            resources: [.copy("Resources")]),
        // The customer's screen: its State, Event, Effect, update and view, and the manifest.
        .target(name: "Paywall", dependencies: ["Chrome", "MockStore", "TerminalUI", "Yams"]),
        // Xcode's Transaction Manager and more, beside the paywall: the panels, admin actions and
        // their copy. Sees its own state and the app's shared facts; asks the app for the rest.
        .target(name: "ControlRoom", dependencies: ["Chrome", "MockStore", "TerminalUI"]),
        // The app that composes them: AppState, AppEvent, AppEffect, update, view, the runtime,
        // the effect performer, and the audit overlay.
        .target(name: "TollboothApp", dependencies: ["MockStore", "TerminalUI", "Chrome", "Paywall", "ControlRoom"]),
        // The disclosure audit: renders the paywall headlessly and checks docs/domain.md §3.
        .target(name: "Audit", dependencies: ["MockStore", "TerminalUI", "Chrome", "Paywall"]),
        // Scripted scenarios: the script parser, the headless player, asciicast and SVG writers.
        .target(name: "Scenario", dependencies: ["MockStore", "TerminalUI", "Chrome", "Paywall", "TollboothApp"]),
        // StoreKit 2's API, spelled as Apple spells it, over MockStore: an app's own StoreKit code
        // compiles unchanged and runs on Linux.
        .target(name: "TollboothStoreKit", dependencies: ["MockStore", "AppStoreServer"]),
        // StoreKitTest's SKTestSession, as Apple spells it, over MockStore: tests drive the store
        // TollboothStoreKit talks to.
        .target(name: "TollboothStoreKitTest", dependencies: ["TollboothStoreKit", "MockStore"]),
        // The App Store's server side, without networking: the local test authority, signed
        // transactions and renewal infos, App Store Server Notifications v2 and the outbox's
        // courier, and the App Store Server API's answers.
        .target(
            name: "AppStoreServer",
            dependencies: [
                "MockStore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]),
        // The same over HTTP: `tollbooth serve` (Hummingbird) and notification deliveries
        // (AsyncHTTPClient).
        .target(
            name: "AppStoreServerHTTP",
            dependencies: [
                "AppStoreServer", "MockStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                // The connection's idle and body timeouts sit below Hummingbird's router.
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The command line: every subcommand's parsing and work (one file per subcommand), for
        // both executables. It links no HTTP and no signed data: `serve`, notification
        // deliveries, `cert export` and `txn signed` get their server, client and test authority
        // from the executable that has them (`ServerSide`).
        .target(
            name: "TollboothCLI",
            dependencies: [
                "MockStore", "TerminalUI", "Chrome", "Paywall", "TollboothApp", "Audit", "Scenario", "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/tollbooth",
            exclude: ["Linker"]),
        // The paywall, the control room and every admin command; `serve`, `notify deliver`,
        // `cert export` and `txn signed` replace this process with `tollbooth-server` from the
        // same folder.
        .executableTarget(
            name: "tollbooth",
            dependencies: ["TollboothCLI"],
            path: "Sources/Executables/tollbooth",
            linkerSettings: executableLinking(release: hotSymbolOrder)),
        // The same commands with the App Store Server API's HTTP server (Hummingbird), the
        // notification poster (AsyncHTTPClient) and the test authority (swift-certificates) linked in.
        .executableTarget(
            name: "tollbooth-server",
            dependencies: ["TollboothCLI", "AppStoreServer", "AppStoreServerHTTP", "MockStore"],
            path: "Sources/Executables/tollbooth-server",
            linkerSettings: executableLinking(release: [])),
        // Benchmarks with the figures the issues name; results go in BENCHMARKS.md.
        .executableTarget(
            name: "TollboothBench",
            dependencies: ["MockStore", "TerminalUI", "Chrome", "Paywall", "ControlRoom", "TollboothApp", "Audit", "Scenario",
                           "TollboothStoreKit", "TollboothStoreKitTest",
                           "AppStoreServer", "AppStoreServerHTTP",
                           .product(name: "AsyncHTTPClient", package: "async-http-client"),
                           .product(name: "NIOCore", package: "swift-nio")]),
        .target(name: "TestSupport", dependencies: ["MockStore", "TerminalUI"], path: "Tests/TestSupport"),
        .testTarget(
            name: "MockStoreTests",
            dependencies: [
                "MockStore", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
                // Ledger tests forge on-disk states (a newer schema) with plain SQL, and count
                // the steps a query takes (SQLite's own statement status).
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "AppStoreServerTests",
            dependencies: ["AppStoreServer", "AppStoreServerHTTP", "MockStore", "TestSupport",
                           .product(name: "Crypto", package: "swift-crypto"),
                           .product(name: "SwiftASN1", package: "swift-asn1")]),
        .testTarget(
            name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"],
            exclude: ["__Goldens__"]),
        .testTarget(
            name: "PaywallTests", dependencies: ["Chrome", "Paywall", "ControlRoom", "TollboothApp", "MockStore", "TerminalUI", "TestSupport", "Audit"],
            exclude: ["__Goldens__"]),
        .testTarget(
            name: "AuditTests", dependencies: ["Audit", "Chrome", "Paywall", "MockStore", "TerminalUI", "TestSupport"],
            exclude: ["__Goldens__"]),
        .testTarget(
            name: "ScenarioTests", dependencies: ["Scenario", "Chrome", "Paywall", "TollboothApp", "MockStore", "TerminalUI", "TestSupport"],
            exclude: ["__Goldens__"]),
        // The suites that wait on other tasks, threads or processes within a bound: the live
        // paywall runtime, the scenario player, the notification courier, an app's StoreKit
        // listener, a store's streams. `scripts/test` runs them after the rest, by this target's
        // name, so no CPU-bound suite holds the cooperative pool they wait on; one folder per
        // area (docs/architecture.md §11). The StoreKitTest suites' configuration file is a
        // resource, found as `SKTestSession(configurationFileNamed: "Example")` finds an app's.
        .testTarget(
            name: "LiveTests",
            dependencies: ["MockStore", "TerminalUI", "Chrome", "Paywall", "ControlRoom", "TollboothApp", "Audit", "Scenario",
                           "AppStoreServer", "TollboothStoreKit", "TollboothStoreKitTest", "TestSupport",
                           .product(name: "Crypto", package: "swift-crypto")],
            exclude: ["Scenario/__Goldens__"],
            resources: [.copy("StoreKitTest/Example.storekit")]),
    ]
)
