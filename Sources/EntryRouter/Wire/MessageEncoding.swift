/// Writes replies and events as NDJSON lines.
extension Message {
    /// Appends this message as one JSON object followed by `\n`.
    public func encode(into out: inout [UInt8]) {
        var w = JSONWriter(out: out)
        out = []
        switch self {
        case .reply(let reply): w.reply(reply)
        case .event(let event): w.event(event)
        }
        w.out.append(UInt8(ascii: "\n"))
        out = w.out
    }
}

/// A minimal JSON object writer; keys are written in the order given.
private struct JSONWriter {
    var out: [UInt8]
    private var needsComma = false

    init(out: [UInt8]) { self.out = out }

    mutating func raw(_ s: String) { out.append(contentsOf: s.utf8) }

    mutating func open() { raw("{"); needsComma = false }
    mutating func close() { raw("}"); needsComma = true }

    mutating func key(_ k: String) {
        if needsComma { raw(",") }
        string(k)
        raw(":")
        needsComma = false
    }

    mutating func string(_ s: String) {
        raw("\"")
        for unit in s.utf8 {
            switch unit {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\r"): raw("\\r")
            case UInt8(ascii: "\t"): raw("\\t")
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                raw("\\u00")
                out.append(hex[Int(unit >> 4)])
                out.append(hex[Int(unit & 0xf)])
            default: out.append(unit)
            }
        }
        raw("\"")
        needsComma = true
    }

    mutating func field(_ k: String, _ v: String) { key(k); string(v) }
    mutating func field(_ k: String, _ v: Bool) { key(k); raw(v ? "true" : "false"); needsComma = true }
    mutating func field(_ k: String, _ v: Int) { key(k); raw(String(v)); needsComma = true }
    mutating func field(_ k: String, _ v: Int64) { key(k); raw(String(v)); needsComma = true }

    mutating func field(_ k: String, _ v: [String: String]) {
        key(k)
        open()
        for name in v.keys.sorted() { field(name, v[name]!) }
        close()
    }

    mutating func field(_ k: String, _ v: [String]) {
        key(k)
        raw("[")
        for (i, s) in v.enumerated() {
            if i > 0 { raw(",") }
            string(s)
        }
        raw("]")
        needsComma = true
    }

    mutating func value(_ v: JSONValue) {
        switch v {
        case .null: raw("null")
        case .bool(let b): raw(b ? "true" : "false")
        case .number(let d):
            if d == d.rounded(), abs(d) < 9.007e15 { raw(String(Int64(d))) } else { raw(String(d)) }
        case .string(let s): string(s)
        case .array(let items):
            raw("[")
            for (i, item) in items.enumerated() {
                if i > 0 { raw(",") }
                value(item)
            }
            raw("]")
        case .object(let members):
            open()
            for name in members.keys.sorted() {
                key(name)
                value(members[name]!)
            }
            close()
            return
        }
        needsComma = true
    }

    mutating func reply(_ reply: Reply) {
        open()
        if let req = reply.req {
            key("req")
            value(req)
        }
        switch reply.body {
        case .success(let body):
            field("ok", true)
            switch body {
            case .ok: break
            case .entry(let e):
                field("id", e.id)
                field("route", e.route)
                field("params", e.params)
                field("state", e.state.rawValue)
            case .retracted(let n): field("retracted", n)
            case .status(let s): status(s)
            }
        case .failure(let error):
            field("ok", false)
            key("error")
            open()
            field("code", error.code.rawValue)
            field("message", error.message)
            close()
        }
        close()
    }

    mutating func status(_ s: StatusReport) {
        key("scenes")
        raw("[")
        for (i, scene) in s.scenes.enumerated() {
            if i > 0 { raw(",") }
            open()
            field("scene", scene.scene)
            field("ready", scene.ready)
            field("busy", scene.busy)
            key("gates")
            open()
            for gate in scene.gates.keys.sorted() { field(gate, scene.gates[gate]!) }
            close()
            key("tab")
            if let tab = scene.tab { string(tab) } else { raw("null"); needsComma = true }
            key("active")
            if let active = scene.active {
                open()
                field("modal", active.modal)
                field("kind", active.kind)
                field("entry", active.entry)
                close()
            } else {
                raw("null")
                needsComma = true
            }
            field("queue", scene.queue)
            key("stacks")
            open()
            for tab in scene.stacks.keys.sorted() { field(tab, scene.stacks[tab]!) }
            close()
            close()
        }
        raw("]")
        needsComma = true
        key("pending")
        raw("[")
        for (i, p) in s.pending.enumerated() {
            if i > 0 { raw(",") }
            open()
            field("id", p.id)
            field("route", p.route)
            field("source", p.source.rawValue)
            field("received", p.received.milliseconds)
            if let expires = p.expires { field("expires", expires.milliseconds) }
            if let scene = p.scene { field("scene", scene) }
            close()
        }
        raw("]")
        needsComma = true
        key("counts")
        open()
        for state in EntryState.allCases { field(state.rawValue, s.counts[state] ?? 0) }
        close()
    }

    mutating func event(_ event: Event) {
        open()
        switch event {
        case .present(let scene, let modal, let kind, let route, let entry, let params):
            field("event", "present"); field("scene", scene); field("modal", modal); field("kind", kind)
            field("route", route); field("entry", entry); field("params", params)
        case .update(let scene, let modal, let params):
            field("event", "update"); field("scene", scene); field("modal", modal); field("params", params)
        case .dismiss(let scene, let modal):
            field("event", "dismiss"); field("scene", scene); field("modal", modal)
        case .selectTab(let scene, let tab):
            field("event", "selectTab"); field("scene", scene); field("tab", tab)
        case .start(let scene, let flow, let params):
            field("event", "start"); field("scene", scene); field("flow", flow); field("params", params)
        case .show(let scene, let screen, let route, let tab, let entry, let params):
            field("event", "show"); field("scene", scene); field("screen", screen); field("route", route)
            field("tab", tab); field("entry", entry); field("params", params)
        case .pop(let scene, let screen, let reason):
            field("event", "pop"); field("scene", scene); field("screen", screen); field("reason", reason)
        case .detach(let scene, let screen, let parent):
            field("event", "detach"); field("scene", scene); field("screen", screen); field("parent", parent)
        case .entry(let id, let state, let route, let scene):
            field("event", "entry"); field("id", id); field("state", state.rawValue); field("route", route)
            if let scene { field("scene", scene) }
        case .scene(let scene, let what):
            field("event", "scene"); field("scene", scene); field("what", what.rawValue)
        }
        close()
    }
}
