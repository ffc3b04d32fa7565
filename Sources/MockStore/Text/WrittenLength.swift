import Foundation

/// A length of time as a person writes it in prose: "3 days", "1-week", "14-day Trial", 「3日間」,
/// 「1か月」, "3 Tage", "1 mois", "3일", "3 天", in the ten languages Tollbooth's paywall speaks. Read from paywall copy, product names and App Store text, never from a file's
/// ISO 8601 period (that is `SubscriptionPeriod`).
public struct WrittenLength: Hashable, Sendable {
    public var value: Int
    public var unit: SubscriptionPeriod.Unit
    /// The words it was read from, as written ("14-day").
    public var text: String

    public init(value: Int, unit: SubscriptionPeriod.Unit, text: String) {
        self.value = value
        self.unit = unit
        self.text = text
    }

    /// Days, counting a week as 7, a month as 30 and a year as 365, so "1 week" = "7 days".
    public var days: Int {
        switch unit {
        case .day: value
        case .week: value * 7
        case .month: value * 30
        case .year: value * 365
        }
    }

    private static let patterns: [(NSRegularExpression, [String: SubscriptionPeriod.Unit])] = [
        (try! NSRegularExpression(pattern: #"(\d+)[ -](day|week|month|year)s?\b"#, options: .caseInsensitive),
         ["day": .day, "week": .week, "month": .month, "year": .year]),
        (try! NSRegularExpression(pattern: #"(\d+)(日間|日|週間|か月|ヶ月|カ月|年間|年)"#),
         ["日間": .day, "日": .day, "週間": .week, "か月": .month, "ヶ月": .month, "カ月": .month, "年間": .year, "年": .year]),
        // German, French, Spanish, Italian, Portuguese: the number, a space (no-break too), the word.
        (try! NSRegularExpression(pattern: #"(\d+)[ \u00A0-](tagen|tage|tag|wochen|woche|monaten|monate|monat|jahren|jahre|jahr|jours|jour|semaines|semaine|mois|années|année|ans|an|días|día|semanas|semana|meses|mes|años|año|giorni|giorno|settimane|settimana|mesi|mese|anni|anno|dias|dia|mês|anos|ano)\b"#,
                                  options: .caseInsensitive),
         ["tag": .day, "tage": .day, "tagen": .day, "woche": .week, "wochen": .week, "monat": .month, "monate": .month,
          "monaten": .month, "jahr": .year, "jahre": .year, "jahren": .year,
          "jour": .day, "jours": .day, "semaine": .week, "semaines": .week, "mois": .month, "an": .year, "ans": .year,
          "année": .year, "années": .year,
          "día": .day, "días": .day, "semana": .week, "semanas": .week, "mes": .month, "meses": .month, "año": .year, "años": .year,
          "giorno": .day, "giorni": .day, "settimana": .week, "settimane": .week, "mese": .month, "mesi": .month,
          "anno": .year, "anni": .year,
          "dia": .day, "dias": .day, "mês": .month, "ano": .year, "anos": .year]),
        // Korean and Chinese: the number, maybe a space, the unit.
        (try! NSRegularExpression(pattern: #"(\d+) ?(개월|일|주|달|년|个月|個月|天|周|週|月|年)"#),
         ["일": .day, "주": .week, "개월": .month, "달": .month, "년": .year,
          "天": .day, "周": .week, "週": .week, "个月": .month, "個月": .month, "月": .month, "年": .year]),
    ]

    /// Every length written in `text`, in any of the ten languages, English ones first.
    public static func all(in text: String) -> [WrittenLength] {
        var found: [WrittenLength] = []
        let range = NSRange(text.startIndex..., in: text)
        for (regex, units) in patterns {
            for match in regex.matches(in: text, range: range) {
                guard let whole = Range(match.range, in: text), let number = Range(match.range(at: 1), in: text),
                      let unitRange = Range(match.range(at: 2), in: text), let value = Int(text[number]),
                      let unit = units[text[unitRange].lowercased()] else { continue }
                found.append(WrittenLength(value: value, unit: unit, text: String(text[whole])))
            }
        }
        return found
    }
}
