import SeededRandom
import Testing
@testable import EntryRouter

/// The index the shadowing lint looks earlier rules up in finds, for every rule, the same earlier
/// rule as comparing it with each one before it, as the lint did before it was indexed.
@Suite("Covering rules")
struct CoveringRulesTests {
    static func rule(_ random: inout SplitMix64) -> LinkPathRule {
        let pieces = ["/a", "/b", "/A", "/a/b", "/x", "*", "?", "/"]
        let count = Int.random(in: 1...4, using: &random)
        let written = (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
        let caseSensitive = Bool.random(using: &random)
        let glob = PathGlob(rule: written)
        return LinkPathRule(excludes: Bool.random(using: &random), glob: caseSensitive ? glob : glob.folded(),
                            caseSensitive: caseSensitive, testsMore: Int.random(in: 0..<5, using: &random) == 0,
                            field: "", written: written)
    }

    /// The lint's rule before the index: the first earlier rule that tests the path alone and
    /// covers this one, case compared as the earlier rule compares it.
    static func naive(_ rules: [LinkPathRule], _ index: Int) -> Int? {
        let rule = rules[index]
        return rules[..<index].firstIndex { before in
            guard !before.testsMore, !(before.caseSensitive && !rule.caseSensitive) else { return false }
            return before.glob.covers(before.caseSensitive ? rule.glob : rule.glob.folded())
        }
    }

    @Test(arguments: 0..<20)
    func theIndexFindsWhatComparingEveryPairFinds(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let rules = (0..<300).map { _ in Self.rule(&random) }
        var index = CoveringRules()
        for (position, rule) in rules.enumerated() {
            #expect(index.first(covering: rule) == Self.naive(rules, position), "rule \(position) \(rule.written) of seed \(seed)")
            index.add(rule, index: position)
        }
    }
}
