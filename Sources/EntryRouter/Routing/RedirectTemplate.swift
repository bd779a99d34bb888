/// A redirect route's target (`materunner://records/:id`): pattern syntax where `:name` and
/// `*name` are filled in from the params, each value percent-encoded so it stays one segment
/// (a `*name` value keeps its `/` separators).
struct RedirectTemplate: Sendable {
    let pattern: URLPattern

    init(_ text: String) throws(PatternSyntaxError) {
        pattern = try URLPattern.parse(text, allowTypes: false)
    }

    /// The URL built from `params`, or the name of the first param it needs and does not have.
    func fill(_ params: RouteParams) -> Filled {
        var parts: [String] = []
        if let host = pattern.host { parts.append(host) }
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                parts.append(PercentEncoding.encodeSegment(text))
            case .param(let name), .int(let name), .uuid(let name):
                guard let value = params[name] else { return .missing(name) }
                parts.append(PercentEncoding.encodeSegment(value))
            case .rest(let name):
                guard let value = params[name] else { return .missing(name) }
                parts.append(value.split(separator: "/", omittingEmptySubsequences: false)
                    .map { PercentEncoding.encodeSegment(String($0)) }.joined(separator: "/"))
            }
        }
        return .url(pattern.scheme + "://" + parts.joined(separator: "/"))
    }

    enum Filled: Hashable, Sendable {
        case url(String)
        case missing(String)
    }
}
