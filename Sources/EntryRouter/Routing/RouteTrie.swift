/// A segment trie over every pattern of a config: a match walks one node per URL segment, so its
/// cost depends on the URL's length and the branching where it walks, not on the number of routes.
///
/// At each node the children are tried in precedence order — literal, `<int:…>`, `<uuid:…>`,
/// `:name`, then `*name` — and a child whose subtree has no match falls back to the next one
/// (backtracking), so the winner is the most specific pattern segment by segment from the left,
/// whatever the order of declaration. A pattern that ends at a node beats a `*name` there that
/// would match the empty rest. Each node sits at one depth, so a match visits each node at most once.
struct RouteTrie: Sendable {
    /// A pattern's end: its route and its capture layout (an index into `layouts`).
    struct Terminal: Sendable, Equatable {
        var route: Int32
        var layout: Int32

        static let none = Terminal(route: -1, layout: -1)
    }

    /// 32 bytes, and the terminals are in it: a walk through a large table reads one node per
    /// segment and nothing else of the trie but the literal slots.
    private struct Node: Sendable {
        var int: Int32 = -1
        var uuid: Int32 = -1
        var param: Int32 = -1
        /// The pattern that ends here.
        var end = Terminal.none
        /// The pattern whose `*name` starts here.
        var rest = Terminal.none
        var hasLiterals = false
        var hasNonASCIILiteral = false
    }

    /// A trie root: custom schemes are keyed by scheme alone, http/https by scheme and host
    /// (lowercased).
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
    /// Capture layouts, shared by every pattern with the same captures at the same positions.
    private(set) var layouts: [CaptureLayout] = []
    private var layoutIndex: [CaptureLayout.Key: Int32] = [:]

    /// Adds `pattern` for route index `route`. A pattern whose shape is already in the trie is
    /// left out (config validation reports it as ambiguous, so a loaded config never has one).
    mutating func insert(_ pattern: URLPattern, route: Int) {
        var node: Int32
        if let existing = root(scheme: pattern.scheme, host: pattern.host) {
            node = existing
        } else {
            node = newNode()
            roots.append(Root(scheme: pattern.scheme, host: pattern.host, node: node))
        }
        var captures = CaptureLayout.Key(names: [], positions: [], takesRest: false)
        for (position, segment) in pattern.segments.enumerated() {
            if let name = segment.captureName {
                captures.names.append(name)
                captures.positions.append(position)
            }
            switch segment {
            case .literal(let text):
                node = literalChild(of: node, text)
            case .int:
                node = child(of: node, \.int)
            case .uuid:
                node = child(of: node, \.uuid)
            case .param:
                node = child(of: node, \.param)
            case .rest:
                captures.takesRest = true
                guard nodes[Int(node)].rest == .none else { return }
                nodes[Int(node)].rest = Terminal(route: Int32(route), layout: layout(captures))
                return
            }
        }
        guard nodes[Int(node)].end == .none else { return }
        nodes[Int(node)].end = Terminal(route: Int32(route), layout: layout(captures))
    }

    /// The root of the patterns of `scheme` and `host` (lowercased), if there are any. The table
    /// looks it up once per declared scheme and universal-link host, so that a URL admitted by
    /// one of them goes to its root without comparing names again.
    func root(scheme: String, host: String?) -> Int32? {
        roots.first { $0.scheme == scheme && $0.host == host }?.node
    }

    /// The most specific terminal under `root` matching `url`, if any.
    func match(_ url: ParsedURL, from root: Int32) -> Terminal? {
        let found = nodes.withUnsafeBufferPointer { nodes in
            walk(Probe(nodes: nodes, url: url, foldsFirst: url.host == nil), root, 0)
        }
        return found == .none ? nil : found
    }

    /// What one walk reads, borrowed for its duration.
    private struct Probe {
        var nodes: UnsafeBufferPointer<Node>
        var url: ParsedURL
        /// A custom scheme's first segment is its host, matched case-insensitively.
        var foldsFirst: Bool
    }

    private func walk(_ probe: Probe, _ index: Int32, _ depth: Int) -> Terminal {
        let node = probe.nodes.baseAddress! + Int(index)
        guard depth < probe.url.segments.count else { return node.pointee.end != .none ? node.pointee.end : node.pointee.rest }
        let segment = probe.url.segment(depth)
        if node.pointee.hasLiterals {
            let child = literal(probe, node, index, depth, segment, folded: depth == 0 && probe.foldsFirst)
            if child >= 0 {
                let found = walk(probe, child, depth + 1)
                if found != .none { return found }
            }
        }
        if node.pointee.int >= 0, SegmentTypes.isInt(segment) {
            let found = walk(probe, node.pointee.int, depth + 1)
            if found != .none { return found }
        }
        if node.pointee.uuid >= 0, SegmentTypes.isUUID(segment) {
            let found = walk(probe, node.pointee.uuid, depth + 1)
            if found != .none { return found }
        }
        if node.pointee.param >= 0, !segment.isEmpty {
            let found = walk(probe, node.pointee.param, depth + 1)
            if found != .none { return found }
        }
        return node.pointee.rest
    }

    /// The literal child of `node` for `segment`, or -1.
    private func literal(_ probe: Probe, _ node: UnsafePointer<Node>, _ index: Int32, _ depth: Int,
                         _ segment: UnsafeBufferPointer<UInt8>, folded: Bool) -> Int32 {
        if !node.pointee.hasNonASCIILiteral,
           let key = LiteralEdges.Key(segment, readable: probe.url.readableBytes(from: depth), folded: folded) {
            return literalEdges.find(parent: index, key: key)
        }
        let text = String(decoding: segment, as: UTF8.self)
        return literalTexts[Int(index)][folded ? ASCII.lowercased(text) : text] ?? -1
    }

    private mutating func literalChild(of node: Int32, _ text: String) -> Int32 {
        if let child = literalTexts[Int(node)][text] { return child }
        let child = newNode()
        literalTexts[Int(node)][text] = child
        nodes[Int(node)].hasLiterals = true
        var utf8 = text
        let isASCII = utf8.withUTF8 { bytes in
            guard let key = LiteralEdges.Key(bytes, readable: bytes.count, folded: false) else { return false }
            literalEdges.insert(parent: node, key: key, child: child)
            return true
        }
        if !isASCII { nodes[Int(node)].hasNonASCIILiteral = true }
        return child
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

    private mutating func layout(_ key: CaptureLayout.Key) -> Int32 {
        if let index = layoutIndex[key] { return index }
        layouts.append(CaptureLayout(key))
        layoutIndex[key] = Int32(layouts.count - 1)
        return Int32(layouts.count - 1)
    }
}
