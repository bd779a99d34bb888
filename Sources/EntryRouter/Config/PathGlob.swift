import EntryKit

/// A universal-link path rule or a route pattern's paths, as the set of paths it matches, for
/// reasoning about rules and routes at load time: `*` is any run of characters (`/` included),
/// `?` exactly one, everything else itself. Never used to match a URL.
///
/// The checks only ever answer "certainly" or "not known": `overlaps` is exact, while `covers`
/// recognises the shapes rules are written in (a literal, a literal then `*`, `*`) and answers
/// false for anything else, so a lint built on them can miss a problem but never invent one.
struct PathGlob: Hashable, Sendable {
    enum Element: Hashable, Sendable {
        case character(Unicode.Scalar)
        /// `?`: exactly one character.
        case one
        /// `*`: any run of characters, possibly empty.
        case any
    }

    let elements: [Element]

    init(_ elements: [Element]) {
        self.elements = elements
    }

    /// A rule as written in `paths` or a component (`/records/*`).
    init(rule: some StringProtocol) {
        elements = rule.unicodeScalars.map { scalar in
            switch scalar {
            case "*": .any
            case "?": .one
            default: .character(scalar)
            }
        }
    }

    /// The decoded paths the pattern's URLs can have, over-approximated: each capture stands for
    /// `?*` (a `*name` for `*`), and `trailingSlash` adds the `/` a URL may end with and still
    /// match. A pattern with no segments is the path `/`.
    init(pattern: URLPattern, trailingSlash: Bool) {
        var elements: [Element] = []
        for segment in pattern.segments {
            elements.append(.character("/"))
            switch segment {
            case .literal(let text): elements += text.unicodeScalars.map { .character($0) }
            case .int, .uuid, .param: elements += [.one, .any]
            case .rest: elements.append(.any)
            }
        }
        if elements.isEmpty {
            elements = [.character("/")]
        } else if trailingSlash {
            elements.append(.character("/"))
        }
        self.elements = elements
    }

    /// Whether some path matches both globs: a search over pairs of positions, one in each,
    /// moving on a character both can take (or past a `*` that takes none).
    func overlaps(_ other: PathGlob) -> Bool {
        let a = elements
        let b = other.elements
        // Two different characters where both globs still start with literals: no path takes
        // both, found without the search. Most pairs of a large file's rules and a host's
        // patterns part here, so that comparing them stays cheap.
        for (x, y) in zip(a, b) {
            guard case .character(let p) = x, case .character(let q) = y else { break }
            if p != q { return false }
        }
        let width = b.count + 1
        var seen = [Bool](repeating: false, count: (a.count + 1) * width)
        var stack = [(0, 0)]
        seen[0] = true
        func visit(_ i: Int, _ j: Int) {
            guard !seen[i * width + j] else { return }
            seen[i * width + j] = true
            stack.append((i, j))
        }
        while let (i, j) = stack.popLast() {
            if i == a.count && j == b.count { return true }
            if i < a.count, a[i] == .any { visit(i + 1, j) }
            if j < b.count, b[j] == .any { visit(i, j + 1) }
            guard i < a.count, j < b.count else { continue }
            switch (a[i], b[j]) {
            case (.character(let x), .character(let y)) where x != y:
                continue
            case (.any, .any):
                // Both keep their star: the same pair again; each moving on is visited above.
                continue
            default:
                visit(a[i] == .any ? i : i + 1, b[j] == .any ? j : j + 1)
            }
        }
        return false
    }

    /// Whether every path `other` matches is certainly matched by this glob: true only when this
    /// glob is a literal equal to `other`, or a literal (possibly empty) then `*` that `other`'s
    /// own leading literal starts with.
    func covers(_ other: PathGlob) -> Bool {
        let literal = elements.prefix(while: Self.isCharacter)
        let tail = elements[literal.count...]
        if tail.isEmpty { return other.elements == elements }
        guard tail.allSatisfy({ $0 == .any }) else { return false }
        return other.elements.prefix(while: Self.isCharacter).starts(with: literal)
    }

    /// The glob with ASCII letters lowercased, to compare with a rule that ignores case.
    func folded() -> PathGlob {
        PathGlob(elements.map { element in
            guard case .character(let scalar) = element, scalar.isASCII,
                  let byte = UInt8(exactly: scalar.value) else { return element }
            return .character(Unicode.Scalar(ASCII.lowercased(byte)))
        })
    }

    private static func isCharacter(_ element: Element) -> Bool {
        if case .character = element { return true }
        return false
    }
}
