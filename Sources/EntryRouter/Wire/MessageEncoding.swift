extension Message {
    /// Appends this message as one line of JSON and its `\n` (SPEC §3).
    ///
    /// Keys come in a fixed order per message (`req` and `ok` or `event` first, then the fields as
    /// SPEC §3 lists them) and maps are written with sorted keys, so equal messages are equal bytes.
    /// A reply's `req` is omitted when the request had none. Optional values the spec lists as keys
    /// (a watcher event's `scene`, a scene's `tab` and `active`, a pending entry's `expires` and
    /// `scene`) are written as `null` rather than left out, so every line of a kind has the same keys.
    public func encode(into out: inout [UInt8]) {
        switch self {
        case .reply(let reply): reply.encode(into: &out)
        case .event(let event): event.encode(into: &out)
        }
        out.append(ASCII.newline)
    }
}

extension Reply {
    fileprivate func encode(into out: inout [UInt8]) {
        out.append(ASCII.openBrace)
        if let req {
            JSONWriter.appendRaw("\"req\":", to: &out)
            JSONWriter.append(req, to: &out)
            out.append(ASCII.comma)
        }
        switch body {
        case .success(let body):
            JSONWriter.appendRaw("\"ok\":true", to: &out)
            body.encode(into: &out)
        case .failure(let error):
            JSONWriter.appendMember("\"ok\":false,\"error\":{\"code\":", error.code.rawValue, to: &out)
            JSONWriter.appendMember(",\"message\":", error.message, to: &out)
            out.append(ASCII.closeBrace)
        }
        out.append(ASCII.closeBrace)
    }
}

extension ReplyBody {
    /// Appends the body's members, each preceded by a comma (they follow `"ok":true`).
    fileprivate func encode(into out: inout [UInt8]) {
        switch self {
        case .ok:
            break
        case .entry(let entry):
            JSONWriter.appendMember(",\"id\":", entry.id, to: &out)
            JSONWriter.appendMember(",\"route\":", entry.route, to: &out)
            JSONWriter.appendRaw(",\"params\":", to: &out)
            JSONWriter.appendStringMap(entry.params, to: &out)
            JSONWriter.appendMember(",\"state\":", entry.state.rawValue, to: &out)
        case .retracted(let count):
            JSONWriter.appendRaw(",\"retracted\":", to: &out)
            JSONWriter.appendInteger(count, to: &out)
        case .status(let report):
            report.encodeMembers(into: &out)
        }
    }
}

extension StatusReport {
    /// `,"scenes":[...],"pending":[...],"counts":{...}`. Counts list every state, zeros included, in
    /// the order of an entry's life (`EntryState.allCases`), so a reader never has to guess a default.
    fileprivate func encodeMembers(into out: inout [UInt8]) {
        JSONWriter.appendRaw(",\"scenes\":[", to: &out)
        for (index, scene) in scenes.enumerated() {
            if index > 0 { out.append(ASCII.comma) }
            scene.encode(into: &out)
        }
        JSONWriter.appendRaw("],\"pending\":[", to: &out)
        for (index, entry) in pending.enumerated() {
            if index > 0 { out.append(ASCII.comma) }
            entry.encode(into: &out)
        }
        JSONWriter.appendRaw("],\"counts\":{", to: &out)
        for (index, state) in EntryState.allCases.enumerated() {
            if index > 0 { out.append(ASCII.comma) }
            JSONWriter.appendString(state.rawValue, to: &out)
            out.append(ASCII.colon)
            JSONWriter.appendInteger(counts[state] ?? 0, to: &out)
        }
        out.append(ASCII.closeBrace)
    }
}

extension SceneStatus {
    fileprivate func encode(into out: inout [UInt8]) {
        JSONWriter.appendMember("{\"scene\":", scene, to: &out)
        JSONWriter.appendRaw(ready ? ",\"ready\":true" : ",\"ready\":false", to: &out)
        JSONWriter.appendRaw(busy ? ",\"busy\":true" : ",\"busy\":false", to: &out)
        JSONWriter.appendRaw(",\"gates\":", to: &out)
        JSONWriter.appendObject(gates, to: &out) { open, out in JSONWriter.appendRaw(open ? "true" : "false", to: &out) }
        JSONWriter.appendRaw(",\"tab\":", to: &out)
        appendOptionalString(tab, to: &out)
        JSONWriter.appendRaw(",\"active\":", to: &out)
        if let active {
            JSONWriter.appendMember("{\"modal\":", active.modal, to: &out)
            JSONWriter.appendMember(",\"kind\":", active.kind, to: &out)
            JSONWriter.appendMember(",\"entry\":", active.entry, to: &out)
            out.append(ASCII.closeBrace)
        } else {
            JSONWriter.appendRaw("null", to: &out)
        }
        JSONWriter.appendRaw(",\"queue\":", to: &out)
        appendStrings(queue, to: &out)
        JSONWriter.appendRaw(",\"stacks\":", to: &out)
        JSONWriter.appendObject(stacks, to: &out) { screens, out in appendStrings(screens, to: &out) }
        out.append(ASCII.closeBrace)
    }
}

extension PendingStatus {
    /// `received` and `expires` are epoch seconds, the unit of a request's `expiration`, with the
    /// milliseconds as an exact decimal fraction (`1700000000.25`): no float rounding, and a reader
    /// can feed them back as they are.
    fileprivate func encode(into out: inout [UInt8]) {
        JSONWriter.appendMember("{\"id\":", id, to: &out)
        JSONWriter.appendMember(",\"route\":", route, to: &out)
        JSONWriter.appendMember(",\"source\":", source.rawValue, to: &out)
        JSONWriter.appendRaw(",\"received\":", to: &out)
        appendEpochSeconds(received, to: &out)
        JSONWriter.appendRaw(",\"expires\":", to: &out)
        if let expires { appendEpochSeconds(expires, to: &out) } else { JSONWriter.appendRaw("null", to: &out) }
        JSONWriter.appendRaw(",\"scene\":", to: &out)
        appendOptionalString(scene, to: &out)
        out.append(ASCII.closeBrace)
    }
}

extension Event {
    fileprivate func encode(into out: inout [UInt8]) {
        switch self {
        case .present(let scene, let modal, let kind, let route, let entry, let params):
            JSONWriter.appendMember("{\"event\":\"present\",\"scene\":", scene, to: &out)
            JSONWriter.appendMember(",\"modal\":", modal, to: &out)
            JSONWriter.appendMember(",\"kind\":", kind, to: &out)
            JSONWriter.appendMember(",\"route\":", route, to: &out)
            JSONWriter.appendMember(",\"entry\":", entry, to: &out)
            JSONWriter.appendRaw(",\"params\":", to: &out)
            JSONWriter.appendStringMap(params, to: &out)
        case .update(let scene, let modal, let params):
            JSONWriter.appendMember("{\"event\":\"update\",\"scene\":", scene, to: &out)
            JSONWriter.appendMember(",\"modal\":", modal, to: &out)
            JSONWriter.appendRaw(",\"params\":", to: &out)
            JSONWriter.appendStringMap(params, to: &out)
        case .dismiss(let scene, let modal):
            JSONWriter.appendMember("{\"event\":\"dismiss\",\"scene\":", scene, to: &out)
            JSONWriter.appendMember(",\"modal\":", modal, to: &out)
        case .selectTab(let scene, let tab):
            JSONWriter.appendMember("{\"event\":\"selectTab\",\"scene\":", scene, to: &out)
            JSONWriter.appendMember(",\"tab\":", tab, to: &out)
        case .start(let scene, let flow, let params):
            JSONWriter.appendMember("{\"event\":\"start\",\"scene\":", scene, to: &out)
            JSONWriter.appendMember(",\"flow\":", flow, to: &out)
            JSONWriter.appendRaw(",\"params\":", to: &out)
            JSONWriter.appendStringMap(params, to: &out)
        case .show(let scene, let screen, let route, let tab, let entry, let params):
            JSONWriter.appendMember("{\"event\":\"show\",\"scene\":", scene, to: &out)
            JSONWriter.appendMember(",\"screen\":", screen, to: &out)
            JSONWriter.appendMember(",\"route\":", route, to: &out)
            JSONWriter.appendMember(",\"tab\":", tab, to: &out)
            JSONWriter.appendMember(",\"entry\":", entry, to: &out)
            JSONWriter.appendRaw(",\"params\":", to: &out)
            JSONWriter.appendStringMap(params, to: &out)
        case .pop(let scene, let screen, let reason):
            JSONWriter.appendMember("{\"event\":\"pop\",\"scene\":", scene, to: &out)
            JSONWriter.appendMember(",\"screen\":", screen, to: &out)
            JSONWriter.appendMember(",\"reason\":", reason, to: &out)
        case .detach(let scene, let screen, let parent):
            JSONWriter.appendMember("{\"event\":\"detach\",\"scene\":", scene, to: &out)
            JSONWriter.appendMember(",\"screen\":", screen, to: &out)
            JSONWriter.appendMember(",\"parent\":", parent, to: &out)
        case .entry(let id, let state, let route, let scene):
            JSONWriter.appendMember("{\"event\":\"entry\",\"id\":", id, to: &out)
            JSONWriter.appendMember(",\"state\":", state.rawValue, to: &out)
            JSONWriter.appendMember(",\"route\":", route, to: &out)
            JSONWriter.appendRaw(",\"scene\":", to: &out)
            appendOptionalString(scene, to: &out)
        case .scene(let scene, let what):
            JSONWriter.appendMember("{\"event\":\"scene\",\"scene\":", scene, to: &out)
            JSONWriter.appendMember(",\"what\":", what.rawValue, to: &out)
        }
        out.append(ASCII.closeBrace)
    }
}

private func appendOptionalString(_ text: String?, to out: inout [UInt8]) {
    if let text { JSONWriter.appendString(text, to: &out) } else { JSONWriter.appendRaw("null", to: &out) }
}

private func appendStrings(_ texts: [String], to out: inout [UInt8]) {
    out.append(ASCII.openBracket)
    for (index, text) in texts.enumerated() {
        if index > 0 { out.append(ASCII.comma) }
        JSONWriter.appendString(text, to: &out)
    }
    out.append(ASCII.closeBracket)
}

/// Writes an instant as epoch seconds with an exact millisecond fraction, trailing zeros dropped.
private func appendEpochSeconds(_ instant: Instant, to out: inout [UInt8]) {
    let milliseconds = instant.milliseconds
    if milliseconds < 0 { out.append(ASCII.minus) }
    let magnitude = milliseconds.magnitude
    JSONWriter.appendInteger(Int64(magnitude / 1000), to: &out)
    var fraction = magnitude % 1000
    guard fraction > 0 else { return }
    out.append(ASCII.dot)
    var divisor: UInt64 = 100
    while fraction > 0 {
        out.append(ASCII.zero + UInt8(fraction / divisor))
        fraction %= divisor
        divisor /= 10
    }
}
