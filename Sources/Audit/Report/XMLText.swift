/// Text made safe for XML 1.0, in element content or a double-quoted attribute.
///
/// Catalog text can hold any character. XML 1.0 forbids most C0 controls even as character
/// references, so those are written visibly as `U+001B`; the markup characters become entities;
/// tab, carriage return, DEL, C1 controls, bidi controls and the line separators become numeric
/// references, so the document keeps their value while its bytes hold nothing a terminal showing
/// a CI log would obey. Newlines stay as they are in content and become `&#10;` in attributes.
enum XMLText {
    static func escape(_ text: String, attribute: Bool = false) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: out += "&amp;"
            case 0x3C: out += "&lt;"
            case 0x3E: out += "&gt;"
            case 0x22 where attribute: out += "&quot;"
            case 0x0A where attribute: out += "&#10;"
            case 0x0A: out += "\n"
            case 0x09, 0x0D, 0x7F...0x9F, 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
                out += "&#\(scalar.value);"
            case 0x00...0x1F, 0xFFFE, 0xFFFF:
                out += "U+" + hex(scalar.value)
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
