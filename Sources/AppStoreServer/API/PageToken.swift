import Crypto
import Foundation

/// A paging token (Get Transaction History's `revision`, Get Notification History's
/// `paginationToken`): where the previous page ended, bound to the ledger and the query it
/// was made for.
///
/// Opaque to clients: base64url of a position (a sort key and an id) followed by an HMAC-SHA256
/// of the position and the query, keyed by the ledger's identity. A token from another ledger,
/// for other query parameters, or altered, fails the check and gets Apple's error for a bad
/// token; it never reaches the query.
struct PageToken: Sendable, Hashable {
    /// The sort key of the last item handed out (a date, in seconds since 1970).
    var key: Double
    /// The id of the last item handed out.
    var id: UInt64

    static let format: UInt8 = 1
    static let macLength = 12

    func encoded(ledger identity: String, query: String) -> String {
        var bytes = Data([Self.format])
        withUnsafeBytes(of: key.bitPattern.bigEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: id.bigEndian) { bytes.append(contentsOf: $0) }
        bytes.append(Self.mac(bytes, ledger: identity, query: query))
        return JWTBase64.encode(bytes)
    }

    /// The position in `text`, or nil when it is not a token this ledger made for this query.
    init?(_ text: String, ledger identity: String, query: String) {
        guard text.count < 100, let bytes = JWTBase64.decode(text), bytes.count == 17 + Self.macLength,
              bytes.first == Self.format else { return nil }
        let position = bytes.prefix(17)
        guard Self.mac(Data(position), ledger: identity, query: query) == bytes.suffix(Self.macLength) else { return nil }
        let values = [UInt8](position)
        func integer(_ range: Range<Int>) -> UInt64 { values[range].reduce(0) { $0 << 8 | UInt64($1) } }
        key = Double(bitPattern: integer(1..<9))
        id = integer(9..<17)
    }

    init(key: Double, id: UInt64) {
        self.key = key
        self.id = id
    }

    private static func mac(_ position: Data, ledger identity: String, query: String) -> Data {
        let secret = SymmetricKey(data: SHA256.hash(data: Data("tollbooth paging \(identity)".utf8)))
        let code = HMAC<SHA256>.authenticationCode(for: position + Data("\n\(query)".utf8), using: secret)
        return Data(code).prefix(macLength)
    }
}
