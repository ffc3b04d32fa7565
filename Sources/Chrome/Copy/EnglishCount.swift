/// A count and its noun in English, agreeing: "1 error", "2 errors", "1 row", "3 rows".
///
/// The command line and the audit's reports speak English only (they are read by scripts, logs
/// and CI), so they have no String Catalog; the screens' counts use the catalog's plural forms.
public enum EnglishCount {
    public static func of(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
