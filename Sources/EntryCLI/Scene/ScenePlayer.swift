import EntryClient
import EntryRouter

/// A scene as a program plays it: what it sends when it starts, when an event arrives, when a timer
/// is due and when the user types a command. Pure: time comes in as milliseconds, lines go out as
/// values, so `entryd scene` and `entryd demo` share it and tests drive it without a daemon.
///
/// It acknowledges a `present` with `scene.presented` at once and a `dismiss` with `scene.dismissed`
/// (R3); a `show` needs no answer, unless the scene confirms its steps (`confirms`): then every step
/// event that carries a `step` (`show`, `selectTab`, `start`) is answered with `scene.handled` after
/// the event was printed, which is all a scene played here does with it. A modal counts as handled
/// once its dismissal is acknowledged and the daemon has answered a later request: replies of a turn
/// come before its events, so the reply to a `status` sent after the `scene.dismissed` reply arrives
/// after everything that dismissal caused (the `start` of an accepted invitation, the next `present`).
package struct ScenePlayer: Sendable {
    package let options: SceneOptions
    /// The modal on screen: its id and kind.
    package private(set) var active: (modal: String, kind: String)?
    package private(set) var handled = 0
    /// True once `--count` modals were handled or the user typed `quit`.
    package private(set) var finished = false
    private var nextReq = 1
    private var appearAt: Int64?
    /// The screen that makes this scene ready: `--home`, else the one the connect reply names.
    private var home: String?
    /// The home of a daemon whose connect reply names none (one older than that reply), and of the
    /// sample configs.
    private static let defaultHome = "home"
    private var autoAt: (modal: String, at: Int64)?
    /// Requests whose reply matters: an automatic action (refused → dismiss instead), a dismissal
    /// acknowledgement (→ sync), a sync (→ handled).
    private var awaiting: [Int: Awaited] = [:]

    private enum Awaited: Sendable {
        /// The connect reply, which names the app's home when `--home` did not.
        case connected
        case autoAction(modal: String)
        case dismissed
        case sync
    }

    package init(_ options: SceneOptions) {
        self.options = options
        home = options.home
    }

    /// When `tick` next has something to do, if ever.
    package var deadline: Int64? {
        [appearAt, autoAt?.at].compactMap { $0 }.min()
    }

    /// `scene.connect` (with the launch entry, and `confirms`), the gates and the discarded scenes;
    /// the appearance follows at its time.
    package mutating func start(now: Int64) -> [JSONValue] {
        var out = [request(.connect(launch: options.launch, confirms: options.confirms), awaiting: home == nil ? .connected : nil)]
        for gate in options.gates {
            out.append(request(.gate(gate, open: true)))
        }
        for name in options.discarded {
            out.append(request(.scene(name, .discarded)))
        }
        // Without `--home` the appearance waits for the connect reply, which names the app's home.
        guard home != nil else { return out }
        appearAt = now + options.appearAfter
        return out + tick(now: now)
    }

    /// What is due at `now`: the home appearance, an automatic action.
    package mutating func tick(now: Int64) -> [JSONValue] {
        var out: [JSONValue] = []
        if let at = appearAt, at <= now, let home {
            appearAt = nil
            out.append(request(.appeared(screen: home)))
        }
        if let auto = autoAt, auto.at <= now, let active, active.modal == auto.modal {
            autoAt = nil
            let action = options.autoAction(for: active.kind) ?? "dismiss"
            if action == "dismiss" {
                out.append(dismissed(auto.modal))
            } else {
                out.append(request(.action(modal: auto.modal, action: action), awaiting: .autoAction(modal: auto.modal)))
            }
        }
        return out
    }

    /// The answer to a line from the daemon.
    package mutating func receive(_ message: JSONValue, now: Int64) -> [JSONValue] {
        if message[.event] != nil {
            guard let event = SceneEvent.decoded(message) else { return [] }
            return receiveEvent(event, now: now) + confirmation(of: event, step: message[.step]?.stringValue)
        }
        guard case .number(let number)? = message[.req], let awaited = awaiting.removeValue(forKey: Int(number)) else { return [] }
        let ok = message[.ok] == .bool(true)
        switch awaited {
        case .connected:
            home = message[.home]?.stringValue ?? Self.defaultHome
            appearAt = now + options.appearAfter
            return tick(now: now)
        case .autoAction(let modal):
            return ok || active?.modal != modal ? [] : [dismissed(modal)]
        case .dismissed:
            return [request(.status(limit: 1), awaiting: .sync)]
        case .sync:
            handled += 1
            if let count = options.count, handled >= count { finished = true }
            return []
        }
    }

    private mutating func receiveEvent(_ event: SceneEvent, now: Int64) -> [JSONValue] {
        switch event {
        case .present(let modal):
            active = (modal.id, modal.kind)
            if options.autoAction(for: modal.kind) != nil { autoAt = (modal.id, now + options.hold) }
            return [request(.presented(modal: modal.id))] + tick(now: now)
        case .dismiss(let modal):
            return [dismissed(modal)]
        default:
            return []
        }
    }

    /// `scene.handled` for a step event that carries a `step`, when this scene confirms its steps.
    private mutating func confirmation(of event: SceneEvent, step: String?) -> [JSONValue] {
        guard options.confirms, let step else { return [] }
        switch event {
        case .show, .selectTab, .start: return [request(.handled(step: step))]
        case .present, .update, .dismiss, .pop, .detach: return []
        }
    }

    /// The requests for a command typed by the user, or a usage error naming what is wrong.
    package mutating func command(_ line: String) -> Result<[JSONValue], UsageError> {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let verb = words.first else { return .success([]) }
        let rest = Array(words.dropFirst())
        switch (verb, rest.count) {
        case ("quit", 0), ("exit", 0):
            finished = true
            return .success([])
        case ("dismiss", 0):
            guard let active else { return .failure(UsageError("no modal is shown")) }
            return .success([dismissed(active.modal)])
        case ("busy", 1), ("gate", 2):
            guard let open = Self.onOff(rest.last!) else { return .failure(UsageError("say on or off: \(verb) \(verb == "gate" ? "NAME " : "")on|off")) }
            if verb == "busy" { return .success([request(.busy(open))]) }
            return .success([request(.gate(rest[0], open: open))])
        case ("appear", 0...1):
            return .success([request(.appeared(screen: rest.first ?? home ?? Self.defaultHome))])
        case ("finish", 1):
            return .success([request(.finish(screen: rest[0]))])
        case ("pushed", 2):
            return .success([request(.pushed(screen: rest[0], parent: rest[1]))])
        case ("reset", 0):
            active = nil
            autoAt = nil
            return .success([request(.reset)])
        case ("background", 0):
            return .success([request(.background)])
        case ("discard", 1):
            return .success([request(.scene(rest[0], .discarded))])
        case (_, 0) where !Self.verbs.contains(verb):
            guard let active else { return .failure(UsageError("no modal is shown to take the action '\(verb)'")) }
            return .success([request(.action(modal: active.modal, action: verb))])
        default:
            return .failure(UsageError("'\(line)' is not a command; \(Self.help)"))
        }
    }

    /// The commands `entryd scene` reads from its standard input.
    package static let help = "commands: dismiss, ACTION (e.g. accept), busy on|off, gate NAME on|off, appear [SCREEN], "
        + "finish SCREEN, pushed SCREEN PARENT, reset, background, discard SCENE, quit"

    private static let verbs: Set = ["quit", "exit", "dismiss", "busy", "gate", "appear", "finish", "pushed", "reset", "background",
                                     "discard"]

    private static func onOff(_ word: String) -> Bool? {
        switch word {
        case "on", "open", "true", "yes": true
        case "off", "close", "closed", "false", "no": false
        default: nil
        }
    }

    private mutating func dismissed(_ modal: String) -> JSONValue {
        if active?.modal == modal {
            active = nil
            autoAt = nil
        }
        return request(.dismissed(modal: modal), awaiting: .dismissed)
    }

    /// This scene's request with the next `req`.
    private mutating func request(_ sceneRequest: SceneRequest, awaiting awaited: Awaited? = nil) -> JSONValue {
        request(.scene(options.name, sceneRequest), awaiting: awaited)
    }

    /// A request with the next `req`, encoded by the client library's one encoder.
    private mutating func request(_ entryRequest: EntryRequest, awaiting awaited: Awaited? = nil) -> JSONValue {
        let line = entryRequest.json(req: nextReq)
        if let awaited { awaiting[nextReq] = awaited }
        nextReq += 1
        return line
    }
}
