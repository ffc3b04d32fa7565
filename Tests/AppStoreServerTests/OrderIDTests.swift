import MockStore
import Testing

@Suite("Order IDs")
struct OrderIDTests {
    @Test("each transaction has a ten-character order ID that names it back")
    func roundTrip() {
        for id: UInt64 in [1, 2, 3, 42, 99_999, 1 << 40, (1 << 50) - 1] {
            let order = OrderID.of(transactionID: id)
            #expect(order.count == 10)
            #expect(order.allSatisfy { $0.isUppercase || $0.isNumber })
            #expect(OrderID.transactionID(order) == id)
            #expect(OrderID.transactionID(order.lowercased()) == id)
        }
    }

    @Test("neighbouring purchases do not get neighbouring order IDs")
    func scrambled() {
        let orders = (1...5).map { OrderID.of(transactionID: UInt64($0)) }
        #expect(Set(orders).count == 5)
        #expect(Set(orders.map { $0.prefix(4) }).count > 1)
    }

    @Test("strings that are not order IDs name nothing", arguments: ["", "MK5TTTVWJ", "MK5TTTVWJHI", "MK5TTT-WJH", "ÉÉÉÉÉÉÉÉÉÉ", "0000000000000000", "00000000001"])
    func notOrderIDs(_ text: String) {
        #expect(OrderID.transactionID(text) == nil)
    }

    @Test("an id beyond 50 bits still round-trips")
    func large() {
        let id: UInt64 = (1 << 50) + 7
        #expect(OrderID.transactionID(OrderID.of(transactionID: id)) == id)
    }
}
