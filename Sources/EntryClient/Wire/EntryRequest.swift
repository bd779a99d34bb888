import EntryRouter

/// A request to the daemon, as a value, and its line (`line(req:)`, below): the one encoder of
/// requests in the package, which the command line uses too. A new op is a case here and its
/// members in `json(req:)`.
public enum EntryRequest: Sendable, Hashable {
    /// The first line on a TCP connection (docs/PROTOCOL.md), with the daemon's token.
    case hello(token: String?)
    case push(APNsPayload, id: String? = nil, collapseId: String? = nil, expiration: Int64? = nil)
    /// An Android push: an FCM HTTP v1 message, or the whole `{"message": {...}}`.
    case fcm(JSONValue, id: String? = nil, collapseId: String? = nil, expiration: Int64? = nil)
    /// `platform` nil is iOS, the daemon's default.
    case open(url: String, source: OpenSource? = nil, id: String? = nil, expiration: Int64? = nil, platform: LinkPlatform? = nil)
    case retract(RetractTarget)
    /// A page of status: at most `limit` entries per list, continuing after the cursor `after`.
    case status(limit: Int? = nil, after: String? = nil)
    case watch
    /// Moves a manual clock on (`serve --clock manual`).
    case advance(by: ClockSpan)
    case scene(String, SceneRequest)
}

/// What a scene tells the daemon (the `scene.*` ops).
public enum SceneRequest: Sendable, Hashable {
    /// `confirms`: the scene confirms each step event with `handled` once the app acted on it, and
    /// the daemon finishes a step only then (docs/PROTOCOL.md, steps the app confirms).
    case connect(launch: Launch?, confirms: Bool = false)
    case appeared(screen: String)
    case presented(modal: String)
    case dismissed(modal: String)
    case action(modal: String, action: String)
    case busy(Bool)
    /// A screen the app pushed; `parent` nil for one without a parent coordinator.
    case pushed(screen: String, parent: String?)
    case finish(screen: String)
    case background
    case gate(String, open: Bool)
    case reset
    /// The app acted on the step event that carried this id.
    case handled(step: String)
    /// The system discarded this scene's session: what it was owed goes to the next ready scene.
    case discarded
}

/// A request value to its JSON line.
extension EntryRequest {
    /// The request's line with its newline; `req` numbers it for the reply.
    package func line(req: Int?) -> [UInt8] {
        var out: [UInt8] = []
        JSONWriter.append(json(req: req), to: &out)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    /// Names come from the engine's vocabulary (`OpName`, `RequestFields.Field`), the ones its decoder
    /// reads: a member the client writes cannot be misspelt, and `RequestCoverageTests` checks that
    /// every op the engine reads has a request here.
    package func json(req: Int?) -> JSONValue {
        var members = RequestMembers()
        if let req { members[.req] = .number(Double(req)) }
        switch self {
        case .hello(let token):
            members.op(.hello)
            members.set(.token, token)
        case .push(let payload, let id, let collapseId, let expiration):
            members.op(.push)
            members[.payload] = payload.json
            members.set(.id, id)
            members.set(.collapseId, collapseId)
            members.set(.expiration, expiration)
        case .fcm(let message, let id, let collapseId, let expiration):
            members.op(.push)
            members[.fcm] = message
            members.set(.id, id)
            members.set(.collapseId, collapseId)
            members.set(.expiration, expiration)
        case .open(let url, let source, let id, let expiration, let platform):
            members.op(.open)
            members[.url] = .string(url)
            members.set(.source, source?.rawValue)
            members.set(.platform, platform?.rawValue)
            members.set(.id, id)
            members.set(.expiration, expiration)
        case .retract(let target):
            members.op(.retract)
            switch target {
            case .id(let id): members[.id] = .string(id)
            case .kind(let kind): members[.kind] = .string(kind)
            case .collapseId(let collapseId): members[.collapseId] = .string(collapseId)
            }
        case .status(let limit, let after):
            members.op(.status)
            if let limit { members[.limit] = .number(Double(limit)) }
            members.set(.after, after)
        case .watch:
            members.op(.watch)
        case .advance(let span):
            members.op(.advance)
            members[.by] = .string(span.description)
        case .scene(let scene, let request):
            members[.scene] = .string(scene)
            request.encode(into: &members)
        }
        return .object(members.object)
    }
}

extension SceneRequest {
    fileprivate func encode(into members: inout RequestMembers) {
        switch self {
        case .connect(let launch, let confirms):
            members.op(.sceneConnect)
            if let launch { members[.launch] = launch.json }
            if confirms { members[.confirms] = .bool(true) }
        case .appeared(let screen):
            members.op(.sceneAppeared)
            members[.screen] = .string(screen)
        case .presented(let modal):
            members.op(.scenePresented)
            members[.modal] = .string(modal)
        case .dismissed(let modal):
            members.op(.sceneDismissed)
            members[.modal] = .string(modal)
        case .action(let modal, let action):
            members.op(.sceneAction)
            members[.modal] = .string(modal)
            members[.action] = .string(action)
        case .busy(let busy):
            members.op(.sceneBusy)
            members[.busy] = .bool(busy)
        case .pushed(let screen, let parent):
            members.op(.scenePushed)
            members[.screen] = .string(screen)
            members[.parent] = parent.map { .string($0) } ?? .null
        case .finish(let screen):
            members.op(.sceneFinish)
            members[.screen] = .string(screen)
        case .background:
            members.op(.sceneBackground)
        case .gate(let gate, let open):
            members.op(.sceneGate)
            members[.gate] = .string(gate)
            members[.open] = .bool(open)
        case .reset:
            members.op(.sceneReset)
        case .handled(let step):
            members.op(.sceneHandled)
            members[.step] = .string(step)
        case .discarded:
            members.op(.sceneDiscarded)
        }
    }
}

/// A request's members, keyed by the engine's field names.
private struct RequestMembers {
    var object: [String: JSONValue] = [:]

    subscript(field: RequestFields.Field) -> JSONValue? {
        get { object[field.rawValue] }
        set { object[field.rawValue] = newValue }
    }

    mutating func op(_ name: OpName) { self[.op] = .string(name.rawValue) }

    mutating func set(_ field: RequestFields.Field, _ value: String?) {
        if let value { self[field] = .string(value) }
    }

    mutating func set(_ field: RequestFields.Field, _ value: Int64?) {
        if let value { self[field] = .number(Double(value)) }
    }
}
