/// The order ID on a customer's App Store receipt (the invoice email), which Look Up Order ID
/// takes. Apple's look like `MK5TTTVWJH`: ten capital letters and digits.
///
/// Tollbooth's ledger keeps no receipts, so each transaction's order ID is derived from its id:
/// a fixed permutation of the id's low 50 bits (so consecutive purchases do not get consecutive
/// order IDs), written as ten characters of Crockford's base 32 (no I, L, O or U). The same
/// transaction always has the same order ID, on every ledger and in every version; decoding it
/// gives the id back. Ids of 2^50 and above (never reached) get the same scheme, longer.
public enum OrderID {
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    static let length = 10
    static let halfBits: UInt64 = 25
    static let halfMask: UInt64 = (1 << halfBits) - 1
    static let keys: [UInt64] = [0x1B873F3, 0x0C2A95D, 0x17D4E21, 0x0958BB7]

    /// The order ID of transaction `id`.
    public static func of(transactionID id: UInt64) -> String {
        var value = permute(id & (1 << 50 - 1)) | (id >> 50) << 50
        var characters: [Character] = []
        repeat {
            characters.append(alphabet[Int(value & 31)])
            value >>= 5
        } while value > 0 || characters.count < length
        return String(characters.reversed())
    }

    /// The transaction an order ID names, or nil when it is not one of Tollbooth's order IDs.
    /// Letters in either case.
    public static func transactionID(_ orderID: String) -> UInt64? {
        let characters = Array(orderID.uppercased())
        guard characters.count >= length, characters.count <= 13 else { return nil }
        var value: UInt64 = 0
        for character in characters {
            guard let digit = alphabet.firstIndex(of: character) else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 32)
            guard !overflow else { return nil }
            value = shifted | UInt64(digit)
        }
        let id = unpermute(value & (1 << 50 - 1)) | (value >> 50) << 50
        // One spelling per id: a longer form of a small id is not an order ID.
        return of(transactionID: id) == String(characters) ? id : nil
    }

    /// A four-round Feistel network on 50 bits: a bijection, so every id has its own order ID.
    static func permute(_ value: UInt64) -> UInt64 {
        var (left, right) = (value >> halfBits, value & halfMask)
        for key in keys { (left, right) = (right, left ^ round(right, key)) }
        return left << halfBits | right
    }

    static func unpermute(_ value: UInt64) -> UInt64 {
        var (left, right) = (value >> halfBits, value & halfMask)
        for key in keys.reversed() { (left, right) = (right ^ round(left, key), left) }
        return left << halfBits | right
    }

    private static func round(_ half: UInt64, _ key: UInt64) -> UInt64 {
        var x = (half ^ key) &* 0x9E37_79B9_7F4A_7C15
        x ^= x >> 29
        return x & halfMask
    }
}

extension Transaction {
    /// The order ID of this transaction's receipt (`OrderID`).
    public var orderID: String { OrderID.of(transactionID: id) }
}
