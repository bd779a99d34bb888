extension RouteTrie {
    /// Collects the patterns of a config, then lays the trie out for matching (`build`): the
    /// layout puts nodes where their parents' lookups land, which needs every node known first.
    struct Builder {
        private struct Node {
            var literals: [String: Int] = [:]
            var int = -1
            var uuid = -1
            var param = -1
            var end = Terminal.none
            var rest = Terminal.none

            /// A typed or `:name` child like this is kept in its parent as a terminal.
            var isLeaf: Bool {
                literals.isEmpty && int < 0 && uuid < 0 && param < 0 && rest == .none && end != .none
            }
        }

        private var nodes: [Node] = []
        private var roots: [(scheme: String, host: String?, node: Int)] = []
        private var layouts: [CaptureLayout] = []
        private var layoutIndex: [CaptureLayout.Key: Int32] = [:]

        /// Adds `pattern` for route index `route`. A pattern whose shape is already in the trie is
        /// left out (config validation reports it as ambiguous, so a loaded config never has one).
        mutating func insert(_ pattern: URLPattern, route: Int) {
            var node: Int
            if let existing = roots.first(where: { $0.scheme == pattern.scheme && $0.host == pattern.host }) {
                node = existing.node
            } else {
                node = newNode()
                roots.append((pattern.scheme, pattern.host, node))
            }
            var captures = CaptureLayout.Key(names: [], positions: [], takesRest: false)
            for (position, segment) in pattern.segments.enumerated() {
                if let name = segment.captureName {
                    captures.names.append(name)
                    captures.positions.append(position)
                }
                switch segment {
                case .literal(let text):
                    if let child = nodes[node].literals[text] {
                        node = child
                    } else {
                        let child = newNode()
                        nodes[node].literals[text] = child
                        node = child
                    }
                case .int:
                    node = child(of: node, \.int)
                case .uuid:
                    node = child(of: node, \.uuid)
                case .param:
                    node = child(of: node, \.param)
                case .rest:
                    captures.takesRest = true
                    guard nodes[node].rest == .none else { return }
                    nodes[node].rest = Terminal(route: Int32(route), layout: layout(captures))
                    return
                }
            }
            guard nodes[node].end == .none else { return }
            nodes[node].end = Terminal(route: Int32(route), layout: layout(captures))
        }

        /// The trie, laid out: parents before children, so that each ASCII literal child is placed
        /// in the slot its parent's reference and its text hash to.
        func build() -> RouteTrie {
            var references = [UInt32?](repeating: nil, count: nodes.count)
            var plainCount = 0
            func plain() -> UInt32 {
                plainCount += 1
                return UInt32(plainCount - 1)
            }
            let edges = nodes.reduce(0) { count, node in count + node.literals.keys.count { Self.isASCII($0) } }
            let literals = LiteralEdges(edges: edges)
            var order: [Int] = []
            for root in roots {
                references[root.node] = plain()
                order.append(root.node)
            }
            var next = 0
            while next < order.count {
                let index = order[next]
                next += 1
                let parent = references[index]!
                let node = nodes[index]
                for (text, child) in node.literals {
                    let slot = text.withUTF8View { utf8 in
                        LiteralEdges.Key(0..<utf8.count, of: utf8, folded: false).map { literals.place(parent: parent, key: $0) }
                    }
                    references[child] = slot.map { UInt32($0) | RouteTrie.inLiterals } ?? plain()
                    order.append(child)
                }
                for child in [node.int, node.uuid, node.param] where child >= 0 && !nodes[child].isLeaf {
                    references[child] = plain()
                    order.append(child)
                }
            }
            var plainNodes = [PlainNode](repeating: PlainNode(node: RouteTrie.Node(), flags: 0), count: plainCount)
            var texts: [UInt32: [String: UInt32]] = [:]
            for index in order {
                let node = nodes[index]
                let reference = references[index]!
                func child(_ child: Int) -> Child {
                    guard child >= 0 else { return .none }
                    return nodes[child].isLeaf ? .leaf(nodes[child].end) : .node(references[child]!)
                }
                let laidOut = RouteTrie.Node(int: child(node.int), uuid: child(node.uuid), param: child(node.param),
                                             end: node.end, rest: node.rest)
                var flags: UInt16 = node.literals.isEmpty ? 0 : Flags.hasLiterals
                if node.literals.keys.contains(where: { !Self.isASCII($0) }) { flags |= Flags.hasNonASCIILiteral }
                if node.literals.keys.contains(where: { $0.utf8.contains { "K;`".utf8.contains($0) } }) {
                    flags |= Flags.hasFoldableLiteral
                }
                if flags & (Flags.hasNonASCIILiteral | Flags.hasFoldableLiteral) != 0 {
                    texts[reference] = node.literals.mapValues { references[$0]! }
                }
                if reference & RouteTrie.inLiterals != 0 {
                    literals.set(Int(reference & ~RouteTrie.inLiterals), node: laidOut, flags: flags)
                } else {
                    plainNodes[Int(reference)] = PlainNode(node: laidOut, flags: flags)
                }
            }
            return RouteTrie(plain: plainNodes, literals: literals, texts: texts,
                             roots: roots.map { Root(scheme: $0.scheme, host: $0.host, node: references[$0.node]!) },
                             layouts: layouts)
        }

        private static func isASCII(_ text: String) -> Bool {
            text.utf8.allSatisfy { $0 < 0x80 }
        }

        private mutating func child(of node: Int, _ slot: WritableKeyPath<Node, Int>) -> Int {
            let existing = nodes[node][keyPath: slot]
            if existing >= 0 { return existing }
            let created = newNode()
            nodes[node][keyPath: slot] = created
            return created
        }

        private mutating func newNode() -> Int {
            nodes.append(Node())
            return nodes.count - 1
        }

        private mutating func layout(_ key: CaptureLayout.Key) -> Int32 {
            if let index = layoutIndex[key] { return index }
            layouts.append(CaptureLayout(key))
            layoutIndex[key] = Int32(layouts.count - 1)
            return Int32(layouts.count - 1)
        }
    }
}
