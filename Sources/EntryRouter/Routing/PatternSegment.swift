/// One segment of a route pattern, in the order of its precedence when several patterns match.
enum PatternSegment: Hashable, Sendable {
    /// Matches exactly this (percent-decoded) text.
    case literal(String)
    /// `<int:name>`: a decimal integer that fits in 64 bits.
    case int(String)
    /// `<uuid:name>`: a UUID in its 8-4-4-4-12 hex form, either case.
    case uuid(String)
    /// `:name`: any one non-empty segment.
    case param(String)
    /// `*name`: the rest of the path, possibly empty; last segment only.
    case rest(String)

    /// The name the segment's value is captured under, if it captures one.
    var captureName: String? {
        switch self {
        case .literal: nil
        case .int(let name), .uuid(let name), .param(let name), .rest(let name): name
        }
    }

    /// The segment without its capture name: what decides which URLs it matches and how specifically.
    var shape: Shape {
        switch self {
        case .literal(let text): .literal(text)
        case .int: .int
        case .uuid: .uuid
        case .param: .param
        case .rest: .rest
        }
    }

    /// A segment's shape; two patterns with equal shapes match the same URLs at the same specificity.
    enum Shape: Hashable, Sendable {
        case literal(String)
        case int
        case uuid
        case param
        case rest
    }
}
