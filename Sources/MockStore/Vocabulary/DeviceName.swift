import Foundation

/// The name of an emulated device (`iphone`, `ipad`, "Kim's iPhone"): stored in the ledger with
/// every purchase and shown to everyone who shares it, so it must be text a terminal shows as
/// text.
public enum DeviceName {
    /// At most this many characters.
    public static let maximumLength = 64

    /// Why `name` cannot name a device, as the end of a sentence ("is empty"); nil when it can.
    public static func problem(with name: String) -> String? {
        if name.trimmingCharacters(in: .whitespaces).isEmpty { return "is empty" }
        if name.count > maximumLength { return "is longer than \(maximumLength) characters" }
        let unprintable = name.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: return true
            case .format: return !allowedFormat.contains(scalar.value)
            default: return false
            }
        }
        return unprintable ? "holds control or formatting characters; use printable text" : nil
    }

    /// Checks `name`, throwing the sentence `tollbooth` prints.
    public static func validate(_ name: String) throws(StoreOperationError) {
        if let problem = problem(with: name) {
            throw StoreOperationError("the device name \(SourceText.quoted(name)) \(problem) (at most \(maximumLength) characters)")
        }
    }

    /// Joiners and tag characters build emoji (👩‍💻, regional flags); they move nothing.
    private static let allowedFormat: Set<UInt32> = Set([0x200C, 0x200D] + Array(0xE0020...0xE007F))
}
