import EntryKit

// The request vocabulary of the wire protocol (docs/PROTOCOL.md, sender and scene ops), in one
// place: each op's name and the fields it defines (`OpName`), the member names (`Field`, with its
// bit in a `FieldSet`, its slot in `Values` and its name as a `FieldSet`), the operation it is
// read into (`Operation`, `SceneOp`), and how its fields are read (`operation()`). The client's
// request encoder writes the same names, and the docs' tables, the scenario vocabulary and the
// tests that list every op derive from `OpName`.
//
// A new op, with any new member name it brings, is a case in each part below; then what the router does with it (a `Router+*.swift`),
// the client's request (`EntryClient/Wire/EntryRequest.swift`), its row in docs/PROTOCOL.md, and its
// line in `RequestCoverageTests`: the compiler or a test names each one that is missing.

/// The operations of the wire protocol by name (docs/PROTOCOL.md, sender and scene ops), as `op`
/// spells them, with the fields each defines: a new op's name and fields are written here alone.
///
/// A name is written twice, as the case's raw value and in `named(plain:)`'s switch, which matches
/// bytes without making a string; `OpNameTests` checks every case against the switch.
package enum OpName: String, CaseIterable {
    case push, open, retract, status, watch, advance, hello
    case sceneConnect = "scene.connect"
    case sceneAppeared = "scene.appeared"
    case scenePresented = "scene.presented"
    case sceneDismissed = "scene.dismissed"
    case sceneAction = "scene.action"
    case sceneBusy = "scene.busy"
    case scenePushed = "scene.pushed"
    case sceneFinish = "scene.finish"
    case sceneBackground = "scene.background"
    case sceneGate = "scene.gate"
    case sceneReset = "scene.reset"
    case sceneHandled = "scene.handled"
    case sceneDiscarded = "scene.discarded"

    /// The fields each op defines, for strict requests (docs/PROTOCOL.md): a request that carries
    /// any other is refused, so that a misspelt `lanch` or `expiraton` never drops what it carried.
    /// `req` and `op` belong to every op. A field is added to an op here and nowhere else.
    var fields: RequestFields.FieldSet {
        switch self {
        case .push: [.payload, .fcm, .id, .collapseId, .expiration]
        case .open: [.url, .source, .id, .expiration, .platform]
        case .retract: [.id, .kind, .collapseId]
        case .status: [.limit, .after]
        case .watch: []
        case .advance: [.by]
        case .hello: [.token]
        case .sceneConnect: [.scene, .launch, .confirms]
        case .sceneAppeared, .sceneFinish: [.scene, .screen]
        case .scenePresented, .sceneDismissed: [.scene, .modal]
        case .sceneAction: [.scene, .modal, .action]
        case .sceneBusy: [.scene, .busy]
        case .scenePushed: [.scene, .screen, .parent]
        case .sceneBackground, .sceneReset, .sceneDiscarded: [.scene]
        case .sceneHandled: [.scene, .step]
        case .sceneGate: [.scene, .gate, .open]
        }
    }

    /// The operation `op` names, if any. A plain string is matched as bytes, by length first; any
    /// other is decoded and matched by name, so that `"p\u0075sh"` is `push` (plain ASCII bytes equal
    /// a name exactly when the strings are equal, see `RequestFields+Keys.swift`). The caller checked
    /// that `op` is a string.
    static func named(_ op: MemberValue, in bytes: ByteView) -> OpName? {
        if let text = op.plainText(in: bytes) { return named(plain: text) }
        return OpName(rawValue: op.string(in: bytes))
    }

    /// The operation a plain (unescaped ASCII) name spells, matched by length, then bytes.
    static func named(plain text: ByteView) -> OpName? {
        switch text.count {
        case 4:
            if text.holds("push") { return .push }
            if text.holds("open") { return .open }
        case 5:
            if text.holds("watch") { return .watch }
            if text.holds("hello") { return .hello }
        case 6:
            if text.holds("status") { return .status }
        case 7:
            if text.holds("retract") { return .retract }
            if text.holds("advance") { return .advance }
        case 10:
            if text.holds("scene.busy") { return .sceneBusy }
            if text.holds("scene.gate") { return .sceneGate }
        case 11:
            if text.holds("scene.reset") { return .sceneReset }
        case 12:
            if text.holds("scene.action") { return .sceneAction }
            if text.holds("scene.pushed") { return .scenePushed }
            if text.holds("scene.finish") { return .sceneFinish }
        case 13:
            if text.holds("scene.connect") { return .sceneConnect }
            if text.holds("scene.handled") { return .sceneHandled }
        case 14:
            if text.holds("scene.appeared") { return .sceneAppeared }
        case 15:
            if text.holds("scene.presented") { return .scenePresented }
            if text.holds("scene.dismissed") { return .sceneDismissed }
            if text.holds("scene.discarded") { return .sceneDiscarded }
        case 16:
            if text.holds("scene.background") { return .sceneBackground }
        default:
            break
        }
        return nil
    }
}

extension RequestFields {
    /// The member names the protocol knows (docs/PROTOCOL.md), `launch`'s `push` included.
    package enum Field: String, CaseIterable {
        case req, op, payload, id, collapseId, expiration, url, source, kind, limit, scene, screen
        case modal, action, busy, parent, gate, open, launch, push, by, after, platform, fcm, token
        case confirms, step
    }
}

extension RequestFields.Field {
    /// The field's bit in a `FieldSet`: its place in `allCases` (`StrictRequestTests.everyFieldHasItsOwnBit` checks it),
    /// written out so that marking a key is a table lookup.
    var bit: UInt32 {
        switch self {
        case .req: 0
        case .op: 1
        case .payload: 2
        case .id: 3
        case .collapseId: 4
        case .expiration: 5
        case .url: 6
        case .source: 7
        case .kind: 8
        case .limit: 9
        case .scene: 10
        case .screen: 11
        case .modal: 12
        case .action: 13
        case .busy: 14
        case .parent: 15
        case .gate: 16
        case .open: 17
        case .launch: 18
        case .push: 19
        case .by: 20
        case .after: 21
        case .platform: 22
        case .fcm: 23
        case .token: 24
        case .confirms: 25
        case .step: 26
        }
    }
}

extension RequestFields {
    /// One slot per member a request may carry: a new member name is a slot here, and a case of
    /// `readMembers`, which the compiler asks for.
    struct Values {
        var req, op, id, collapseId, expiration, url, source, kind, limit, scene, screen: MemberValue?
        var modal, action, busy, parent, gate, open, by, after, platform, fcm, token, confirms, step: MemberValue?
        var payload: PushPayload?
        var payloadBytes = 0
        var launch: Launch?
        /// The keys read that name no field, in line order (`push` is one: a member of `launch` only).
        var unknownKeys: [String] = []

        /// Reads the members of a request's object, after its `{`, each into its slot, and marks
        /// each known one in `present`. The member loop is here, with the slots, so that a new
        /// member name is written in this file alone, and each key's slot is one jump of the loop.
        mutating func readMembers(_ parser: inout JSONParser, marking present: inout FieldSet) throws(JSONParseError) {
            var first = true
            while try parser.nextMember(first: first) {
                first = false
                guard let field = try parser.fieldKey() else {
                    try parser.expectColon()
                    try RequestFields.skipUnknown(parser.lastKeyText(), &unknownKeys, &parser)
                    continue
                }
                try parser.expectColon()
                present.insert(FieldSet(field))
                switch field {
                case .req: try RequestFields.store(&req, field, &parser)
                case .op: try RequestFields.store(&op, field, &parser)
                case .payload: try RequestFields.storePayload(&payload, &payloadBytes, field, &parser)
                case .id: try RequestFields.store(&id, field, &parser)
                case .collapseId: try RequestFields.store(&collapseId, field, &parser)
                case .expiration: try RequestFields.store(&expiration, field, &parser)
                case .url: try RequestFields.store(&url, field, &parser)
                case .source: try RequestFields.store(&source, field, &parser)
                case .kind: try RequestFields.store(&kind, field, &parser)
                case .limit: try RequestFields.store(&limit, field, &parser)
                case .scene: try RequestFields.store(&scene, field, &parser)
                case .screen: try RequestFields.store(&screen, field, &parser)
                case .modal: try RequestFields.store(&modal, field, &parser)
                case .action: try RequestFields.store(&action, field, &parser)
                case .busy: try RequestFields.store(&busy, field, &parser)
                case .parent: try RequestFields.store(&parent, field, &parser)
                case .gate: try RequestFields.store(&gate, field, &parser)
                case .open: try RequestFields.store(&open, field, &parser)
                case .launch:
                    guard launch == nil else { throw parser.duplicateKey(field.rawValue) }
                    launch = try RequestFields.readLaunch(&parser)
                case .push: try RequestFields.skipUnknown(field.rawValue, &unknownKeys, &parser)
                case .by: try RequestFields.store(&by, field, &parser)
                case .after: try RequestFields.store(&after, field, &parser)
                case .platform: try RequestFields.store(&platform, field, &parser)
                case .fcm: try RequestFields.store(&fcm, field, &parser)
                case .token: try RequestFields.store(&token, field, &parser)
                case .confirms: try RequestFields.store(&confirms, field, &parser)
                case .step: try RequestFields.store(&step, field, &parser)
                }
            }
        }
    }
}

extension RequestFields.FieldSet {
    static var payload: Self { Self(.payload) }
    static var id: Self { Self(.id) }
    static var collapseId: Self { Self(.collapseId) }
    static var expiration: Self { Self(.expiration) }
    static var url: Self { Self(.url) }
    static var source: Self { Self(.source) }
    static var kind: Self { Self(.kind) }
    static var limit: Self { Self(.limit) }
    static var scene: Self { Self(.scene) }
    static var screen: Self { Self(.screen) }
    static var modal: Self { Self(.modal) }
    static var action: Self { Self(.action) }
    static var busy: Self { Self(.busy) }
    static var parent: Self { Self(.parent) }
    static var gate: Self { Self(.gate) }
    static var open: Self { Self(.open) }
    static var launch: Self { Self(.launch) }
    static var by: Self { Self(.by) }
    static var after: Self { Self(.after) }
    static var platform: Self { Self(.platform) }
    static var fcm: Self { Self(.fcm) }
    static var token: Self { Self(.token) }
    static var confirms: Self { Self(.confirms) }
    static var step: Self { Self(.step) }
}

/// Every operation of the wire protocol (docs/PROTOCOL.md, sender and scene ops).
public enum Operation: Sendable, Hashable {
    case push(PushRequest)
    case open(OpenRequest)
    case retract(RetractTarget)
    /// `limit` bounds every list of the reply; `after` is the `next` cursor of an earlier reply.
    case status(limit: Int, after: String? = nil)
    case watch
    case scene(name: String, SceneOp)
    /// Moves a manual clock on by this many milliseconds (`serve --clock manual`). The daemon moves
    /// its clock before it hands the request in, so the router only answers it: the turn it ends runs
    /// at the later time, expiring and forgetting what is due by then.
    case advance(milliseconds: Int64)
    /// The first line on a TCP connection, with the daemon's token (docs/PROTOCOL.md). The daemon checks
    /// the token before the router sees the line; on the Unix socket, whose peers are known by their
    /// uid, `hello` needs none, and the router only answers it.
    case hello(token: String?)
}

/// The `scene.*` operations; the scene's name travels beside them in `Operation.scene`.
public enum SceneOp: Sendable, Hashable {
    /// `launchId` is the launch notification's own identifier (replay protection goes by it when
    /// given, R18); `launchAction` the notification action the user chose, whose steps run once the
    /// scene is ready, without presenting the modal (docs/PROTOCOL.md, across restarts).
    /// `confirms`: the scene confirms each step event once the app acted on it (`handled`), and a
    /// step is finished only then (docs/PROTOCOL.md, steps the app confirms).
    case connect(launch: LaunchEntry?, launchId: String? = nil, launchAction: String? = nil, confirms: Bool = false)
    case appeared(screen: String)
    case presented(modal: String)
    case dismissed(modal: String)
    case action(modal: String, action: String)
    case busy(Bool)
    /// `parent` nil: the coordinator that pushed the screen has no parent (seed 004).
    case pushed(screen: String, parent: String?)
    case finish(screen: String)
    case background
    case gate(String, open: Bool)
    case reset
    /// The app acted on the step event with this `step` id: it is finished.
    case handled(step: String)
    /// The system discarded the scene's session (the user swiped the app away): what was owed to
    /// it goes to the next ready scene. Any connection may say so, the scene's own or another.
    case discarded
}

extension RequestFields {
    /// The operation these fields ask for, checked against the op's required and optional fields.
    /// A payload is taken out of the fields, not copied.
    mutating func operation() throws(WireError) -> Operation {
        guard let op = values.op else { throw WireError(.badRequest, "missing field `op`") }
        guard op.kind == .string else { throw WireError(.badRequest, "field `op` must be a string") }
        guard let name = OpName.named(op, in: bytes) else {
            throw WireError(.unknownOp, "unknown op `\(op.string(in: bytes))`")
        }
        let check = FieldCheck(op: name, bytes: bytes)
        try checkStrict(name)
        switch name {
        case .push:
            if let fcm = values.fcm { return .push(try fcmPush(fcm, check)) }
            guard let payload = values.payload.take() else { throw check.missing("payload") }
            guard payload.isObject else { throw check.wrongType("payload", "an object (the APNs payload)") }
            let id = try check.string("id", values.id)
            let collapseId = try check.string("collapseId", values.collapseId)
            let expiration = try check.epochSeconds("expiration", values.expiration)
            return .push(PushRequest(payload: payload, payloadBytes: values.payloadBytes, id: id, collapseId: collapseId,
                                     expiration: expiration))
        case .open:
            return .open(OpenRequest(url: try check.requiredString("url", values.url),
                                     source: try check.openSource(values.source),
                                     id: try check.string("id", values.id),
                                     expiration: try check.epochSeconds("expiration", values.expiration),
                                     platform: try check.platform(values.platform)))
        case .retract:
            return .retract(try retractTarget(check))
        case .status:
            let limit = try check.positiveInteger("limit", values.limit) ?? StatusPage.defaultLimit
            return .status(limit: min(limit, StatusPage.maxLimit), after: try check.string("after", values.after))
        case .watch:
            return .watch
        case .advance:
            guard let milliseconds = ClockAdvance.milliseconds(try check.requiredString("by", values.by)) else {
                throw check.wrongType("by", "a span such as \"1500ms\", \"90s\", \"10m\", \"25h\" or \"2d\"")
            }
            return .advance(milliseconds: milliseconds)
        case .hello:
            return .hello(token: try check.string("token", values.token))
        case .sceneConnect:
            return .scene(name: try check.requiredString("scene", values.scene),
                          .connect(launch: try launchEntry(check), launchId: try check.string("launch.id", values.launch?.id),
                                   launchAction: try check.string("launch.action", values.launch?.action),
                                   confirms: try check.bool("confirms", values.confirms) ?? false))
        case .sceneAppeared:
            return .scene(name: try check.requiredString("scene", values.scene), .appeared(screen: try check.requiredString("screen", values.screen)))
        case .scenePresented:
            return .scene(name: try check.requiredString("scene", values.scene), .presented(modal: try check.requiredString("modal", values.modal)))
        case .sceneDismissed:
            return .scene(name: try check.requiredString("scene", values.scene), .dismissed(modal: try check.requiredString("modal", values.modal)))
        case .sceneAction:
            return .scene(name: try check.requiredString("scene", values.scene), .action(modal: try check.requiredString("modal", values.modal),
                                              action: try check.requiredString("action", values.action)))
        case .sceneBusy:
            return .scene(name: try check.requiredString("scene", values.scene), .busy(try check.requiredBool("busy", values.busy)))
        case .scenePushed:
            return .scene(name: try check.requiredString("scene", values.scene), .pushed(screen: try check.requiredString("screen", values.screen),
                                              parent: try check.parent(values.parent)))
        case .sceneFinish:
            return .scene(name: try check.requiredString("scene", values.scene), .finish(screen: try check.requiredString("screen", values.screen)))
        case .sceneBackground:
            return .scene(name: try check.requiredString("scene", values.scene), .background)
        case .sceneGate:
            return .scene(name: try check.requiredString("scene", values.scene), .gate(try check.requiredString("gate", values.gate), open: try check.requiredBool("open", values.open)))
        case .sceneReset:
            return .scene(name: try check.requiredString("scene", values.scene), .reset)
        case .sceneHandled:
            return .scene(name: try check.requiredString("scene", values.scene), .handled(step: try check.requiredString("step", values.step)))
        case .sceneDiscarded:
            return .scene(name: try check.requiredString("scene", values.scene), .discarded)
        }
    }
}
