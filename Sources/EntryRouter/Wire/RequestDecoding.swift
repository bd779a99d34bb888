import EntryKit

/// A line that is not a valid request: the error to reply with, and the `req` to echo if one was readable.
package struct RequestError: Error, Sendable, Hashable {
    package var req: RequestTag?
    package var error: WireError

    package init(req: RequestTag?, error: WireError) {
        self.req = req
        self.error = error
    }
}

extension Request {
    /// Decodes one line (without its terminator) into a typed request.
    ///
    /// - Not JSON (invalid UTF-8 included): `bad_json`, with the byte offset and what was expected.
    ///   A `req` read before the syntax error is still echoed.
    /// - JSON, but not an object, or a field missing or of the wrong type for its op: `bad_request`,
    ///   naming the field. `req` is read before anything is checked, so it is always echoed.
    /// - A `req` longer than `RequestTag.maxBytes`: `bad_request` naming it, echoing no `req`.
    /// - An `op` that is not one of the protocol's: `unknown_op`, naming it.
    ///
    /// A field the op does not define (unknown, or another op's) is `bad_request` naming it and the
    /// nearest name the op has (strict requests, docs/PROTOCOL.md); `launch`'s members likewise, while a
    /// push payload's keys are the sender's own and never checked. Every string field must be
    /// non-empty (an empty scene, modal or entry id names nothing). Limits that the daemon can
    /// configure (payload, URL and collapseId sizes) are the router's to check: decoding only
    /// measures the payload's bytes.
    ///
    /// The usual push takes a shorter path (`RequestDecoding+Push.swift`) with the same outcome.
    package static func decode(line: ArraySlice<UInt8>) -> Result<Request, RequestError> {
        line.withBufferView { decode(bytes: $0) }
    }

    /// `decode(line:)` for a line's bytes where they lie (see `FrameDecoder.next(lending:)`).
    package static func decode(bytes: ByteView) -> Result<Request, RequestError> {
        if let push = usualPush(bytes) { return .success(push) }
        return decodeAny(bytes)
    }

    /// The general path of `decode(line:)`, for every line.
    package static func decodeAny(_ bytes: ByteView) -> Result<Request, RequestError> {
        var fields = RequestFields(bytes)
        do throws(JSONParseError) {
            try fields.read()
        } catch {
            return .failure(RequestError(req: fields.reqTag, error: WireError(.badJSON, "invalid JSON \(error)")))
        }
        guard fields.isObject else {
            return .failure(RequestError(req: nil, error: WireError(.badRequest, "a request must be a JSON object")))
        }
        // A `req` too long to echo is refused before anything else, and its reply carries none.
        guard fields.reqBytes <= RequestTag.maxBytes else {
            return .failure(RequestError(req: nil, error: RequestTag.tooLong(fields.reqBytes)))
        }
        do throws(WireError) {
            let op = try fields.operation()
            return .success(Request(req: fields.reqTag, op: op))
        } catch {
            return .failure(RequestError(req: fields.reqTag, error: error))
        }
    }
}

extension Request {
    /// The error `line` gets for a member its op does not define, if it has one: for a tool that
    /// checks requests before it sends them (`entryd check`), with the daemon's own words. Nil for a
    /// line that is fine in that respect, or wrong in another.
    package static func strayField(line: ArraySlice<UInt8>) -> WireError? {
        line.withBufferView { bytes in
            var fields = RequestFields(bytes)
            guard (try? fields.read()) != nil, fields.isObject, let op = fields.values.op, op.kind == .string,
                  let name = OpName.named(op, in: bytes) else { return nil }
            do throws(WireError) {
                try fields.checkStrict(name)
                return nil
            } catch {
                return error
            }
        }
    }
}

extension RequestFields {
    /// A push of an FCM message (docs/PROTOCOL.md): its size is what FCM counts of it
    /// (`FCMMessage.countedBytes`), its `android.collapse_key` the collapse id unless the request
    /// names one.
    func fcmPush(_ fcm: MemberValue, _ check: FieldCheck) throws(WireError) -> PushRequest {
        guard values.payload == nil else { throw WireError(.badRequest, "give `payload` (APNs) or `fcm`, not both") }
        let message: FCMMessage
        do throws(FCMMessageError) {
            message = try FCMMessage(fcm.value(in: bytes))
        } catch {
            throw WireError(error)
        }
        return PushRequest(payload: message.payload, payloadBytes: message.countedBytes, id: try check.string("id", values.id),
                           collapseId: try check.string("collapseId", values.collapseId) ?? message.collapseId,
                           expiration: try check.epochSeconds("expiration", values.expiration), format: .fcm(ttl: message.ttl))
    }

    /// Refuses a member `op` does not define: the first unknown key in line order, else the first
    /// of another op's fields, else an unknown key of `launch`.
    func checkStrict(_ op: OpName) throws(WireError) {
        // Another op's fields are listed (an array) only when there is one: a good request makes none.
        let others = present.subtracting(op.fields.union(.common))
        if let stray = values.unknownKeys.first ?? (others.isEmpty ? nil : others.members.first?.rawValue) {
            throw WireError.strayField(stray, op: op, known: op.fields.members.map(\.rawValue) + ["req"])
        }
        if let launch = values.launch, let stray = launch.unknownKeys.first {
            throw WireError.strayField(stray, op: op, known: ["url", "push", "id", "action"], in: "launch")
        }
    }

    func retractTarget(_ check: FieldCheck) throws(WireError) -> RetractTarget {
        let id = try check.string("id", values.id)
        let kind = try check.string("kind", values.kind)
        let collapseId = try check.string("collapseId", values.collapseId)
        switch (id, kind, collapseId) {
        case (let id?, nil, nil): return .id(id)
        case (nil, let kind?, nil): return .kind(kind)
        case (nil, nil, let collapseId?): return .collapseId(collapseId)
        default: throw WireError(.badRequest, "op `retract` needs exactly one of the fields `id`, `kind`, `collapseId`")
        }
    }

    func launchEntry(_ check: FieldCheck) throws(WireError) -> LaunchEntry? {
        guard let launch = values.launch else { return nil }
        let shape = "{\"url\": string} or {\"push\": object}"
        guard launch.isObject else { throw check.wrongType("launch", shape) }
        switch (launch.url, launch.push) {
        case (let url?, nil):
            guard let text = check.string(url), !text.isEmpty else { throw check.wrongType("launch.url", "a non-empty string") }
            return .url(text)
        case (nil, let payload?):
            guard payload.isObject else { throw check.wrongType("launch.push", "an object (the APNs payload)") }
            return .push(payload: payload, payloadBytes: launch.pushBytes)
        default:
            throw check.wrongType("launch", shape)
        }
    }
}

extension WireError {
    /// A member `op` does not define: named, with the nearest of the `known` names when one is
    /// close (`NearestName`), else with all of them; `parent` is the object it was read in.
    static func strayField(_ key: String, op: OpName, known: [String], in parent: String? = nil) -> WireError {
        let path = { (name: String) in parent.map { "\($0).\(name)" } ?? name }
        let hint = NearestName.suggestion(for: key, among: known).map { "; did you mean `\(path($0))`?" }
            ?? " (it takes " + known.map { "`\(path($0))`" }.joined(separator: ", ") + ")"
        return WireError(.badRequest, "op `\(op.rawValue)` has no field `\(path(key))`" + hint)
    }
}

/// Field checks for one op, so that every error names the field and the op. Strings are made here,
/// once, from the line's bytes: only for the fields the op takes.
struct FieldCheck {
    let op: OpName
    let bytes: ByteView

    func missing(_ field: String) -> WireError {
        WireError(.badRequest, "missing field `\(field)` (op `\(op.rawValue)`)")
    }

    func wrongType(_ field: String, _ expected: String) -> WireError {
        WireError(.badRequest, "field `\(field)` must be \(expected) (op `\(op.rawValue)`)")
    }

    func required<Value>(_ value: Value?, _ field: String) throws(WireError) -> Value {
        guard let value else { throw missing(field) }
        return value
    }

    /// The text of a string value; nil for any other value.
    func string(_ value: MemberValue) -> String? {
        value.kind == .string ? value.string(in: bytes) : nil
    }

    func string(_ field: String, _ value: MemberValue?) throws(WireError) -> String? {
        guard let value else { return nil }
        guard let text = string(value), !text.isEmpty else { throw wrongType(field, "a non-empty string") }
        return text
    }

    func requiredString(_ field: String, _ value: MemberValue?) throws(WireError) -> String {
        try required(string(field, value), field)
    }

    /// `scene.pushed`'s `parent`: a coordinator's name, or null for a coordinator without a parent
    /// (seed 004). Required, so that a forgotten field is not taken for a missing parent.
    func parent(_ value: MemberValue?) throws(WireError) -> String? {
        guard let value else { throw missing("parent") }
        if value.kind == .null { return nil }
        guard let text = string(value), !text.isEmpty else { throw wrongType("parent", "a non-empty string or null") }
        return text
    }

    func requiredBool(_ field: String, _ value: MemberValue?) throws(WireError) -> Bool {
        guard let value = try bool(field, value) else { throw missing(field) }
        return value
    }

    func bool(_ field: String, _ value: MemberValue?) throws(WireError) -> Bool? {
        guard let value else { return nil }
        switch value.kind {
        case .true: return true
        case .false: return false
        default: throw wrongType(field, "true or false")
        }
    }

    private func integer(_ value: MemberValue) -> Int64? {
        value.kind == .number ? MemberValue.integer(value.number) : nil
    }

    func epochSeconds(_ field: String, _ value: MemberValue?) throws(WireError) -> Int64? {
        guard let value else { return nil }
        guard let seconds = integer(value), seconds >= 0 else {
            throw wrongType(field, "a non-negative integer (epoch seconds; 0 = only if a scene can take it now)")
        }
        return seconds
    }

    func positiveInteger(_ field: String, _ value: MemberValue?) throws(WireError) -> Int? {
        guard let value else { return nil }
        guard let number = integer(value), number > 0 else { throw wrongType(field, "a positive integer") }
        return Int(number)
    }

    /// `open`'s `platform`: whose universal-link rules read the URL (`ios` when absent).
    func platform(_ value: MemberValue?) throws(WireError) -> LinkPlatform {
        guard let value else { return .ios }
        guard let text = string(value), let platform = LinkPlatform(rawValue: text) else {
            throw wrongType("platform", "ios or android")
        }
        return platform
    }

    /// `open` may name any source but `launch`, which only `scene.connect` creates.
    func openSource(_ value: MemberValue?) throws(WireError) -> EntrySource? {
        guard let value else { return nil }
        guard let text = string(value), let source = EntrySource(rawValue: text), source != .launch else {
            let allowed = EntrySource.allCases.filter { $0 != .launch }.map(\.rawValue).joined(separator: ", ")
            throw wrongType("source", "one of \(allowed)")
        }
        return source
    }
}
