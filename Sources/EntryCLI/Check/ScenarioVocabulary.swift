import EntryRouter

/// The words a scenario step may use, so that a typo is an error instead of a step that passes by
/// accident (`"replly"` ignored, an `expect` of an event that never exists, a `for` on a `wait`).
enum ScenarioVocabulary {
    /// What a step does: each step has exactly one.
    static let actions = ["send", "expect", "absent", "disconnect", "discard", "restart", "wait", "advance", "note"]

    /// The other keys, each with the actions it goes with.
    static let modifiers: [String: Set<String>] = [
        "as": ["send", "expect", "absent", "discard"],
        "reply": ["send"],
        "timeout": ["expect"],
        "for": ["absent"],
        "confirm": ["expect"],
    ]

    static let keys = actions + modifiers.keys.sorted()

    /// The keys of a scenario file itself.
    static let fileKeys = ["name", "config", "steps"]

    /// Every `event` the daemon sends (docs/PROTOCOL.md): the engine's own list.
    static let events = EventName.allCases.map(\.rawValue)

    /// The members of each event besides `event` (docs/PROTOCOL.md, events), which an `expect` or
    /// `absent` pattern may name: the engine's own lists.
    static let eventKeys = Dictionary(uniqueKeysWithValues: EventName.allCases.map { ($0.rawValue, $0.members.map(\.rawValue)) })

    /// The ops, for a "did you mean" only: whether an op is known is the decoder's to say. The
    /// engine's own list, so that no op is missing from it.
    static let ops = OpName.allCases.map(\.rawValue)

    /// Whether `request` names an op the daemon does not know, asked of the daemon's own decoder so
    /// the two cannot disagree. Nil when the op is known (or the line fails for another reason, which
    /// is the step's own business: a scenario may test a bad request on purpose).
    static func unknownOp(_ request: JSONValue) -> String? {
        var line: [UInt8] = []
        JSONWriter.append(request, to: &line)
        guard case .failure(let failure) = Request.decode(line: line[...]), failure.error.code == .unknownOp else { return nil }
        return request[RequestFields.Field.op.rawValue]?.stringValue ?? "?"
    }

    /// The decoder's refusal of a member `request`'s op does not define (docs/PROTOCOL.md), if any.
    static func strayField(_ request: JSONValue) -> String? {
        var line: [UInt8] = []
        JSONWriter.append(request, to: &line)
        return Request.strayField(line: line[...])?.message
    }
}
