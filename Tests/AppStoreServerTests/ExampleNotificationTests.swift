import AppStoreServer
import Foundation
import MockStore
import TestSupport
import Testing

@Suite("Example notifications (notify test --type)")
struct ExampleNotificationTests {
    @Test("each example type is queued with its shape; a subtype it does not take is refused")
    func examples() async throws {
        let fixture = try APIFixture()
        _ = try await fixture.store.admin { try $0.setNotificationURL("http://127.0.0.1:9/notifications") }
        _ = try await fixture.buy(StoreFixtures.monthly)
        for type in ExampleNotifications.types {
            let n = try await fixture.store.admin { try $0.requestExampleNotification(type, subtype: nil) }
            #expect(n.type == type)
            let extra = n.extra.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } ?? [:]
            switch type {
            case .externalPurchaseToken:
                #expect(n.subtype == .unreported)
                #expect((extra["externalPurchaseToken"] as? [String: Any])?["externalPurchaseId"] is String)
            case .rescindConsent:
                #expect(n.subtype == nil)
                #expect(extra["appData"] != nil)
            default:
                #expect(n.subtype == nil)
                #expect(n.transactionID != nil)
            }
        }
        await #expect(throws: StoreOperationError.self) {
            try await fixture.store.admin { try $0.requestExampleNotification(.migration, subtype: .summary) }
        }
        await #expect(throws: StoreOperationError.self) {
            try await fixture.store.admin { try $0.requestExampleNotification(.refund, subtype: nil) }
        }
    }
}
