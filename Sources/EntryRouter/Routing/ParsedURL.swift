import EntryKit

/// A URL taken apart for matching, by a hand-written parser: strict where Foundation's `URL` is
/// lenient (credentials, malformed escapes, spaces) and cheap enough for the per-entry hot path.
///
/// Normalisation:
/// - scheme (and, for https, host) compare case-insensitively; a custom scheme's first segment is
///   its host and is matched case-insensitively by the trie, while a param there keeps the text
///   as written;
/// - the fragment, a trailing `?` and one trailing `/` are ignored;
/// - the path is split on `/` first and each segment percent-decoded after, so `%2F` stays inside
///   its segment;
/// - a port stays part of the https host (`materunner.app:8443` is another host than `materunner.app`).
///
/// A parsed URL is a set of positions in the URL's own UTF-8 and lives only inside `parse`'s
/// closure: nothing is copied or allocated for it unless a segment has a `%` (then the decoded
/// segments are built once) or it has more than `inlineSegments` segments.
struct ParsedURL {
    /// One segment's place in `segmentBytes`.
    struct Segment {
        var start: Int32
        var end: Int32
    }

    /// The URL's UTF-8.
    let bytes: ByteView
    /// The scheme as written (letters in either case).
    let scheme: Range<Int>
    /// The host of an http/https URL as written; nil for a custom scheme.
    let host: Range<Int>?
    /// The path of an http/https URL, still encoded, from its leading `/` to the query or
    /// fragment; empty for a custom scheme.
    let path: Range<Int>
    /// The segments' bytes: `bytes` itself, or the decoded copy when a segment has a `%`. Either
    /// way consecutive segments are separated by one `/`, so a `*name` capture is one range.
    let segmentBytes: ByteView
    /// The path segments; for a custom scheme the first one is the URL's host.
    let segments: BufferView<Segment>
    /// The query, without its `?`; its items are read only when a route matched.
    let query: Range<Int>
    /// Whether `query` has a `%`, so its items need decoding (they were checked to decode).
    let queryIsEscaped: Bool

    /// Segments kept on the stack; a URL with more uses a heap buffer.
    static let inlineSegments = 64

    /// Parses `url` and calls `body` with it; every rejection is `not_allowed` with a message that
    /// says why. A URL over `maxBytes` (docs/PROTOCOL.md: 2048) is refused before it is looked at.
    ///
    /// Always inlined: called through, the closure's context (the whole routing table) would be
    /// copied, with a retain of each of its fields, several times per URL.
    @inline(__always)
    static func parse<R>(_ url: String, maxBytes: Int = RouterLimits().maxURLBytes,
                         _ body: (ParsedURL) throws(WireError) -> R) throws(WireError) -> R {
        // `withUTF8View` takes no throwing closure, so the typed error is carried out by hand.
        let outcome = url.withUTF8View { bytes in
            Result { () throws(WireError) -> R in try parse(bytes: bytes, url: url, maxBytes: maxBytes, body) }
        }
        return try outcome.get()
    }

    @inline(__always)
    private static func parse<R>(bytes: ByteView, url: String, maxBytes: Int,
                                 _ body: (ParsedURL) throws(WireError) -> R) throws(WireError) -> R {
        guard bytes.count <= maxBytes else {
            throw WireError(.notAllowed, "URL is \(bytes.count) bytes, longer than the \(maxBytes)-byte limit (--max-url)")
        }
        var fragment = bytes.count
        var k = 0
        while k < bytes.count {
            // Eight bytes at a time while they are all plain; a word with another byte is read
            // byte by byte.
            if k + 8 <= bytes.count, !hasSpecialByte(bytes.loadWord(at: k)) {
                k += 8
                continue
            }
            for at in k..<min(k + 8, bytes.count) {
                let b = bytes[at]
                // One compare for the common bytes: 0x21...0x7E, less `#` and `\`, are plain.
                guard b &- 0x21 > 0x5D || b == UInt8(ascii: "#") || b == UInt8(ascii: "\\") else { continue }
                if b <= 0x20 || b == 0x7F || b == UInt8(ascii: "\\") {
                    throw WireError(.notAllowed, "URL has a space, control character or backslash at character \(at + 1): \(url)")
                }
                if b == UInt8(ascii: "#"), fragment == bytes.count { fragment = at }
            }
            k += 8
        }
        var i = 0
        while i < bytes.count, i == 0 ? ASCII.isAlpha(bytes[i]) : ASCII.isSchemeByte(bytes[i]) { i += 1 }
        guard i > 0, i + 3 <= bytes.count,
              bytes[i] == UInt8(ascii: ":"), bytes[i + 1] == UInt8(ascii: "/"), bytes[i + 2] == UInt8(ascii: "/") else {
            throw WireError(.notAllowed, "not an absolute URL of the form scheme://...: \(url)")
        }
        let scheme = 0..<i
        i += 3
        // A scheme and `://` hold no `#` or `?`, so the first of each is past them.
        var end = fragment
        var query = end..<end
        if let q = bytes.firstIndex(of: UInt8(ascii: "?"), in: i..<end) {
            query = (q + 1)..<end
            end = q
        }
        let hostEnd = bytes.firstIndex(of: UInt8(ascii: "/"), in: i..<end) ?? end
        if bytes.contains(UInt8(ascii: "@"), in: i..<hostEnd) {
            throw WireError(.notAllowed, "URL carries credentials (user:pass@): \(url)")
        }
        var host: Range<Int>?
        var path = end..<end
        var pathStart = i
        if ASCII.hasHost(bytes.extracting(scheme)) {
            guard hostEnd > i else { throw WireError(.notAllowed, "URL has no host: \(url)") }
            host = i..<hostEnd
            path = hostEnd..<end
            pathStart = hostEnd < end ? hostEnd + 1 : hostEnd
        }
        var segmentsEnd = end
        if segmentsEnd > pathStart, bytes[segmentsEnd - 1] == UInt8(ascii: "/") { segmentsEnd -= 1 }
        let queryIsEscaped = bytes.contains(UInt8(ascii: "%"), in: query)
        // Escapes cannot span `&` or `=`, and those are ASCII: the query decodes whole exactly
        // when each of its names and values does.
        if queryIsEscaped, PercentEncoding.decode(bytes[query]) == nil { throw malformed(url) }

        func parsed(_ segmentBytes: ByteView, _ segments: BufferView<Segment>) -> ParsedURL {
            ParsedURL(bytes: bytes, scheme: scheme, host: host, path: path, segmentBytes: segmentBytes,
                      segments: segments, query: query, queryIsEscaped: queryIsEscaped)
        }
        func decoded(_ segments: MutableBufferView<Segment>) throws(WireError) -> R {
            var decoded: [UInt8] = []
            decoded.reserveCapacity(segmentsEnd - pathStart)
            for n in 0..<segments.count {
                if n > 0 { decoded.append(UInt8(ascii: "/")) }
                let start = decoded.count
                let raw = bytes.extracting(Int(segments[n].start)..<Int(segments[n].end))
                guard PercentEncoding.decode(raw, into: &decoded) else { throw malformed(url) }
                segments[n] = Segment(start: Int32(start), end: Int32(decoded.count))
            }
            return try decoded.withBufferView { (decoded) throws(WireError) -> R in
                try body(parsed(decoded, segments.view))
            }
        }
        return try withStackBuffer(of: Segment.self, capacity: inlineSegments) { (inline) throws(WireError) -> R in
            if let (count, escaped) = split(bytes, pathStart..<segmentsEnd, into: inline) {
                let segments = inline.extracting(0..<count)
                return escaped ? try decoded(segments) : try body(parsed(bytes, segments.view))
            }
            let count = bytes[pathStart..<segmentsEnd].count { $0 == UInt8(ascii: "/") } + 1
            var heap = [Segment](repeating: Segment(start: 0, end: 0), count: count)
            return try heap.withMutableBufferView { (segments) throws(WireError) -> R in
                let escaped = split(bytes, pathStart..<segmentsEnd, into: segments)!.escaped
                return escaped ? try decoded(segments) : try body(parsed(bytes, segments.view))
            }
        }
    }

    /// Whether one of the eight bytes of `word` is not plain: at most 0x20, at least 0x7F, `#`
    /// or `\`. Exact for the word as a whole (a borrow can mark a wrong byte, never a clean word).
    @inline(__always)
    private static func hasSpecialByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs = ones &* 0x80
        func hasZeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let below = (word &- ones &* 0x21) & ~word & highs
        let above = ((word & ~highs) &+ ones | word) & highs
        let hash = hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "#"))))
        let backslash = hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
        return below | above | hash | backslash != 0
    }

    /// Splits `range` of `bytes` at each `/` into `segments` (none when the range is empty); nil
    /// when there are more segments than room. `escaped` tells whether any of them has a `%`.
    private static func split(_ bytes: ByteView, _ range: Range<Int>,
                              into segments: MutableBufferView<Segment>) -> (count: Int, escaped: Bool)? {
        guard !range.isEmpty else { return (0, false) }
        var count = 0
        var escaped = false
        var start = range.lowerBound
        for k in range {
            let b = bytes[k]
            if b == UInt8(ascii: "/") {
                guard count < segments.count else { return nil }
                segments[count] = Segment(start: Int32(start), end: Int32(k))
                count += 1
                start = k + 1
            } else if b == UInt8(ascii: "%") {
                escaped = true
            }
        }
        guard count < segments.count else { return nil }
        segments[count] = Segment(start: Int32(start), end: Int32(range.upperBound))
        return (count + 1, escaped)
    }

    /// Segment `index`'s decoded bytes.
    func segment(_ index: Int) -> ByteView {
        segmentBytes.extracting(segmentRange(index))
    }

    /// Where segment `index`'s decoded bytes are in `segmentBytes`.
    func segmentRange(_ index: Int) -> Range<Int> {
        Int(segments[index].start)..<Int(segments[index].end)
    }

    /// Segment `index` as text (valid UTF-8: the parser checked it).
    func text(_ index: Int) -> String {
        segment(index).string
    }

    /// The segments from `index` on, joined with `/`, for a `*name` capture.
    func rest(from index: Int) -> String {
        guard index < segments.count else { return "" }
        let range = Int(segments[index].start)..<Int(segments[segments.count - 1].end)
        return segmentBytes.extracting(range).string
    }

    /// The scheme, lowercased, for messages.
    var schemeText: String { ASCII.lowercased(bytes.extracting(scheme)) }

    /// Calls `body` with the decoded path of an http/https URL, with its leading `/` (`/` when
    /// empty), for the apple-app-site-association rules: decoded so `%61dmin` cannot slip past
    /// `NOT /admin/*`.
    func withDecodedPath<R>(_ body: (ByteView) -> R) -> R {
        guard !path.isEmpty else { return "/".withUTF8View(body) }
        guard bytes.contains(UInt8(ascii: "%"), in: path) else { return body(bytes.extracting(path)) }
        // The segments decoded, and `/` is ASCII: the whole path decodes as well.
        return PercentEncoding.decode(bytes[path])!.withUTF8View(body)
    }

    /// The decoded path, query, query items and fragment, for an apple-app-site-association
    /// file's components. Built only for a host whose rules come from such a file. A fragment
    /// with a malformed escape is kept as written (fragments are not otherwise checked).
    func appLinkURL() -> AppLinkURL {
        let path = withDecodedPath(\.string)
        var items: [(name: String, value: String)] = []
        forEachQueryItem { name, value in items.append((name, value)) }
        // The query ends where the fragment's `#` is, or at the end of the URL.
        let fragmentStart = min(query.upperBound + 1, bytes.count)
        let fragment = bytes[fragmentStart...]
        return AppLinkURL(path: path, query: text(bytes[query]), items: items,
                          fragment: PercentEncoding.decode(fragment) ?? String(decoding: fragment, as: UTF8.self))
    }

    /// Calls `body` with each query item in URL order, decoded (`a` alone is `a` = ""; empty
    /// names are left out).
    func forEachQueryItem(_ body: (String, String) -> Void) {
        var start = query.lowerBound
        while start < query.upperBound {
            let stop = bytes.firstIndex(of: UInt8(ascii: "&"), in: start..<query.upperBound) ?? query.upperBound
            let equals = bytes.firstIndex(of: UInt8(ascii: "="), in: start..<stop) ?? stop
            if equals > start {
                body(text(bytes[start..<equals]), text(bytes[min(equals + 1, stop)..<stop]))
            }
            start = stop + 1
        }
    }

    /// How many query items `forEachQueryItem` gives, repeated names included.
    var queryItemCount: Int {
        var count = 0
        var start = query.lowerBound
        for k in query where bytes[k] == UInt8(ascii: "&") {
            if k > start, bytes[start] != UInt8(ascii: "=") { count += 1 }
            start = k + 1
        }
        if query.upperBound > start, bytes[start] != UInt8(ascii: "=") { count += 1 }
        return count
    }

    private func text(_ part: Slice<ByteView>) -> String {
        queryIsEscaped ? PercentEncoding.decode(part)! : String(decoding: part, as: UTF8.self)
    }

    private static func malformed(_ url: String) -> WireError {
        WireError(.notAllowed, "URL has a malformed percent escape (`%` needs two hex digits, and the result must be UTF-8): \(url)")
    }
}
