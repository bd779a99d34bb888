import EntryKit

/// One pattern tried against one URL by itself, segment by segment, with the trie's rules for a
/// segment (a custom scheme's first literal compared case-insensitively, `<int:…>` and `<uuid:…>`
/// by `SegmentTypes`, `:name` non-empty, `*name` taking the rest, possibly empty).
///
/// For `RouteExplanation`, which needs every pattern's verdict and where a miss stopped, not only
/// the winner the trie finds: slow (every pattern of the host is tried) and never on the entry path.
struct PatternTrial {
    typealias Kind = RouteExplanation.SegmentKind

    /// The kind of pattern segment that took each URL segment, then `.end` when the pattern ends
    /// with the URL (none after a `*rest`): compared in order, the lower rank wins.
    var kinds: [Kind] = []
    /// The captured values, in segment order, with the segment each starts at.
    var captures: [(name: String, value: String, segment: Int)] = []
    /// Nil when the pattern matches.
    var stop: (segment: Int, reason: RouteExplanation.StopReason)?

    init(_ pattern: URLPattern, _ url: ParsedURL) {
        let count = url.segments.count
        for (index, segment) in pattern.segments.enumerated() {
            if case .rest(let name) = segment {
                kinds.append(.rest)
                captures.append((name, url.rest(from: index), index))
                return
            }
            guard index < count else {
                stop = (index, .urlEnds(expected: Self.written(segment)))
                return
            }
            let text = url.text(index)
            switch segment {
            case .literal(let literal):
                let found = index == 0 && url.host == nil ? ASCII.lowercased(text) : text
                guard found == literal else {
                    stop = (index, .literal(expected: literal, found: text))
                    return
                }
                kinds.append(.literal)
            case .int(let name):
                guard SegmentTypes.isInt(url.segment(index)) else {
                    stop = (index, .notInt(found: text))
                    return
                }
                kinds.append(.int)
                captures.append((name, text, index))
            case .uuid(let name):
                guard SegmentTypes.isUUID(url.segment(index)) else {
                    stop = (index, .notUUID(found: text))
                    return
                }
                kinds.append(.uuid)
                captures.append((name, text, index))
            case .param(let name):
                guard !text.isEmpty else {
                    stop = (index, .empty)
                    return
                }
                kinds.append(.param)
                captures.append((name, text, index))
            case .rest:
                return
            }
        }
        guard pattern.segments.count >= count else {
            stop = (pattern.segments.count, .urlGoesOn(found: url.text(pattern.segments.count)))
            return
        }
        kinds.append(.end)
    }

    /// How far the pattern got: the segments it took before it stopped.
    var reached: Int { stop?.segment ?? kinds.count }

    /// The first segment where this match and `other` differ in kind, with this one's kind and
    /// the other's there; nil when they take every segment alike (two such patterns are refused
    /// at load as ambiguous).
    func firstDifference(from other: PatternTrial) -> (segment: Int, mine: Kind, theirs: Kind)? {
        for index in 0..<min(kinds.count, other.kinds.count) where kinds[index] != other.kinds[index] {
            return (index, kinds[index], other.kinds[index])
        }
        return nil
    }

    /// Whether this match ranks above `other` by the trie's precedence.
    func beats(_ other: PatternTrial) -> Bool {
        guard let difference = firstDifference(from: other) else { return false }
        return difference.mine.rank < difference.theirs.rank
    }

    /// A segment as a pattern writes it, for messages.
    static func written(_ segment: PatternSegment) -> String {
        switch segment {
        case .literal(let text): text
        case .int(let name): "<int:\(name)>"
        case .uuid(let name): "<uuid:\(name)>"
        case .param(let name): ":\(name)"
        case .rest(let name): "*\(name)"
        }
    }
}
