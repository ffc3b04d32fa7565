import Foundation
import StoreKitApp

/// A command-line face for the app's store code:
///
///     storekit-app                 the products, then what the customer owns
///     storekit-app buy PRODUCT_ID  buy a product (Ask to Buy and errors are reported)
///     storekit-app restore         Restore Purchases
///     storekit-app watch           print each change that reaches Transaction.updates
@main
@MainActor
struct StoreKitAppCommand {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let manager = EntitlementManager()
        await manager.loadProducts()
        await manager.updatePurchasedProducts()
        switch (arguments.first, arguments.count) {
        case (nil, _):
            show(manager)
        case ("buy", 2):
            await buy(arguments[1], with: manager)
        case ("restore", 1):
            do {
                try await manager.restorePurchases()
                show(manager)
            } catch {
                fail(StoreMessage.text(for: error))
            }
        case ("watch", 1):
            show(manager)
            for await notice in manager.notices {
                say(describe(notice, in: manager))
                show(manager)
                }
        default:
            fail("usage: storekit-app [buy PRODUCT_ID | restore | watch]", status: 2)
        }
    }

    private static func buy(_ id: String, with manager: EntitlementManager) async {
        guard let product = manager.product(id) else {
            fail(manager.productsMessage ?? "No product \(id); the products are: \(manager.products.map(\.id).joined(separator: ", ")).")
        }
        do {
            switch try await manager.purchase(product) {
            case .purchased: say("Purchased \(product.displayName).")
            case .pending: say("Waiting for approval (Ask to Buy).")
            case .cancelled: say("Cancelled.")
            case .withheld: say("The purchase couldn't be verified, so it wasn't unlocked.")
            }
            show(manager)
        } catch {
            fail(StoreMessage.text(for: error))
        }
    }

    private static func show(_ manager: EntitlementManager) {
        if let message = manager.productsMessage {
            say("Products: \(message)")
        } else {
            say("Products:")
            for product in manager.products {
                let owned = manager.purchasedProductIDs.contains(product.id) ? "  [owned]" : ""
                say("  \(product.id)  \(ProductText.line(for: product))\(owned)")
            }
        }
        if let offer = manager.introductoryOffer {
            say("Introductory offer: \(ProductText.offer(offer))")
        }
        if let plan = manager.plan {
            let until = plan.expirationDate.map { " until \($0.formatted(date: .abbreviated, time: .shortened))" } ?? ""
            say("Subscription: \(plan.productID), \(plan.stateDescription)\(until)")
        }
        if !manager.pendingProductIDs.isEmpty {
            say("Waiting for approval: \(manager.pendingProductIDs.sorted().joined(separator: ", "))")
        }
        say("Premium: \(manager.hasPremium ? "unlocked" : "locked")")
    }

    private static func describe(_ notice: Notice, in manager: EntitlementManager) -> String {
        func name(_ id: String) -> String { manager.product(id)?.displayName ?? id }
        switch notice {
        case .unlocked(let id): return "\(name(id)) is unlocked."
        case .renewed(let id): return "\(name(id)) renewed."
        case .refunded(let id): return "\(name(id)) was refunded and is locked."
        case .withheld(let id): return "\(name(id)) couldn't be verified, so it wasn't unlocked."
        }
    }

    /// Writes a line at once (not buffered), so `watch` shows each change as it arrives even
    /// when its output is a pipe or a file.
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private static func fail(_ message: String, status: Int32 = 1) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }
}
