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

    private struct Node: Sendable {
        var literals: [String: Int32] = [:]
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
                if let child = nodes[Int(node)].literals[text] {
                    node = child
                } else {
                    let child = newNode()
                    nodes[Int(node)].literals[text] = child
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

    /// The most specific terminal matching `url`, if any.
    func match(_ url: ParsedURL) -> Terminal? {
        guard let root = root(url.scheme, url.host) else { return nil }
        let found = nodes.withUnsafeBufferPointer { walk($0, root, 0, url.segments, url.foldedHost) }
        return found < 0 ? nil : terminals[Int(found)]
    }

    private func root(_ scheme: String, _ host: String?) -> Int32? {
        roots.first { $0.scheme == scheme && $0.host == host }?.node
    }

    /// Params captured by `terminal` from `segments`; a `*name` gets the rest joined with `/`.
    static func captures(of terminal: Terminal, in segments: [String], into params: inout [String: String]) {
        for capture in terminal.captures {
            if capture.isRest {
                params[capture.name] = segments[capture.position...].joined(separator: "/")
            } else {
                params[capture.name] = segments[capture.position]
            }
        }
    }

    private func walk(_ nodes: UnsafeBufferPointer<Node>, _ index: Int32, _ depth: Int, _ segments: [String],
                      _ foldedHost: String?) -> Int32 {
        let node = nodes.baseAddress! + Int(index)
        guard depth < segments.count else { return node.pointee.end >= 0 ? node.pointee.end : node.pointee.rest }
        let segment = segments[depth]
        if !node.pointee.literals.isEmpty, let child = node.pointee.literals[depth == 0 ? foldedHost ?? segment : segment] {
            let found = walk(nodes, child, depth + 1, segments, foldedHost)
            if found >= 0 { return found }
        }
        if node.pointee.int >= 0, SegmentTypes.isInt(segment) {
            let found = walk(nodes, node.pointee.int, depth + 1, segments, foldedHost)
            if found >= 0 { return found }
        }
        if node.pointee.uuid >= 0, SegmentTypes.isUUID(segment) {
            let found = walk(nodes, node.pointee.uuid, depth + 1, segments, foldedHost)
            if found >= 0 { return found }
        }
        if node.pointee.param >= 0, !segment.isEmpty {
            let found = walk(nodes, node.pointee.param, depth + 1, segments, foldedHost)
            if found >= 0 { return found }
        }
        return node.pointee.rest
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
        return Int32(nodes.count - 1)
    }

    private mutating func newTerminal(_ route: Int, _ pattern: URLPattern, _ captures: [Terminal.Capture]) -> Int32 {
        terminals.append(Terminal(route: route, pattern: pattern, captures: captures))
        return Int32(terminals.count - 1)
    }
}
