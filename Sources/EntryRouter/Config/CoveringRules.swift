/// The path-only rules of a host seen so far, indexed for the shadowing lint: which of them
/// certainly decides every path a later rule names (`PathGlob.covers`), found in time linear in the
/// later rule's length rather than in the number of rules before it, so that a file of 20 000
/// components is checked in one pass instead of 200 million comparisons.
///
/// `covers` holds for a literal equal to the later glob, or for a literal then only `*`s that the
/// later glob's own leading literal starts with; the first kind is a dictionary, the second a trie
/// of those literals, walked along the later rule's leading literal.
struct CoveringRules {
    /// One case mode's rules: globs as they are compared (folded for rules that ignore case).
    private struct Index {
        var exact: [PathGlob: Int] = [:]
        /// Trie nodes: children by character, and the earliest rule whose literal ends here.
        var children: [[Unicode.Scalar: Int]] = [[:]]
        var ending: [Int?] = [nil]

        mutating func insert(_ glob: PathGlob, rule: Int) {
            let literal = glob.elements.prefix(while: { if case .character = $0 { true } else { false } })
            let tail = glob.elements[literal.count...]
            if tail.isEmpty {
                if exact[glob] == nil { exact[glob] = rule }
                return
            }
            guard tail.allSatisfy({ $0 == .any }) else { return }
            var node = 0
            for case .character(let scalar) in literal {
                if let next = children[node][scalar] {
                    node = next
                } else {
                    children.append([:])
                    ending.append(nil)
                    children[node][scalar] = children.count - 1
                    node = children.count - 1
                }
            }
            if ending[node] == nil { ending[node] = rule }
        }

        /// The earliest rule that covers `glob`.
        func first(covering glob: PathGlob) -> Int? {
            var best = exact[glob]
            var node = 0
            func consider(_ rule: Int?) {
                if let rule, best.map({ rule < $0 }) ?? true { best = rule }
            }
            consider(ending[0])
            for element in glob.elements {
                guard case .character(let scalar) = element, let next = children[node][scalar] else { break }
                node = next
                consider(ending[node])
            }
            return best
        }
    }

    private var sensitive = Index()
    private var insensitive = Index()

    /// The earliest rule added so far that decides every path `rule` names: a rule that ignores
    /// case is shadowed only by one that ignores case too, compared folded.
    func first(covering rule: LinkPathRule) -> Int? {
        let folded = insensitive.first(covering: rule.caseSensitive ? rule.glob.folded() : rule.glob)
        guard rule.caseSensitive, let exact = sensitive.first(covering: rule.glob) else { return folded }
        return min(exact, folded ?? exact)
    }

    /// Adds rule number `index`; a rule that also tests the query or fragment decides nothing
    /// for a whole path and is left out.
    mutating func add(_ rule: LinkPathRule, index: Int) {
        guard !rule.testsMore else { return }
        if rule.caseSensitive {
            sensitive.insert(rule.glob, rule: index)
        } else {
            insensitive.insert(rule.glob, rule: index)
        }
    }
}
