/// The known word a mistyped one was most likely meant to be, for "did you mean …?".
package enum NearestWord {
    /// The closest of `candidates` to `word`: the same word in other letter case, else the one
    /// fewest edits away, if at most a third of the word (and at least one edit) differs.
    package static func to(_ word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        if let sameLetters = candidates.first(where: { $0.lowercased() == lower }) { return sameLetters }
        let length = word.count
        let limit = max(1, length / 3)
        // Ties go to the word that starts like the typo ("PgDown" is PageDown, not Down). A
        // candidate whose length alone differs by more than the limit is never near, and is not
        // measured: a megabyte-long word costs nothing.
        let scored = candidates.filter { abs($0.count - length) <= limit }.map { ($0, distance(lower, $0.lowercased()), -commonPrefix(lower, $0.lowercased())) }
            .filter { $0.1 <= limit }
        return scored.min { ($0.1, $0.2) < ($1.1, $1.2) }?.0
    }

    package static func commonPrefix(_ a: String, _ b: String) -> Int {
        zip(a, b).prefix { $0 == $1 }.count
    }

    /// "; did you mean 'Expect'?", or nothing when no candidate is close.
    package static func hint(_ word: String, in candidates: [String]) -> String {
        to(word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance, counting a swap of two neighbours as one edit.
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
