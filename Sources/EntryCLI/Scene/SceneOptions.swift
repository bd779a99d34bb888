import EntryClient
import EntryRouter

/// What `entryd scene` plays, read from its flags.
package struct SceneOptions: Sendable, Hashable {
    package var name = "main"
    /// The screen sent in `scene.appeared`; nil for the app's own home, which the daemon's
    /// `scene.connect` reply names.
    package var home: String?
    /// The launch entry sent in `scene.connect` (R2).
    package var launch: Launch?
    /// Milliseconds after connecting until `scene.appeared`.
    package var appearAfter: Int64 = 0
    /// Gates opened right after connecting (R17).
    package var gates: [String] = []
    /// What to do with every presented modal: an action name, or `dismiss` (the user closes it).
    package var auto: String?
    /// Per modal kind, an action that overrides `auto` (the demo answers a tutorial with `done`).
    package var autoByKind: [String: String] = [:]
    /// Milliseconds a modal stays before the automatic action.
    package var hold: Int64 = 0
    /// Finish after this many modals were handled (their dismissal acknowledged).
    package var count: Int?
    /// Connect with `confirms` and answer every step event that carries a `step` with
    /// `scene.handled` once it was printed (docs/PROTOCOL.md, steps the app confirms).
    package var confirms = false
    /// Scenes whose sessions the system discarded, each sent as `scene.discarded` after connecting:
    /// what they were owed goes to the next ready scene.
    package var discarded: [String] = []

    package init(name: String = "main") { self.name = name }

    /// The options of a command line; `launchPush` is the payload read from `--launch-push FILE`.
    package init(_ parsed: ParsedArguments, launchPush: JSONValue?) throws(UsageError) {
        if let name = parsed.value("name") { self.name = name }
        if let home = parsed.value("home") { self.home = home }
        if parsed.has("launch-url") && parsed.has("launch-push") {
            throw UsageError("give either --launch-url or --launch-push, not both")
        }
        if let url = parsed.value("launch-url") { launch = .url(url) }
        if let launchPush, let payload = APNsPayload(value: launchPush) { launch = .notification(payload) }
        appearAfter = try Self.milliseconds(parsed, "appear-after") ?? 0
        hold = try Self.milliseconds(parsed, "hold") ?? 0
        gates = parsed.values("gate")
        confirms = parsed.has("confirm")
        discarded = parsed.values("discard")
        auto = parsed.value("auto")
        if let text = parsed.value("count") {
            guard let n = Int(text), n > 0 else { throw UsageError("--count must be a positive number; got '\(text)'") }
            count = n
        }
    }

    /// The action for a presented modal of `kind`, if the scene answers by itself.
    func autoAction(for kind: String) -> String? { autoByKind[kind] ?? auto }

    private static func milliseconds(_ parsed: ParsedArguments, _ flag: String) throws(UsageError) -> Int64? {
        guard let text = parsed.value(flag) else { return nil }
        guard let value = Int64(text), value >= 0 else { throw UsageError("--\(flag) takes milliseconds (0 or more); got '\(text)'") }
        return value
    }
}
