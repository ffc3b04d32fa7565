import Foundation

/// A compact JWS (RFC 7515) as the App Store writes signed data: three base64url parts without
/// padding, `header.payload.signature`.
///
/// The header is `{"alg":"ES256","x5c":[leaf, intermediate, root]}` (each certificate standard
/// base64 DER), the payload the App Store's JSON, the signature ES256's raw 64-byte `r || s`
/// over the ASCII of `header.payload`.
public struct CompactJWS: Sendable, Hashable {
    /// The header's JSON bytes.
    public let header: Data
    /// The payload's JSON bytes.
    public let payload: Data
    /// The raw signature bytes.
    public let signature: Data

    public init(header: Data, payload: Data, signature: Data) {
        self.header = header
        self.payload = payload
        self.signature = signature
    }

    /// What the signature covers: `base64url(header).base64url(payload)`, as ASCII.
    public var signingInput: Data { Self.signingInput(header: header, payload: payload) }

    /// The compact serialization.
    public var compact: String { "\(header.base64URL).\(payload.base64URL).\(signature.base64URL)" }

    static func signingInput(header: Data, payload: Data) -> Data {
        Data("\(header.base64URL).\(payload.base64URL)".utf8)
    }

    /// Splits a compact JWS into its decoded parts; nil when it is not three base64url parts.
    public init?(compact: String) {
        let parts = compact.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = Data(base64URL: parts[0]), let payload = Data(base64URL: parts[1]),
              let signature = Data(base64URL: parts[2]) else { return nil }
        self.init(header: header, payload: payload, signature: signature)
    }
}

extension Data {
    /// Base64url without padding (RFC 7515 §2).
    ///
    /// One pass over the bytes: a signed transaction's header carries three certificates (some
    /// 4 kB of base64), and string replacement over that was most of the cost of signing.
    public var base64URL: String {
        var bytes = [UInt8](base64EncodedData())
        while bytes.last == UInt8(ascii: "=") { bytes.removeLast() }
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "+"): bytes[index] = UInt8(ascii: "-")
            case UInt8(ascii: "/"): bytes[index] = UInt8(ascii: "_")
            default: break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes base64url with or without padding.
    public init?(base64URL text: some StringProtocol) {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        self.init(base64Encoded: standard)
    }
}
