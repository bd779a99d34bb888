import EntryKit

/// A parsed `match` pattern (docs/CONFIG.md): `scheme://host/seg/...` for https, `scheme://seg/...` for a
/// custom scheme, whose first segment is the URL's host.
struct URLPattern: Hashable, Sendable {
    /// Lowercased.
    var scheme: String
    /// The lowercased host of an `http`/`https` pattern; nil for a custom scheme.
    var host: String?
    var segments: [PatternSegment]

    /// Whether URLs of `scheme` carry a real host before the path (http and https).
    static func hasHost(_ scheme: String) -> Bool { scheme == "https" || scheme == "http" }

    /// The pattern without its capture names: equal shapes match the same URLs at the same specificity.
    var shape: Shape { Shape(scheme: scheme, host: host, segments: segments.map(\.shape)) }

    struct Shape: Hashable, Sendable {
        var scheme: String
        var host: String?
        var segments: [PatternSegment.Shape]
    }

    /// The names this pattern captures, in segment order.
    var captureNames: [String] { segments.compactMap(\.captureName) }

    /// Parses `text`. Literals are percent-decoded; the host, and a custom scheme's first literal
    /// segment, are lowercased because URLs compare them case-insensitively.
    ///
    /// - Parameter allowTypes: false for redirect templates, which only fill in `:name` and `*name`.
    static func parse(_ text: String, allowTypes: Bool = true) throws(PatternSyntaxError) -> URLPattern {
        let bytes = Array(text.utf8)
        var i = 0
        guard let first = bytes.first, ASCII.isAlpha(first) else {
            throw PatternSyntaxError(column: 1, problem: "a pattern starts with a scheme: a letter, then letters, digits, `+`, `-` or `.`, then `://`")
        }
        while i < bytes.count, ASCII.isSchemeByte(bytes[i]) { i += 1 }
        guard bytes[i...].starts(with: "://".utf8) else {
            throw PatternSyntaxError(column: i + 1, problem: "expected `://` after the scheme")
        }
        let scheme = ASCII.lowercased(bytes[0..<i])
        i += 3
        var host: String?
        if hasHost(scheme) {
            let start = i
            while i < bytes.count, bytes[i] != UInt8(ascii: "/") {
                let b = bytes[i]
                guard ASCII.isAlpha(b) || ASCII.isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") else {
                    throw PatternSyntaxError(column: i + 1, problem: "character `\(Character(Unicode.Scalar(b)))` is not allowed in a host")
                }
                i += 1
            }
            guard i > start else { throw PatternSyntaxError(column: start + 1, problem: "an \(scheme) pattern needs a host") }
            host = ASCII.lowercased(bytes[start..<i])
            if i < bytes.count { i += 1 }
        }
        var end = bytes.count
        if end > i, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        var segments: [PatternSegment] = []
        var names: Set<String> = []
        if i < end {
            var start = i
            while true {
                var stop = start
                while stop < end, bytes[stop] != UInt8(ascii: "/") { stop += 1 }
                if case .rest? = segments.last {
                    throw PatternSyntaxError(column: start + 1, problem: "`*` matches the rest of the path, so it must be the last segment")
                }
                let segment = try parseSegment(bytes, start, stop, allowTypes: allowTypes)
                if let name = segment.captureName, !names.insert(name).inserted {
                    throw PatternSyntaxError(column: start + 1, problem: "param `\(name)` appears twice")
                }
                if host == nil, segments.isEmpty, case .literal(let text) = segment {
                    segments.append(.literal(ASCII.lowercased(text)))
                } else {
                    segments.append(segment)
                }
                if stop >= end { break }
                start = stop + 1
            }
        }
        return URLPattern(scheme: scheme, host: host, segments: segments)
    }

    private static func parseSegment(_ bytes: [UInt8], _ start: Int, _ stop: Int, allowTypes: Bool) throws(PatternSyntaxError) -> PatternSegment {
        guard start < stop else { throw PatternSyntaxError(column: start + 1, problem: "empty segment (`//`)") }
        switch bytes[start] {
        case UInt8(ascii: ":"):
            return .param(try name(bytes, start + 1, stop))
        case UInt8(ascii: "*"):
            return .rest(try name(bytes, start + 1, stop))
        case UInt8(ascii: "<"):
            guard bytes[stop - 1] == UInt8(ascii: ">") else {
                throw PatternSyntaxError(column: stop, problem: "a typed segment ends with `>` (`<int:name>`)")
            }
            guard let colon = bytes[start..<stop].firstIndex(of: UInt8(ascii: ":")) else {
                throw PatternSyntaxError(column: start + 2, problem: "a typed segment is `<int:name>` or `<uuid:name>`")
            }
            let type = String(decoding: bytes[(start + 1)..<colon], as: UTF8.self)
            let captured = try name(bytes, colon + 1, stop - 1)
            guard allowTypes else {
                throw PatternSyntaxError(column: start + 1, problem: "a redirect template fills in `:name` or `*name`, not a typed segment")
            }
            switch type {
            case "int": return .int(captured)
            case "uuid": return .uuid(captured)
            default: throw PatternSyntaxError(column: start + 2, problem: "unknown segment type `\(type)`: use `int` or `uuid`")
            }
        default:
            for k in start..<stop {
                let b = bytes[k]
                if b <= 0x20 || b == 0x7F || "?#<>{}\\\"^`|[]*".utf8.contains(b) {
                    let shown = b == UInt8(ascii: "?")
                        ? "`?`: a query is not part of a pattern, query items become params by themselves"
                        : b <= 0x20 || b == 0x7F ? "a space or control character" : "`\(Character(Unicode.Scalar(b)))`"
                    throw PatternSyntaxError(column: k + 1, problem: "\(shown) is not allowed in a literal segment")
                }
            }
            guard let text = PercentEncoding.decode(bytes[start..<stop]) else {
                throw PatternSyntaxError(column: start + 1, problem: "malformed percent escape (`%` needs two hex digits, and the result must be UTF-8)")
            }
            return .literal(text)
        }
    }

    /// A capture name: a letter or `_`, then letters, digits or `_`.
    private static func name(_ bytes: [UInt8], _ start: Int, _ stop: Int) throws(PatternSyntaxError) -> String {
        guard start < stop else { throw PatternSyntaxError(column: start + 1, problem: "missing param name") }
        for k in start..<stop {
            let b = bytes[k]
            let ok = ASCII.isAlpha(b) || b == UInt8(ascii: "_") || (k > start && ASCII.isDigit(b))
            guard ok else {
                throw PatternSyntaxError(column: k + 1, problem: "a param name is a letter or `_`, then letters, digits or `_`")
            }
        }
        return String(decoding: bytes[start..<stop], as: UTF8.self)
    }
}

/// Why a pattern does not parse, with the 1-based character position of the problem.
struct PatternSyntaxError: Error, Hashable, Sendable {
    var column: Int
    var problem: String
}
