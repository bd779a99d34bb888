/// A segment trie over every pattern of a config: a match walks one node per URL segment, so its
/// cost depends on the URL's length and the branching where it walks, not on the number of routes.
///
/// At each node the children are tried in precedence order — literal, `<int:…>`, `<uuid:…>`,
/// `:name`, then `*name` — and a child whose subtree has no match falls back to the next one
/// (backtracking), so the winner is the most specific pattern segment by segment from the left,
/// whatever the order of declaration. A pattern that ends at a node beats a `*name` there that
/// would match the empty rest. Each node sits at one depth, so a match visits each node at most once.
struct RouteTrie: Sendable {
    /// One pattern's end: the route it belongs to and where its captures are.
    struct Terminal: Sendable {
        var route: Int
        var pattern: URLPattern
        /// Capture name by segment position; the last may be a `*name` that takes the rest.
        var captures: [Capture]

        struct Capture: Sendable {
            var position: Int
            var name: String
            var isRest: Bool
        }
    }

    /// Small (24 bytes) so that a walk through a large table touches few cache lines; the
    /// literal children live in `literalEdges` and `literalTexts`.
    private struct Node: Sendable {
        var hasLiterals = false
        var hasNonASCIILiteral = false
        var int: Int32 = -1
        var uuid: Int32 = -1
        var param: Int32 = -1
        /// The terminal of a pattern that ends here.
        var end: Int32 = -1
        /// The terminal of a pattern whose `*name` starts here.
        var rest: Int32 = -1
    }

    /// A trie root: custom schemes are keyed by scheme alone, http/https by scheme and host.
    /// A config has a handful of these, so a scan beats hashing the strings.
    private struct Root: Sendable {
        var scheme: String
        var host: String?
        var node: Int32
    }

    private var nodes: [Node] = []
    private var literalEdges = LiteralEdges()
    /// Every node's literal children by text, by node index. Matching reads it only where
    /// `literalEdges` cannot answer: a non-ASCII segment or key, where String equality
    /// (canonical equivalence, so `\u{212A}` equals `K`) differs from byte equality.
    private var literalTexts: [[String: Int32]] = []
    private var roots: [Root] = []
    private(set) var terminals: [Terminal] = []

    /// Adds `pattern` for route index `route`. A pattern whose shape is already in the trie is
    /// left out (config validation reports it as ambiguous, so a loaded config never has one).
    mutating func insert(_ pattern: URLPattern, route: Int) {
        var node: Int32
        if let existing = root(pattern.scheme, pattern.host) {
            node = existing
        } else {
            node = newNode()
            roots.append(Root(scheme: pattern.scheme, host: pattern.host, node: node))
        }
        var captures: [Terminal.Capture] = []
        for (position, segment) in pattern.segments.enumerated() {
            switch segment {
            case .literal(let text):
                if let child = literalTexts[Int(node)][text] {
                    node = child
                } else {
                    let child = newNode()
                    literalTexts[Int(node)][text] = child
                    nodes[Int(node)].hasLiterals = true
                    if text.utf8.allSatisfy({ $0 < 0x80 }) {
                        literalEdges.insert(parent: node, key: text, child: child)
                    } else {
                        nodes[Int(node)].hasNonASCIILiteral = true
                    }
                    node = child
                }
            case .int(let name):
                captures.append(.init(position: position, name: name, isRest: false))
                node = child(of: node, \.int)
            case .uuid(let name):
                captures.append(.init(position: position, name: name, isRest: false))
                node = child(of: node, \.uuid)
            case .param(let name):
                captures.append(.init(position: position, name: name, isRest: false))
                node = child(of: node, \.param)
            case .rest(let name):
                captures.append(.init(position: position, name: name, isRest: true))
                guard nodes[Int(node)].rest < 0 else { return }
                nodes[Int(node)].rest = newTerminal(route, pattern, captures)
                return
            }
        }
        guard nodes[Int(node)].end < 0 else { return }
        nodes[Int(node)].end = newTerminal(route, pattern, captures)
    }

    /// The index of the most specific terminal matching `url`, if any.
    func match(_ url: ParsedURL) -> Int32? {
        guard let root = root(url.scheme, url.host) else { return nil }
        let found = nodes.withUnsafeBufferPointer { nodes in
            url.bytes.withUnsafeBufferPointer { bytes in
                url.segments.withUnsafeBufferPointer { segments in
                    walk(Probe(nodes: nodes, bytes: bytes, segments: segments, foldsFirst: url.host == nil), root, 0)
                }
            }
        }
        return found < 0 ? nil : found
    }

    /// The route index of terminal `terminal`.
    func route(of terminal: Int32) -> Int { terminals[Int(terminal)].route }

    /// How many params terminal `terminal` captures.
    func captureCount(of terminal: Int32) -> Int { terminals[Int(terminal)].captures.count }

    private func root(_ scheme: String, _ host: String?) -> Int32? {
        roots.first { $0.scheme == scheme && $0.host == host }?.node
    }

    /// Params captured by `terminal` from `url`'s segments; a `*name` gets the rest joined with `/`.
    func captures(of terminal: Int32, in url: ParsedURL, into params: inout [String: String]) {
        for capture in terminals[Int(terminal)].captures {
            params[capture.name] = capture.isRest ? url.rest(from: capture.position) : url.segment(capture.position)
        }
    }

    /// What one walk reads, borrowed for its duration.
    private struct Probe {
        var nodes: UnsafeBufferPointer<Node>
        var bytes: UnsafeBufferPointer<UInt8>
        var segments: UnsafeBufferPointer<Range<Int>>
        /// A custom scheme's first segment is its host, matched case-insensitively.
        var foldsFirst: Bool
    }

    private func walk(_ probe: Probe, _ index: Int32, _ depth: Int) -> Int32 {
        let node = probe.nodes.baseAddress! + Int(index)
        guard depth < probe.segments.count else { return node.pointee.end >= 0 ? node.pointee.end : node.pointee.rest }
        let segment = probe.bytes[probe.segments[depth]]
        if node.pointee.hasLiterals {
            let child = literal(node, index, segment, folded: depth == 0 && probe.foldsFirst)
            if child >= 0 {
                let found = walk(probe, child, depth + 1)
                if found >= 0 { return found }
            }
        }
        if node.pointee.int >= 0, SegmentTypes.isInt(segment) {
            let found = walk(probe, node.pointee.int, depth + 1)
            if found >= 0 { return found }
        }
        if node.pointee.uuid >= 0, SegmentTypes.isUUID(segment) {
            let found = walk(probe, node.pointee.uuid, depth + 1)
            if found >= 0 { return found }
        }
        if node.pointee.param >= 0, !segment.isEmpty {
            let found = walk(probe, node.pointee.param, depth + 1)
            if found >= 0 { return found }
        }
        return node.pointee.rest
    }

    /// The literal child of `node` for `segment`, or -1.
    private func literal(_ node: UnsafePointer<Node>, _ index: Int32, _ segment: Slice<UnsafeBufferPointer<UInt8>>,
                         folded: Bool) -> Int32 {
        if !node.pointee.hasNonASCIILiteral, !segment.contains(where: { $0 >= 0x80 }) {
            return literalEdges.find(parent: index, key: segment, folded: folded)
        }
        let text = String(decoding: segment, as: UTF8.self)
        return literalTexts[Int(index)][folded ? ASCII.lowercased(text) : text] ?? -1
    }

    private mutating func child(of node: Int32, _ slot: WritableKeyPath<Node, Int32>) -> Int32 {
        let existing = nodes[Int(node)][keyPath: slot]
        if existing >= 0 { return existing }
        let created = newNode()
        nodes[Int(node)][keyPath: slot] = created
        return created
    }

    private mutating func newNode() -> Int32 {
        nodes.append(Node())
        literalTexts.append([:])
        return Int32(nodes.count - 1)
    }

    private mutating func newTerminal(_ route: Int, _ pattern: URLPattern, _ captures: [Terminal.Capture]) -> Int32 {
        terminals.append(Terminal(route: route, pattern: pattern, captures: captures))
        return Int32(terminals.count - 1)
    }
}

/// The ASCII literal edges of every trie node in one open-addressing table keyed by parent node
/// and key bytes: a lookup hashes the segment where it lies in the URL's bytes, where a String
/// key would cost building a String per segment and hashing it with SipHash.
private struct LiteralEdges: Sendable {
    private struct Edge: Sendable {
        var hash: UInt64
        var parent: Int32
        var child: Int32
        var start: Int32
        var count: Int32
    }

    /// Edge index or -1; the count is a power of two, at least twice the edge count.
    private var slots: [Int32] = Array(repeating: -1, count: 16)
    private var edges: [Edge] = []
    private var keys: [UInt8] = []

    /// Adds the edge `parent` → `child` for `key`, which is ASCII (and, where the trie folds case,
    /// already lowercase).
    mutating func insert(parent: Int32, key: String, child: Int32) {
        let start = keys.count
        keys.append(contentsOf: key.utf8)
        let hash = keys.withUnsafeBufferPointer { Self.hash(parent, $0[start...], folded: false) }
        edges.append(Edge(hash: hash, parent: parent, child: child, start: Int32(start), count: Int32(keys.count - start)))
        if edges.count * 2 > slots.count {
            slots = Array(repeating: -1, count: slots.count * 2)
            for index in edges.indices { place(Int32(index)) }
        } else {
            place(Int32(edges.count - 1))
        }
    }

    private mutating func place(_ edge: Int32) {
        let mask = slots.count - 1
        var slot = Self.slot(edges[Int(edge)].hash, mask)
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = edge
    }

    /// The child of `parent` under `key` (ASCII letters lowercased first when `folded`), or -1.
    func find(parent: Int32, key: Slice<UnsafeBufferPointer<UInt8>>, folded: Bool) -> Int32 {
        let hash = Self.hash(parent, key, folded: folded)
        let mask = slots.count - 1
        var slot = Self.slot(hash, mask)
        while true {
            let index = slots[slot]
            if index < 0 { return -1 }
            let edge = edges[Int(index)]
            if edge.hash == hash, edge.parent == parent, Int(edge.count) == key.count, equal(Int(edge.start), key, folded) {
                return edge.child
            }
            slot = (slot + 1) & mask
        }
    }

    private func equal(_ start: Int, _ key: Slice<UnsafeBufferPointer<UInt8>>, _ folded: Bool) -> Bool {
        keys.withUnsafeBufferPointer { keys in
            var offset = start
            for byte in key {
                guard keys[offset] == (folded ? ASCII.lowercased(byte) : byte) else { return false }
                offset += 1
            }
            return true
        }
    }

    /// FNV-1a over the key, seeded with the parent node.
    private static func hash(_ parent: Int32, _ key: Slice<UnsafeBufferPointer<UInt8>>, folded: Bool) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(UInt32(bitPattern: parent)) &* 0x9E37_79B9_7F4A_7C15
        for byte in key { hash = (hash ^ UInt64(folded ? ASCII.lowercased(byte) : byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    private static func slot(_ hash: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
    }
}
