/// A URL taken apart for matching, by a hand-written parser: strict where Foundation's `URL` is
/// lenient (credentials, malformed escapes, spaces) and cheap enough for the per-entry hot path.
///
/// Normalisation:
/// - scheme (and, for https, host) lowercased; a custom scheme's first segment is its host and is
///   matched case-insensitively by the trie, while a param there keeps the text as written;
/// - the fragment, a trailing `?` and one trailing `/` are ignored;
/// - the path is split on `/` first and each segment percent-decoded after, so `%2F` stays inside
///   its segment;
/// - a port stays part of the https host (`materunner.app:8443` is another host than `materunner.app`).
struct ParsedURL: Sendable {
    var scheme: String
    /// The lowercased host of an http/https URL; nil for a custom scheme.
    var host: String?
    /// The decoded path segments back to back, as UTF-8; for a custom scheme the first one is the
    /// URL's host. Kept as bytes so the trie compares literals without building a String per
    /// segment; only the segments a route captures become Strings.
    var bytes: [UInt8]
    /// Each segment's place in `bytes`.
    var segments: [Range<Int>]
    /// Decoded query items in URL order (`a` alone is `a` = ""; empty names are dropped).
    var query: [(name: String, value: String)]
    /// The decoded path of an http/https URL, with its leading `/` (`/` when empty), for the
    /// apple-app-site-association rules: decoded so `%61dmin` cannot slip past `NOT /admin/*`.
    var path: String

    /// Parses `url`; every rejection is `not_allowed` with a message that says why. A URL over
    /// `maxBytes` (SPEC §3: 2048) is refused before it is looked at.
    static func parse(_ url: String, maxBytes: Int = RouterLimits().maxURLBytes) throws(WireError) -> ParsedURL {
        var text = url
        // `withUTF8` rethrows untyped, so the typed error is carried out by hand.
        var failure: WireError?
        let parsed = text.withUTF8 { bytes -> ParsedURL? in
            do throws(WireError) {
                return try parse(bytes: bytes, url: url, maxBytes: maxBytes)
            } catch {
                failure = error
                return nil
            }
        }
        guard let parsed else { throw failure! }
        return parsed
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>, url: String, maxBytes: Int) throws(WireError) -> ParsedURL {
        guard bytes.count <= maxBytes else {
            throw WireError(.notAllowed, "URL is \(bytes.count) bytes, longer than the \(maxBytes)-byte limit (--max-url)")
        }
        if let bad = bytes.firstIndex(where: { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) {
            throw WireError(.notAllowed, "URL has a space, control character or backslash at character \(bad + 1): \(url)")
        }
        var i = 0
        while i < bytes.count, i == 0 ? ASCII.isAlpha(bytes[i]) : ASCII.isSchemeByte(bytes[i]) { i += 1 }
        guard i > 0, i + 3 <= bytes.count,
              bytes[i] == UInt8(ascii: ":"), bytes[i + 1] == UInt8(ascii: "/"), bytes[i + 2] == UInt8(ascii: "/") else {
            throw WireError(.notAllowed, "not an absolute URL of the form scheme://...: \(url)")
        }
        let scheme = ASCII.lowercased(bytes[0..<i])
        i += 3
        var end = bytes[i...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        var queryRange = end..<end
        if let q = bytes[i..<end].firstIndex(of: UInt8(ascii: "?")) {
            queryRange = (q + 1)..<end
            end = q
        }
        var host: String?
        var pathStart = i
        if URLPattern.hasHost(scheme) {
            let hostEnd = bytes[i..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
            if bytes[i..<hostEnd].contains(UInt8(ascii: "@")) {
                throw WireError(.notAllowed, "URL carries credentials (user:pass@): \(url)")
            }
            guard hostEnd > i else { throw WireError(.notAllowed, "URL has no host: \(url)") }
            host = ASCII.lowercased(bytes[i..<hostEnd])
            pathStart = hostEnd
        } else {
            let hostEnd = bytes[i..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
            if bytes[i..<hostEnd].contains(UInt8(ascii: "@")) {
                throw WireError(.notAllowed, "URL carries credentials (user:pass@): \(url)")
            }
        }
        var path = "/"
        if host != nil, pathStart < end {
            guard let decoded = PercentEncoding.decode(bytes[pathStart..<end]) else { throw malformed(url) }
            path = decoded
            pathStart += 1
        }
        var segmentsEnd = end
        if segmentsEnd > pathStart, bytes[segmentsEnd - 1] == UInt8(ascii: "/") { segmentsEnd -= 1 }
        var decoded: [UInt8] = []
        var segments: [Range<Int>] = []
        if pathStart < segmentsEnd {
            decoded.reserveCapacity(segmentsEnd - pathStart)
            segments.reserveCapacity(8)
            var start = pathStart
            while true {
                let stop = bytes[start..<segmentsEnd].firstIndex(of: UInt8(ascii: "/")) ?? segmentsEnd
                let first = decoded.count
                guard PercentEncoding.decode(bytes[start..<stop], into: &decoded) else { throw malformed(url) }
                segments.append(first..<decoded.count)
                if stop == segmentsEnd { break }
                start = stop + 1
            }
        }
        var query: [(name: String, value: String)] = []
        var start = queryRange.lowerBound
        while start < queryRange.upperBound {
            let stop = bytes[start..<queryRange.upperBound].firstIndex(of: UInt8(ascii: "&")) ?? queryRange.upperBound
            let equals = bytes[start..<stop].firstIndex(of: UInt8(ascii: "=")) ?? stop
            guard let name = PercentEncoding.decode(bytes[start..<equals]),
                  let value = PercentEncoding.decode(bytes[min(equals + 1, stop)..<stop]) else { throw malformed(url) }
            if !name.isEmpty { query.append((name, value)) }
            start = stop + 1
        }
        return ParsedURL(scheme: scheme, host: host, bytes: decoded, segments: segments, query: query, path: path)
    }

    /// Segment `index` as text (valid UTF-8: the parser checked it).
    func segment(_ index: Int) -> String {
        String(decoding: bytes[segments[index]], as: UTF8.self)
    }

    /// The segments from `index` on, joined with `/`, for a `*name` capture.
    func rest(from index: Int) -> String {
        guard index < segments.count else { return "" }
        var joined = Array(bytes[segments[index]])
        for range in segments[(index + 1)...] {
            joined.append(UInt8(ascii: "/"))
            joined.append(contentsOf: bytes[range])
        }
        return String(decoding: joined, as: UTF8.self)
    }

    private static func malformed(_ url: String) -> WireError {
        WireError(.notAllowed, "URL has a malformed percent escape (`%` needs two hex digits, and the result must be UTF-8): \(url)")
    }
}
