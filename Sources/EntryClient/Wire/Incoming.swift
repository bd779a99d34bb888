import EntryRouter

/// A line from the daemon, read: a reply to a request, or an event. The one decoder of the daemon's
/// lines in the package.
enum Incoming: Sendable {
    case reply(req: Int?, Result<Members, DaemonError>)
    /// `step`: the id a scene that confirms its steps answers with `scene.handled`.
    case scene(name: String, SceneEvent, step: String?)
    case watch(WatchEvent)
    /// An event this client does not know: skipped, so that a newer daemon's events do no harm.
    case unknownEvent(String)

    static func decode(_ line: [UInt8]) throws(EntryClientError) -> Incoming {
        let text = String(decoding: line, as: UTF8.self)
        let value: JSONValue
        do {
            value = try JSONValue.parse(line[...])
        } catch {
            throw .badReply(line: text, reason: "not JSON: \(error)")
        }
        let m = try Members(value, line: text)
        if let event = m.optionalString(.event) {
            if let name = m.optionalString(.scene), let sceneEvent = try SceneEvent.decode(event, m) {
                return .scene(name: name, sceneEvent, step: m.optionalString(.step))
            }
            if let watchEvent = try WatchEvent.decode(event, m) { return .watch(watchEvent) }
            return .unknownEvent(event)
        }
        guard let ok = m.bool(.ok) else { throw .badReply(line: text, reason: "neither `event` nor `ok`") }
        if ok { return .reply(req: m.int(.req), .success(m)) }
        let error = try m.members(.error)
        return .reply(req: m.int(.req), .failure(DaemonError(code: .init(rawValue: error?.optionalString(.code) ?? "unknown"),
                                                               message: error?.optionalString(.message) ?? text)))
    }
}
