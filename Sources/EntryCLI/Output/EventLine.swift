import EntryRouter

/// Turns the daemon's lines (events and replies) into one readable line each, for `scene`, `watch`,
/// `push`, `open` and `demo`. Pure, so every shape is tested without a daemon.
package enum EventLine {
    /// One line for an event or a reply. A message of an unknown shape is shown as its JSON, so
    /// nothing the daemon says is ever hidden.
    package static func describe(_ message: JSONValue) -> String {
        if let event = message[.event]?.stringValue { return describeEvent(event, message) }
        if case .bool(let ok)? = message[.ok] { return ok ? describeOK(message) : describeError(message) }
        return json(message)
    }

    /// `push` and `open`: the entry's id, route, state and params.
    package static func describeEntry(_ reply: JSONValue) -> String {
        var line = "id=\(text(reply[.id])) route=\(text(reply[.route])) state=\(text(reply[.state]))"
        let shown = params(reply[.params])
        if !shown.isEmpty { line += " params: " + shown }
        return line
    }

    /// A relative time stamp, right-aligned so that the lines after it start in one column.
    package static func stamp(milliseconds: Int64) -> String {
        let digits = String(milliseconds)
        return "+" + String(repeating: " ", count: max(0, 6 - digits.count)) + digits + "ms"
    }

    private static func describeEvent(_ event: String, _ m: JSONValue) -> String {
        guard let name = EventName(rawValue: event) else { return json(m) }
        switch name {
        case .present:
            return joined(name.rawValue, text(m[.kind]), text(m[.modal]),
                          "(entry \(text(m[.entry])), route \(text(m[.route])))", params(m[.params]))
        case .update: return joined(name.rawValue, text(m[.modal]), params(m[.params]))
        case .dismiss: return joined(name.rawValue, text(m[.modal]))
        case .selectTab: return joined(name.rawValue, text(m[.tab]))
        case .start: return joined(name.rawValue, text(m[.flow]), params(m[.params]))
        case .show:
            let under = m[.parent]?.stringValue.map { "over \($0)" } ?? ""
            let kind = m[.backStack] == .bool(true) ? "show back-stack" : name.rawValue
            return joined(kind, text(m[.route]), text(m[.screen]), "on tab \(text(m[.tab]))", under,
                          "(entry \(text(m[.entry])))", params(m[.params]))
        case .pop: return joined(name.rawValue, text(m[.screen]), "(\(text(m[.reason])))")
        case .detach: return joined(name.rawValue, text(m[.screen]), "to parent \(text(m[.parent]))")
        case .entry:
            let scene = m[.scene]?.stringValue.map { "on \($0)" } ?? ""
            return joined(name.rawValue, text(m[.id]), text(m[.state]), text(m[.route]), scene)
        case .scene:
            let gate = m[.gate]?.stringValue.map { "\($0) \(m[.open] == .bool(true) ? "open" : "closed")" } ?? ""
            return joined(name.rawValue, text(m[.scene]), text(m[.what]), gate)
        }
    }

    private static func describeOK(_ m: JSONValue) -> String {
        if m[.route] != nil { return "ok " + describeEntry(m) }
        if m[.ready] == .bool(false) { return "ok " + describeNotReady(m) }
        if case .number(let count)? = m[.retracted] { return "ok retracted=\(Int64(count))" }
        if m[.scenes] != nil { return "ok status" }
        return "ok"
    }

    /// A `scene.appeared` reply of a scene that is not ready: what it still waits for, the home
    /// screen and the closed gates, so that a scene that never gets an entry says why.
    static func describeNotReady(_ m: JSONValue) -> String {
        var parts = ["ready: false"]
        if let home = m[.home]?.stringValue { parts.append("home: \(home)") }
        if case .array(let gates)? = m[.closedGates], !gates.isEmpty {
            parts.append("closed gates: " + gates.map { text($0) }.joined(separator: ", "))
        }
        return parts.joined(separator: ", ")
    }

    private static func describeError(_ m: JSONValue) -> String {
        "error \(text(m[.error]?[.code])): \(m[.error]?[.message]?.stringValue ?? "")"
    }

    /// `key=value` pairs sorted by key; a value with spaces, quotes or nothing in it is quoted.
    static func params(_ value: JSONValue?) -> String {
        guard case .object(let members)? = value else { return "" }
        return members.keys.sorted().map { key in
            let value = members[key]!
            guard let string = value.stringValue else { return "\(key)=\(json(value))" }
            let plain = !string.isEmpty && !string.contains { $0 == " " || $0 == "\"" || $0 == "=" || $0.isNewline }
            return "\(key)=" + (plain ? string : json(value))
        }.joined(separator: " ")
    }

    private static func text(_ value: JSONValue?) -> String {
        guard let value else { return "?" }
        if let string = value.stringValue { return string }
        return json(value)
    }

    private static func joined(_ parts: String...) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: " ")
    }

    static func json(_ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        JSONWriter.append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension EventLine {
    /// A request as the `scene` and `demo` timelines show it: the op, then its fields (without `req`
    /// and `scene`) as `key=value`. `scene.discarded` keeps its `scene`: it names another scene than
    /// the one that sends it.
    package static func describeRequest(_ request: JSONValue) -> String {
        guard case .object(var fields) = request else { return json(request) }
        let op = fields.removeValue(forKey: RequestFields.Field.op.rawValue)?.stringValue ?? "?"
        fields[RequestFields.Field.req.rawValue] = nil
        if op != OpName.sceneDiscarded.rawValue { fields[RequestFields.Field.scene.rawValue] = nil }
        return joined(op, params(.object(fields)))
    }
}
