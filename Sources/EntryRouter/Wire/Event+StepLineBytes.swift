extension Event {
    /// About how many bytes a step event's line takes (a show, a tab switch, an action's start): its
    /// strings and params, and the JSON around them; 0 for every other event, which the outbox does
    /// not send. The router paces a scene's steps by it (`RouterLimits.maxStepBytesInFlight`) without
    /// encoding them twice. Every byte of text counts twice, for the quotes and escapes it may need;
    /// the output cap, which counts the real bytes, is four times that pace.
    var stepLineBytes: Int {
        switch self {
        case .selectTab(let scene, let tab, let step):
            64 + Self.twice(scene) + Self.twice(tab) + Self.twice(step)
        case .start(let scene, let flow, let entry, let params, let step):
            96 + Self.twice(scene) + Self.twice(flow) + Self.twice(entry) + Self.twice(step) + 2 * params.bytes.count
        case .show(let scene, let screen, let route, let tab, let entry, let params, let parent, _, let step):
            160 + Self.twice(scene) + Self.twice(screen) + Self.twice(route) + Self.twice(tab) + Self.twice(entry)
                + Self.twice(parent) + Self.twice(step) + 2 * params.bytes.count
        case .present, .update, .dismiss, .pop, .detach, .entry, .scene, .gate, .orphanFinish:
            0
        }
    }

    private static func twice(_ text: String?) -> Int { 2 * (text?.utf8.count ?? 0) }
}
