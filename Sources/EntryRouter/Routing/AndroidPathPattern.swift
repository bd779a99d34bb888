/// A `<data android:pathPattern>` or `android:pathAdvancedPattern` of an app's manifest, matched
/// as Android's `PatternMatcher` matches a URL's decoded path: without backtracking, as the
/// platform does, so that entryd opens exactly the links the phone would.
///
/// `pathPattern` (a simple glob): `.` any character, `x*` any run of `x` (taken greedily), `.*`
/// any run of characters up to the first occurrence of the pattern's next character (which it
/// then takes), `\` makes the next character literal before a `*` (a lone `\.` still takes any
/// character, as Android's matcher has it). `pathAdvancedPattern` adds `[…]` and
/// `[^…]` classes with ranges, `+`, and `{n}`, `{n,}`, `{n,m}`; each token takes as many
/// characters as it can and never gives any back. Characters are Unicode scalars.
package struct AndroidPathPattern: Sendable, Hashable {
    /// One character test of an advanced pattern.
    enum Token: Sendable, Hashable {
        case any
        case literal(Unicode.Scalar)
        case set([ClosedRange<Unicode.Scalar>], inverted: Bool)

        func takes(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .any: true
            case .literal(let literal): scalar == literal
            case .set(let ranges, let inverted): ranges.contains { $0.contains(scalar) } != inverted
            }
        }
    }

    /// A token and how many times it repeats.
    struct Step: Sendable, Hashable {
        var token: Token
        var minimum: Int
        var maximum: Int
    }

    enum Kind: Sendable, Hashable {
        case simple([Unicode.Scalar])
        case advanced([Step])
    }

    let kind: Kind

    /// A `pathPattern`, as the manifest's attribute gives it once its string escapes are undone.
    init(simple pattern: String) {
        kind = .simple(Array(pattern.unicodeScalars))
    }

    /// A `pathAdvancedPattern`; throws what is wrong with it, as Android refuses such a
    /// pattern when the app is installed.
    init(advanced pattern: String) throws(PatternProblem) {
        kind = .advanced(try Self.steps(Array(pattern.unicodeScalars)))
    }

    /// Why an advanced pattern is refused.
    package struct PatternProblem: Error, Sendable, Hashable {
        package var message: String
    }

    func matches(_ path: String) -> Bool {
        let text = Array(path.unicodeScalars)
        switch kind {
        case .simple(let pattern): return Self.simpleMatch(pattern, text)
        case .advanced(let steps): return Self.advancedMatch(steps, text)
        }
    }

    // MARK: pathPattern

    private static func simpleMatch(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        if pattern.isEmpty { return text.isEmpty }
        var p = 0
        var t = 0
        while p < pattern.count, t < text.count {
            var character = pattern[p]
            let escaped = character == "\\"
            if escaped, p + 1 < pattern.count {
                p += 1
                character = pattern[p]
            }
            p += 1
            let repeats = p < pattern.count && pattern[p] == "*"
            if !repeats {
                // An escaped `.` still takes any character here, as on the phone.
                guard character == "." || text[t] == character else { return false }
                t += 1
                continue
            }
            p += 1
            if character == "." && !escaped {
                // `.*` at the very end takes the rest; otherwise it runs to the first occurrence
                // of the next pattern character, taken literally, and takes that one too.
                guard p < pattern.count else { return true }
                var next = pattern[p]
                if next == "\\", p + 1 < pattern.count {
                    p += 1
                    next = pattern[p]
                }
                guard let found = text[t...].firstIndex(of: next) else { return false }
                t = found + 1
                p += 1
            } else {
                while t < text.count, text[t] == character { t += 1 }
            }
        }
        if p >= pattern.count && t >= text.count { return true }
        // The path ended with only a `.*` left of the pattern.
        return t >= text.count && p == pattern.count - 2 && pattern[p] == "." && pattern[p + 1] == "*"
    }

    // MARK: pathAdvancedPattern

    private static func advancedMatch(_ steps: [Step], _ text: [Unicode.Scalar]) -> Bool {
        var t = 0
        for step in steps {
            var taken = 0
            while taken < step.maximum, t + taken < text.count, step.token.takes(text[t + taken]) { taken += 1 }
            guard taken >= step.minimum else { return false }
            t += taken
        }
        return t == text.count
    }

    private static func steps(_ pattern: [Unicode.Scalar]) throws(PatternProblem) -> [Step] {
        var steps: [Step] = []
        var p = 0
        while p < pattern.count {
            let token: Token
            switch pattern[p] {
            case "[":
                (token, p) = try set(pattern, from: p + 1)
            case ".":
                token = .any
                p += 1
            case "\\":
                guard p + 1 < pattern.count else { throw PatternProblem(message: "a `\\` ends the pattern") }
                token = .literal(pattern[p + 1])
                p += 2
            case "*", "+", "{":
                throw PatternProblem(message: "`\(pattern[p])` at \(p + 1) follows no character or class to repeat")
            default:
                token = .literal(pattern[p])
                p += 1
            }
            var step = Step(token: token, minimum: 1, maximum: 1)
            if p < pattern.count {
                switch pattern[p] {
                case "*":
                    (step.minimum, step.maximum) = (0, Int.max)
                    p += 1
                case "+":
                    (step.minimum, step.maximum) = (1, Int.max)
                    p += 1
                case "{":
                    (step.minimum, step.maximum, p) = try range(pattern, from: p + 1)
                default:
                    break
                }
            }
            steps.append(step)
        }
        return steps
    }

    /// A class after its `[`: ranges `a-z` and single characters, `^` first inverting it; `\`
    /// escapes, a `-` first or last is itself.
    private static func set(_ pattern: [Unicode.Scalar], from start: Int) throws(PatternProblem) -> (Token, Int) {
        var p = start
        let inverted = p < pattern.count && pattern[p] == "^"
        if inverted { p += 1 }
        var ranges: [ClosedRange<Unicode.Scalar>] = []
        var listed = false
        while p < pattern.count, pattern[p] != "]" {
            listed = true
            var low = pattern[p]
            if low == "\\", p + 1 < pattern.count {
                p += 1
                low = pattern[p]
            }
            if p + 2 < pattern.count, pattern[p + 1] == "-", pattern[p + 2] != "]" {
                // A range that runs backwards takes nothing, as on the phone.
                let high = pattern[p + 2]
                if low <= high { ranges.append(low...high) }
                p += 3
            } else {
                ranges.append(low...low)
                p += 1
            }
        }
        guard p < pattern.count else { throw PatternProblem(message: "a `[` at \(start) is never closed by `]`") }
        guard listed else { throw PatternProblem(message: "the class at \(start) lists no character") }
        return (.set(ranges, inverted: inverted), p + 1)
    }

    /// `{n}`, `{n,}` or `{n,m}` after its `{`.
    private static func range(_ pattern: [Unicode.Scalar], from start: Int) throws(PatternProblem) -> (Int, Int, Int) {
        guard let close = pattern[start...].firstIndex(of: "}") else {
            throw PatternProblem(message: "a `{` at \(start) is never closed by `}`")
        }
        let body = String(String.UnicodeScalarView(pattern[start..<close]))
        let parts = body.split(separator: ",", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let minimum = Int(parts[0]), minimum >= 0 else {
            throw PatternProblem(message: "`{\(body)}` is not {n}, {n,} or {n,m}")
        }
        let maximum: Int
        if parts.count == 1 {
            maximum = minimum
        } else if parts[1].isEmpty {
            maximum = Int.max
        } else if let bound = Int(parts[1]), bound >= minimum {
            maximum = bound
        } else {
            throw PatternProblem(message: "`{\(body)}` is not {n}, {n,} or {n,m} with n ≤ m")
        }
        return (minimum, maximum, close + 1)
    }
}
