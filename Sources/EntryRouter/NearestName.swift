/// The "did you mean" of every place a person types a name: a config key, a CLI flag or subcommand,
/// a scenario step key. One rule everywhere, so a typo is forgiven the same way wherever it is made.
package enum NearestName {
    /// The candidate closest to `word`, if it is close enough to be a typo of it: at most two edits
    /// (one for words of three letters or fewer, where two edits make anything look alike), or
    /// `word` is a prefix of it at least three letters long. Ties go to the earlier candidate.
    package static func suggestion(for word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(word, $0)) }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= min(2, max(1, word.count / 2)) { return best.0 }
        return candidates.first { word.count >= 3 && $0.hasPrefix(word) }
    }

    /// Levenshtein distance between two words, in characters.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
