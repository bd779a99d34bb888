import EntryKit

/// A segment trie over every pattern of a config: a match walks one node per URL segment, so its
/// cost depends on the URL's length and the branching where it walks, not on the number of routes.
///
/// At each node the children are tried in precedence order — literal, `<int:…>`, `<uuid:…>`,
/// `:name`, then `*name` — and a child whose subtree has no match falls back to the next one
/// (backtracking), so the winner is the most specific pattern segment by segment from the left,
/// whatever the order of declaration. A pattern that ends at a node beats a `*name` there that
/// would match the empty rest. Each node sits at one depth, so a match visits each node at most once.
///
/// Built by `RouteTrie.Builder`, then only read. Laid out for a walk through a large table to
/// touch little memory: a node reached by an ASCII literal lives inside its slot of `literals`
/// (one cache line for the lookup and the node), and a typed or `:name` child with no children of
/// its own is no node at all but its terminal, kept in the parent.
struct RouteTrie: Sendable {
    /// A pattern's end: its route and its capture layout (an index into `layouts`).
    struct Terminal: Sendable, Equatable {
        var route: Int32
        var layout: Int32

        static let none = Terminal(route: -1, layout: -1)
    }

    /// A typed or `:name` child: a node reference, or for a child without children of its own the
    /// terminal of the pattern that ends there.
    struct Child: Sendable, Equatable {
        /// The node reference, or the leaf's route; `UInt32.max` when there is no child.
        var bits: UInt32
        /// The leaf's layout; -1 for a node.
        var layout: Int32

        static let none = Child(bits: .max, layout: -1)

        static func node(_ reference: UInt32) -> Child { Child(bits: reference, layout: -1) }
        static func leaf(_ terminal: Terminal) -> Child { Child(bits: UInt32(terminal.route), layout: terminal.layout) }

        var exists: Bool { bits != .max }
        var isLeaf: Bool { layout >= 0 }
        var terminal: Terminal { Terminal(route: Int32(bits), layout: layout) }
    }

    /// 40 bytes, so that with its literal key it fills one 64-byte slot of `literals`.
    struct Node: Sendable {
        var int = Child.none
        var uuid = Child.none
        var param = Child.none
        /// The pattern that ends here.
        var end = Terminal.none
        /// The pattern whose `*name` starts here.
        var rest = Terminal.none
    }

    /// How a node's literal children are found.
    enum Flags {
        static let hasLiterals: UInt16 = 1
        /// A literal child is not ASCII: every segment is looked up in `texts`, whose `String`
        /// keys compare by canonical equivalence (`\u{212A}` equals `K`), unlike bytes.
        static let hasNonASCIILiteral: UInt16 = 2
        /// A literal child has `K`, `;` or `` ` ``, the only ASCII characters that a non-ASCII
        /// character equals (KELVIN SIGN, GREEK QUESTION MARK, GREEK VARIA): a non-ASCII segment
        /// is looked up in `texts`. Elsewhere it matches no literal and is not looked up at all.
        static let hasFoldableLiteral: UInt16 = 4
    }

    /// A node reference with this bit set is a slot of `literals`; without, an index of `plain`.
    static let inLiterals: UInt32 = 1 << 31

    struct PlainNode: Sendable {
        var node: Node
        var flags: UInt16
    }

    /// A trie root: custom schemes are keyed by scheme alone, http/https by scheme and host
    /// (lowercased).
    struct Root: Sendable {
        var scheme: String
        var host: String?
        var node: UInt32
    }

    /// Roots, typed and `:name` children with children, and children of non-ASCII literals.
    let plain: [PlainNode]
    let literals: LiteralEdges
    /// The literal children by text of each node flagged `hasNonASCIILiteral` or `hasFoldableLiteral`.
    let texts: [UInt32: [String: UInt32]]
    let roots: [Root]
    /// Capture layouts, shared by every pattern with the same captures at the same positions.
    let layouts: [CaptureLayout]

    /// The root of the patterns of `scheme` and `host` (lowercased), if there are any. The table
    /// looks it up once per declared scheme and universal-link host, so that a URL admitted by
    /// one of them goes to its root without comparing names again.
    func root(scheme: String, host: String?) -> UInt32? {
        roots.first { $0.scheme == scheme && $0.host == host }?.node
    }

    /// The most specific terminal under `root` matching `url`, if any.
    func match(_ url: ParsedURL, from root: UInt32) -> Terminal? {
        let found = plain.withBufferView { plain in
            walk(Probe(plain: plain, url: url, foldsFirst: url.host == nil), root, 0)
        }
        return found == .none ? nil : found
    }

    /// What one walk reads, borrowed for its duration.
    private struct Probe {
        var plain: BufferView<PlainNode>
        var url: ParsedURL
        /// A custom scheme's first segment is its host, matched case-insensitively.
        var foldsFirst: Bool
    }

    private func walk(_ probe: Probe, _ reference: UInt32, _ depth: Int) -> Terminal {
        let node: Node
        let flags: UInt16
        if reference & Self.inLiterals != 0 {
            (node, flags) = literals.child(Int(reference & ~Self.inLiterals))
        } else {
            node = probe.plain[Int(reference)].node
            flags = probe.plain[Int(reference)].flags
        }
        guard depth < probe.url.segments.count else { return node.end != .none ? node.end : node.rest }
        let segment = probe.url.segment(depth)
        if flags & Flags.hasLiterals != 0, let child = literal(probe, reference, flags, depth) {
            let found = walk(probe, child, depth + 1)
            if found != .none { return found }
        }
        if node.int.exists, SegmentTypes.isInt(segment) {
            let found = descend(probe, node.int, depth + 1)
            if found != .none { return found }
        }
        if node.uuid.exists, SegmentTypes.isUUID(segment) {
            let found = descend(probe, node.uuid, depth + 1)
            if found != .none { return found }
        }
        if node.param.exists, !segment.isEmpty {
            let found = descend(probe, node.param, depth + 1)
            if found != .none { return found }
        }
        return node.rest
    }

    /// A leaf matches exactly when no segment is left.
    private func descend(_ probe: Probe, _ child: Child, _ depth: Int) -> Terminal {
        guard child.isLeaf else { return walk(probe, child.bits, depth) }
        return depth == probe.url.segments.count ? child.terminal : .none
    }

    /// The literal child of node `reference` for segment `depth`, if any.
    private func literal(_ probe: Probe, _ reference: UInt32, _ flags: UInt16, _ depth: Int) -> UInt32? {
        let folded = depth == 0 && probe.foldsFirst
        let range = probe.url.segmentRange(depth)
        if flags & Flags.hasNonASCIILiteral == 0 {
            if let key = LiteralEdges.Key(range, of: probe.url.segmentBytes, folded: folded) {
                return literals.find(parent: reference, key: key).map { UInt32($0) | Self.inLiterals }
            }
            guard flags & Flags.hasFoldableLiteral != 0 else { return nil }
        }
        let text = probe.url.segmentBytes.extracting(range).string
        return texts[reference]?[folded ? ASCII.lowercased(text) : text]
    }
}
