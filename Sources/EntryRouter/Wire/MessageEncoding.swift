import EntryKit

extension Message {
    /// Appends this message as one line of JSON and its `\n` (docs/PROTOCOL.md).
    ///
    /// Keys come in a fixed order per message (`req` and `ok` or `event` first, then the fields as
    /// docs/PROTOCOL.md lists them) and maps are written with sorted keys, so equal messages are equal bytes.
    /// A reply's `req` is the request's own text (`RequestTag`), omitted when it had none. Optional
    /// values the spec lists as keys (a watcher event's `scene`, a scene's `tab` and `active`, a
    /// pending entry's `expires` and `scene`) are written as `null` rather than left out, so every
    /// line of a kind has the same keys.
    package func encode(into out: inout [UInt8]) {
        write(to: &out)
    }

    /// Appends this message as one line, as `encode(into:)` on bytes does, to a connection's output.
    package func encode(into out: inout OutputBuffer) {
        write(to: &out)
    }

    private func write<Sink: JSONSink & ~Copyable>(to out: inout Sink) {
        switch self {
        case .reply(let reply): reply.writeObject(to: &out)
        case .event(let event): event.writeObject(to: &out)
        }
        out.write(ASCII.newline)
    }
}

extension Reply {
    /// Appends this reply as one line to a connection's output: the bytes of `Message.reply(self)`,
    /// written with no message made around it.
    package func encode(into out: inout OutputBuffer) {
        writeObject(to: &out)
        out.write(ASCII.newline)
    }
}

extension Event {
    /// Appends this event as one line to a connection's output: the bytes of `Message.event(self)`,
    /// written with no message made around it.
    package func encode(into out: inout OutputBuffer) {
        writeObject(to: &out)
        out.write(ASCII.newline)
    }
}

extension Reply {
    /// Fixed pieces that always follow each other are written as one run (`{"req":`, `"ok":true,"id":`,
    /// `},"state":"pending"`): each piece is a capacity check and a copy, and a reply is many pieces.
    fileprivate func writeObject<Sink: JSONSink & ~Copyable>(to out: inout Sink) {
        if let req {
            out.write("{\"req\":")
            req.write(to: &out)
            out.write(ASCII.comma)
        } else {
            out.write(ASCII.openBrace)
        }
        switch body {
        case .success(let body):
            body.encode(into: &out)
        case .failure(let error):
            writeFailure(error, to: &out)
        }
        out.write(ASCII.closeBrace)
    }
}

extension ReplyBody {
    /// Appends `"ok":true` and the body's members, each preceded by a comma.
    fileprivate func encode<Sink: JSONSink & ~Copyable>(into out: inout Sink) {
        switch self {
        case .ok:
            out.write("\"ok\":true")
        case .entry(let entry):
            JSONWriter.writeMember("\"ok\":true,\"id\":", entry.id, to: &out)
            JSONWriter.writeMember(",\"route\":", entry.route, to: &out)
            out.write(",\"params\":{")
            JSONWriter.writeParamMembers(entry.params, to: &out)
            out.write(entry.state.closingParamsWithState)
        case .retracted(let count):
            out.write("\"ok\":true,\"retracted\":")
            JSONWriter.writeInteger(Int64(count), to: &out)
        case .status(let report):
            out.write("\"ok\":true")
            report.encodeMembers(into: &out)
        case .connected(let setup):
            JSONWriter.writeMember("\"ok\":true,\"home\":", setup.home, to: &out)
            out.write(",\"tabs\":")
            writeStrings(setup.tabs, to: &out)
            out.write(",\"gates\":")
            writeStrings(setup.gates, to: &out)
            if let error = setup.launchRefusal {
                out.write(",\"launch\":{")
                writeFailure(error, to: &out)
                out.write(ASCII.closeBrace)
            }
        case .appeared(let readiness):
            out.write(readiness.ready ? "\"ok\":true,\"ready\":true" : "\"ok\":true,\"ready\":false")
            if !readiness.ready { JSONWriter.writeMember(",\"home\":", readiness.home, to: &out) }
            out.write(",\"closedGates\":")
            writeStrings(readiness.closedGates, to: &out)
        }
    }
}

extension StatusReport {
    /// `,"config":…,"bundle":…,"scenes":[...],"pending":[...],"next":…,"counts":{...}` (`next` only
    /// when more pending entries follow the page). Counts list every
    /// state, zeros included, in the order of an entry's life (`EntryState.allCases`), so a reader
    /// never has to guess a default.
    fileprivate func encodeMembers<Sink: JSONSink & ~Copyable>(into out: inout Sink) {
        out.write(",\"config\":")
        writeOptionalString(config, to: &out)
        out.write(",\"bundle\":")
        writeOptionalString(bundle, to: &out)
        out.write(",\"scenes\":[")
        for (index, scene) in scenes.enumerated() {
            if index > 0 { out.write(ASCII.comma) }
            scene.encode(into: &out)
        }
        out.write("],\"pending\":[")
        for (index, entry) in pending.enumerated() {
            if index > 0 { out.write(ASCII.comma) }
            entry.encode(into: &out)
        }
        out.write(ASCII.closeBracket)
        if let next { JSONWriter.writeMember(",\"next\":", next, to: &out) }
        out.write(",\"counts\":{")
        for (index, state) in EntryState.allCases.enumerated() {
            if index > 0 { out.write(ASCII.comma) }
            JSONWriter.writeString(state.rawValue, to: &out)
            out.write(ASCII.colon)
            JSONWriter.writeInteger(Int64(counts[state] ?? 0), to: &out)
        }
        out.write(ASCII.closeBrace)
    }
}

extension SceneStatus {
    fileprivate func encode<Sink: JSONSink & ~Copyable>(into out: inout Sink) {
        JSONWriter.writeMember("{\"scene\":", scene, to: &out)
        out.write(ready ? ",\"ready\":true" : ",\"ready\":false")
        out.write(busy ? ",\"busy\":true" : ",\"busy\":false")
        out.write(",\"gates\":")
        JSONWriter.writeObject(gates, to: &out) { open, out in out.write(open ? "true" : "false") }
        out.write(",\"tab\":")
        writeOptionalString(tab, to: &out)
        out.write(",\"active\":")
        if let active {
            JSONWriter.writeMember("{\"modal\":", active.modal, to: &out)
            JSONWriter.writeMember(",\"kind\":", active.kind, to: &out)
            JSONWriter.writeMember(",\"entry\":", active.entry, to: &out)
            out.write(ASCII.closeBrace)
        } else {
            out.write("null")
        }
        out.write(",\"queue\":")
        writeStrings(queue, to: &out)
        out.write(",\"stacks\":")
        JSONWriter.writeObject(stacks, to: &out) { screens, out in writeStrings(screens, to: &out) }
        out.write(ASCII.closeBrace)
    }
}

extension PendingStatus {
    /// `received` and `expires` are epoch seconds, the unit of a request's `expiration`, with the
    /// milliseconds as an exact decimal fraction (`1700000000.25`): no float rounding, and a reader
    /// can feed them back as they are.
    fileprivate func encode<Sink: JSONSink & ~Copyable>(into out: inout Sink) {
        JSONWriter.writeMember("{\"id\":", id, to: &out)
        JSONWriter.writeMember(",\"route\":", route, to: &out)
        JSONWriter.writeMember(",\"source\":", source.rawValue, to: &out)
        out.write(",\"received\":")
        writeEpochSeconds(received, to: &out)
        out.write(",\"expires\":")
        if let expires { writeEpochSeconds(expires, to: &out) } else { out.write("null") }
        out.write(",\"scene\":")
        writeOptionalString(scene, to: &out)
        out.write(ASCII.closeBrace)
    }
}

extension Event {
    fileprivate func writeObject<Sink: JSONSink & ~Copyable>(to out: inout Sink) {
        switch self {
        case .present(let scene, let modal, let kind, let route, let entry, let params):
            JSONWriter.writeMember("{\"event\":\"present\",\"scene\":", scene, to: &out)
            JSONWriter.writeMember(",\"modal\":", modal, to: &out)
            JSONWriter.writeMember(",\"kind\":", kind, to: &out)
            JSONWriter.writeMember(",\"route\":", route, to: &out)
            JSONWriter.writeMember(",\"entry\":", entry, to: &out)
            out.write(",\"params\":")
            JSONWriter.writeParams(params, to: &out)
        case .update(let scene, let modal, let params):
            JSONWriter.writeMember("{\"event\":\"update\",\"scene\":", scene, to: &out)
            JSONWriter.writeMember(",\"modal\":", modal, to: &out)
            out.write(",\"params\":")
            JSONWriter.writeParams(params, to: &out)
        case .dismiss(let scene, let modal):
            JSONWriter.writeMember("{\"event\":\"dismiss\",\"scene\":", scene, to: &out)
            JSONWriter.writeMember(",\"modal\":", modal, to: &out)
        case .selectTab(let scene, let tab, let step):
            JSONWriter.writeMember("{\"event\":\"selectTab\",\"scene\":", scene, to: &out)
            JSONWriter.writeMember(",\"tab\":", tab, to: &out)
            if let step { JSONWriter.writeMember(",\"step\":", step, to: &out) }
        case .start(let scene, let flow, let entry, let params, let step):
            JSONWriter.writeMember("{\"event\":\"start\",\"scene\":", scene, to: &out)
            JSONWriter.writeMember(",\"flow\":", flow, to: &out)
            JSONWriter.writeMember(",\"entry\":", entry, to: &out)
            out.write(",\"params\":")
            JSONWriter.writeParams(params, to: &out)
            if let step { JSONWriter.writeMember(",\"step\":", step, to: &out) }
        case .show(let scene, let screen, let route, let tab, let entry, let params, let parent, let backStack, let step):
            JSONWriter.writeMember("{\"event\":\"show\",\"scene\":", scene, to: &out)
            JSONWriter.writeMember(",\"screen\":", screen, to: &out)
            JSONWriter.writeMember(",\"route\":", route, to: &out)
            JSONWriter.writeMember(",\"tab\":", tab, to: &out)
            JSONWriter.writeMember(",\"entry\":", entry, to: &out)
            out.write(",\"params\":")
            JSONWriter.writeParams(params, to: &out)
            if let parent { JSONWriter.writeMember(",\"parent\":", parent, to: &out) }
            if backStack { out.write(",\"backStack\":true") }
            if let step { JSONWriter.writeMember(",\"step\":", step, to: &out) }
        case .pop(let scene, let screen, let reason):
            JSONWriter.writeMember("{\"event\":\"pop\",\"scene\":", scene, to: &out)
            JSONWriter.writeMember(",\"screen\":", screen, to: &out)
            JSONWriter.writeMember(",\"reason\":", reason, to: &out)
        case .detach(let scene, let screen, let parent):
            JSONWriter.writeMember("{\"event\":\"detach\",\"scene\":", scene, to: &out)
            JSONWriter.writeMember(",\"screen\":", screen, to: &out)
            JSONWriter.writeMember(",\"parent\":", parent, to: &out)
        case .entry(let id, let state, let route, let scene):
            JSONWriter.writeMember("{\"event\":\"entry\",\"id\":", id, to: &out)
            out.write(",\"state\":")
            out.write(state.quotedJSON)
            JSONWriter.writeMember(",\"route\":", route, to: &out)
            out.write(",\"scene\":")
            writeOptionalString(scene, to: &out)
        case .scene(let scene, let what):
            JSONWriter.writeMember("{\"event\":\"scene\",\"scene\":", scene, to: &out)
            JSONWriter.writeMember(",\"what\":", what.rawValue, to: &out)
        case .gate(let scene, let gate, let open):
            JSONWriter.writeMember("{\"event\":\"scene\",\"scene\":", scene, to: &out)
            JSONWriter.writeMember(",\"what\":", SceneChange.gate.rawValue, to: &out)
            JSONWriter.writeMember(",\"gate\":", gate, to: &out)
            out.write(open ? ",\"open\":true" : ",\"open\":false")
        case .orphanFinish(let scene, let screen, let reason):
            JSONWriter.writeMember("{\"event\":\"scene\",\"scene\":", scene, to: &out)
            JSONWriter.writeMember(",\"what\":", SceneChange.orphanFinish.rawValue, to: &out)
            JSONWriter.writeMember(",\"screen\":", screen, to: &out)
            JSONWriter.writeMember(",\"reason\":", reason, to: &out)
        }
        out.write(ASCII.closeBrace)
    }
}

extension EntryState {
    /// The state as a JSON string, quotes included: every reply to a push or open and every watcher's
    /// entry event carries one, and a constant is copied where writing `rawValue` made a `String` and
    /// checked each of its bytes for escapes. `EntryStateJSONTests` hold it to `rawValue`.
    var quotedJSON: StaticString {
        switch self {
        case .pending: "\"pending\""
        case .queued: "\"queued\""
        case .presenting: "\"presenting\""
        case .presented: "\"presented\""
        case .done: "\"done\""
        case .replaced: "\"replaced\""
        case .retracted: "\"retracted\""
        case .expired: "\"expired\""
        case .duplicate: "\"duplicate\""
        case .updated: "\"updated\""
        }
    }

    /// What follows a push or open reply's params members: the map's `}` and the `state` member, as
    /// one run. `EntryStateJSONTests` hold it to `quotedJSON`. Inlined into the reply's encoding,
    /// where a call returned the run's pointer and length.
    @inline(__always)
    var closingParamsWithState: StaticString {
        switch self {
        case .pending: "},\"state\":\"pending\""
        case .queued: "},\"state\":\"queued\""
        case .presenting: "},\"state\":\"presenting\""
        case .presented: "},\"state\":\"presented\""
        case .done: "},\"state\":\"done\""
        case .replaced: "},\"state\":\"replaced\""
        case .retracted: "},\"state\":\"retracted\""
        case .expired: "},\"state\":\"expired\""
        case .duplicate: "},\"state\":\"duplicate\""
        case .updated: "},\"state\":\"updated\""
        }
    }
}

private func writeOptionalString<Sink: JSONSink & ~Copyable>(_ text: String?, to out: inout Sink) {
    if let text { JSONWriter.writeString(text, to: &out) } else { out.write("null") }
}

/// `"ok":false,"error":{"code":…,"message":…}`: a failed reply's members, and a refused launch's.
private func writeFailure<Sink: JSONSink & ~Copyable>(_ error: WireError, to out: inout Sink) {
    JSONWriter.writeMember("\"ok\":false,\"error\":{\"code\":", error.code.rawValue, to: &out)
    JSONWriter.writeMember(",\"message\":", error.message, to: &out)
    out.write(ASCII.closeBrace)
}

private func writeStrings<Sink: JSONSink & ~Copyable>(_ texts: [String], to out: inout Sink) {
    out.write(ASCII.openBracket)
    for (index, text) in texts.enumerated() {
        if index > 0 { out.write(ASCII.comma) }
        JSONWriter.writeString(text, to: &out)
    }
    out.write(ASCII.closeBracket)
}

/// Writes an instant as epoch seconds with an exact millisecond fraction, trailing zeros dropped.
private func writeEpochSeconds<Sink: JSONSink & ~Copyable>(_ instant: Instant, to out: inout Sink) {
    let milliseconds = instant.milliseconds
    if milliseconds < 0 { out.write(ASCII.minus) }
    let magnitude = milliseconds.magnitude
    JSONWriter.writeInteger(Int64(magnitude / 1000), to: &out)
    var fraction = magnitude % 1000
    guard fraction > 0 else { return }
    out.write(ASCII.dot)
    var divisor: UInt64 = 100
    while fraction > 0 {
        out.write(ASCII.zero + UInt8(fraction / divisor))
        fraction %= divisor
        divisor /= 10
    }
}
