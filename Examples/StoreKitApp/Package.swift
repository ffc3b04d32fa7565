// swift-tools-version:6.0
import PackageDescription

// An ordinary StoreKit 2 app and its StoreKitTest tests. On Apple platforms they use Apple's
// StoreKit and StoreKitTest; everywhere else, Tollbooth's modules of the same shape. The
// sources differ only in their `import` lines, and only this package depends on Tollbooth,
// through its public products alone.
let notApple: [Platform] = [.linux, .android, .windows, .openbsd, .wasi]

let package = Package(
    name: "StoreKitApp",
    // StoreKitTest's `buyProduct(identifier:)` and `setSimulatedError(_:forAPI:)` are iOS 17+;
    // Tollbooth itself needs macOS 15 to resolve.
    platforms: [.iOS(.v17), .macOS(.v15)],
    dependencies: [
        .package(name: "Tollbooth", path: "../.."),
    ],
    targets: [
        // What the app knows about the store: products, entitlements, purchases.
        .target(
            name: "StoreKitApp",
            dependencies: [
                .product(name: "TollboothStoreKit", package: "Tollbooth", condition: .when(platforms: notApple)),
            ]),
        // `swift run` lists the products and what the customer owns.
        .executableTarget(name: "storekit-app", dependencies: ["StoreKitApp"]),
        .testTarget(
            name: "StoreKitAppTests",
            dependencies: [
                "StoreKitApp",
                .product(name: "TollboothStoreKit", package: "Tollbooth", condition: .when(platforms: notApple)),
                .product(name: "TollboothStoreKitTest", package: "Tollbooth", condition: .when(platforms: notApple)),
            ],
            resources: [.copy("Products.storekit")]),
    ]
)
