import EntryKit

/// Routing one payload through the compiled routes: the bundle and link checks, then the first route
/// in file order whose selector matches, then its params.
extension PushRoutes {
    /// The first route whose selector matches `payload`: its index in the config, its params and the
    /// value of its identity param (`PushParams.identity`).
    struct Match {
        var route: Int
        var params: RouteParams
        var identity: String?
    }

    /// What a payload routes to, as far as its selectors and keys tell.
    enum Outcome {
        /// The simulator's bundle key names another app: the member that does.
        case wrongBundle(member: Int)
        /// The push link key holds a string: that string, the URL to route.
        case link(String)
        case match(Match)
        /// No route's selector matches.
        case none
    }

    /// Checks `payload`'s bundle key, then its link key, then finds the first route whose selector
    /// matches and reads its params.
    func route(_ payload: PushPayload) -> Outcome {
        withStackBuffer(of: Probe.self, capacity: paths.count) { probes in
            initialProbes.withBufferView { probes.copy($0, to: 0) }
            return payload.withLookup(in: pool) { lookup in
                tests.withBufferView { tests in
                    spans.withBufferView { spans in
                        route(lookup, Tables(tests: tests, spans: spans), probes)
                    }
                }
            }
        }
    }

    /// The tests and the spans, lent as views: every test index a span holds was made with the
    /// test, and every path number a test holds with the path (`init`), so these reads need no
    /// bounds checks of their own.
    private struct Tables {
        let tests: BufferView<Test>
        let spans: BufferView<Span>
    }

    private func route(_ lookup: PushLookup, _ tables: Tables, _ probes: MutableBufferView<Probe>) -> Outcome {
        scanTop(lookup, probes)
        if let bundle, let member = probe(Int(tables.tests[bundle].path), lookup, probes).member,
           !holds(bundle, member, tables, lookup, probes) {
            return .wrongBundle(member: member)
        }
        if let link, let member = probe(Int(link), lookup, probes).member, let url = lookup.contents.string(at: member) {
            return .link(url)
        }
        guard let position = firstMatch(tables, lookup, probes) else { return .none }
        return .match(params(of: tables.spans[position], at: position, lookup, probes))
    }

    /// The position of the first route in file order whose selector matches `payload`: among the
    /// routes `dispatch` leaves for the payload's member at its path, else among all.
    ///
    /// The dispatch is passed on as an argument, not bound: `if let dispatch` retained and released
    /// it for every payload, though the routes (`self`) hold it throughout, while an argument is
    /// borrowed for the call.
    @inline(__always)
    private func firstMatch(_ tables: Tables, _ lookup: PushLookup,
                            _ probes: MutableBufferView<Probe>) -> Int? {
        guard dispatch != nil else { return firstMatchInOrder(tables, lookup, probes) }
        return firstMatch(dispatch!, tables, lookup, probes)
    }

    /// `firstMatch` among the routes `dispatch` leaves.
    @inline(__always)
    private func firstMatch(_ dispatch: PushDispatch, _ tables: Tables, _ lookup: PushLookup,
                            _ probes: MutableBufferView<Probe>) -> Int? {
        let path = Int(dispatch.path)
        var keyed = 0..<0
        if let member = probe(path, lookup, probes).member {
            let head = head(path, member, lookup, probes)
            if head.isEscaped { return firstMatchInOrder(tables, lookup, probes) }
            if head != .none { keyed = dispatch.keyedRoutes(for: head, at: member, lookup) }
        }
        return dispatch.firstRoute(keyed: keyed) { position, isKeyed in
            matches(tables.spans[position], from: isKeyed ? 1 : 0, tables, lookup, probes)
        }
    }

    /// `firstMatch` trying every route: the rule itself, for configs without a dispatch path and for
    /// payload strings that equal a selector's only as text.
    private func firstMatchInOrder(_ tables: Tables, _ lookup: PushLookup,
                                   _ probes: MutableBufferView<Probe>) -> Int? {
        tables.spans.indices.first { matches(tables.spans[$0], from: 0, tables, lookup, probes) }
    }

    /// The match of the route of `span`, the route at `position`: its params read from `payload` (a
    /// member that is missing or holds null, an array or an object gives no param) and its identity
    /// param's value. The params are read in name order and laid out as they are read: each name as it
    /// was laid out when the table was built, a plain string (ASCII, no escapes) copied from the
    /// payload's text, with no string made for it but the identity value the match hands on.
    private func params(of span: Span, at position: Int, _ lookup: PushLookup,
                        _ probes: MutableBufferView<Probe>) -> Match {
        var match = Match(route: Int(span.route), params: RouteParams(), identity: nil)
        guard span.firstParam < span.endParam else { return match }
        let identity = Int(span.firstParam) + Int(identities[position])
        match.params = paramKeys.withBufferView { keys in
            RouteParams.build { builder in
                var param = Int(span.firstParam)
                while param < Int(span.endParam) {
                    defer { param &+= 1 }
                    guard let member = probe(Int(paramPaths[param]), lookup, probes).member else { continue }
                    let key = keys.extracting(Int(paramKeyBounds[param])..<Int(paramKeyBounds[param &+ 1]))
                    let found = lookup.members[member]
                    if found.kind == .string, found.valuePlain {
                        let value = lookup.text.extracting(Int(found.valueStart) + 1..<Int(found.valueEnd) - 1)
                        if param == identity { match.identity = ShortASCII.string(value) }
                        builder.append(laidOut: key)
                        builder.append(counted: value)
                    } else if let text = lookup.contents.paramText(at: member) {
                        if param == identity { match.identity = text }
                        builder.append(laidOut: key)
                        text.withUTF8View { builder.append(counted: $0) }
                    }
                }
            }
        }
        return match
    }

    /// Finds the payload's top-level members whose keys are the one-key paths (`topByLength`), in one
    /// pass over those members: the first member of each key is its path's probe, and a path no member
    /// has stays absent (`initialProbes`). A key that is not plain can equal a path's key only as text:
    /// the pass stops there, and the paths it has not found yet become unknown, looked up one by one
    /// when needed, as deeper paths are.
    @inline(__always)
    private func scanTop(_ lookup: PushLookup, _ probes: MutableBufferView<Probe>) {
        guard lookup.isObject, !topByLength.isEmpty else { return }
        var index = 0
        while index < lookup.members.count {
            let member = lookup.members[index]
            guard member.keyPlain else {
                for number in topPaths where probes[Int(number)].index == Probe.absent {
                    probes[Int(number)].index = Probe.unknown.index
                }
                return
            }
            let length = Int(member.keyEnd &- member.keyStart)
            if length < topByLength.count {
                var number = Int(topByLength[length])
                while number >= 0 {
                    if lookup.bytes.elementsEqual(from: Int(topKeyStarts[number]), lookup.text,
                                                  from: Int(member.keyStart), count: length) {
                        // The paths' keys differ, so no other path of the chain has this key.
                        if probes[number].index == Probe.absent { probes[number].index = Int32(index) }
                        break
                    }
                    number = Int(nextOfLength[number])
                }
            }
            index = Int(member.subtreeEnd)
        }
    }

    /// Whether every test of `span` from its `skipped`th holds in `payload` (the tests before it are
    /// known to hold: a keyed route's first test is its dispatch test). Inlined into the loop over the
    /// routes: the usual miss costs a few comparisons, less than a call.
    @inline(__always)
    private func matches(_ span: Span, from skipped: Int, _ tables: Tables, _ lookup: PushLookup,
                         _ probes: MutableBufferView<Probe>) -> Bool {
        var position = Int(span.firstTest) &+ skipped
        while position < Int(span.endTest) {
            guard let member = probe(Int(tables.tests[position].path), lookup, probes).member,
                  holds(position, member, tables, lookup, probes) else { return false }
            position &+= 1
        }
        return true
    }

    /// Whether test `position` holds for `member`, the member at its path. A plain string's head is
    /// compared here; everything rarer is in `holdsSlowly`, out of line, so that this stays small
    /// enough to inline into the loop over the routes.
    @inline(__always)
    private func holds(_ position: Int, _ member: Int, _ tables: Tables, _ lookup: PushLookup,
                       _ probes: MutableBufferView<Probe>) -> Bool {
        let test = tables.tests[position]
        guard test.head != .none else { return holdsSlowly(position, member, lookup) }
        let head = head(Int(test.path), member, lookup, probes)
        if head == test.head {
            let count = Int(test.head.length)
            return count <= StringHead.width || lookup.plainString(at: member, endsAs: Int(test.start)..<Int(test.start) + count)
        }
        // An escaped or non-ASCII string compares as text; any other head differs from the selector's bytes.
        return head.isEscaped && holdsSlowly(position, member, lookup)
    }

    /// The `StringHead` of `member`, the member at path `path`, read on first use and remembered in `probes`.
    @inline(__always)
    private func head(_ path: Int, _ member: Int, _ lookup: PushLookup, _ probes: MutableBufferView<Probe>) -> StringHead {
        if !probes[path].headRead {
            probes[path].head = lookup.stringHead(at: member)
            probes[path].headRead = true
        }
        return probes[path].head
    }

    /// `holds` for a test of anything but a plain payload string, comparing values.
    @inline(never)
    private func holdsSlowly(_ position: Int, _ member: Int, _ lookup: PushLookup) -> Bool {
        switch expectations[position] {
        case .plainString(let bytes): return lookup.contents.value(of: member) == .string(pool.string(in: bytes))
        case .bool(let flag): return lookup.members[member].kind == (flag ? .true : .false)
        case .null: return lookup.members[member].kind == .null
        case .value(let index): return lookup.contents.value(of: member) == values[index]
        }
    }

    /// The member at path `number`, looked up on first use and remembered in `probes`.
    @inline(__always)
    private func probe(_ number: Int, _ lookup: PushLookup, _ probes: MutableBufferView<Probe>) -> Probe {
        if probes[number].index == Probe.unknown.index {
            probes[number].index = lookup.member(at: paths[number]).map(Int32.init) ?? Probe.absent
        }
        return probes[number]
    }
}
