import Foundation

/// UUIDs that stay the same for the same name (a device, a transaction), so runs repeat.
public enum StableUUID {
    public static func make(_ name: String) -> UUID {
        // Two FNV-1a hashes with different seeds fill the 128 bits.
        func fnv(_ seed: UInt64) -> UInt64 {
            name.utf8.reduce(seed) { ($0 ^ UInt64($1)) &* 0x100000001b3 }
        }
        let (high, low) = (fnv(0xcbf29ce484222325), fnv(0x84222325cbf29ce4))
        var bytes = (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // version 5: name-based
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// `AppStore.deviceVerificationID` of a device: the same on every launch of that device.
    public static func deviceVerificationID(of device: String) -> UUID { make("device \(device)") }
}
