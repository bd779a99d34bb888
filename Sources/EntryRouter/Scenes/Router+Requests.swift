/// Sender requests and the dispatch of scene ops (docs/PROTOCOL.md).
extension Router {
    /// Handles `request`, consumed: its operation is moved into the arrival rather than copied (see `take`).
    mutating func handle(_ request: consuming Request, from connection: ConnectionID) {
        // The fields are swapped out for trivial ones, so what is left of the request is destroyed
        // without a release: binding them would copy the operation and destroy the request's own.
        var req: RequestTag? = nil
        swap(&req, &request.req)
        var op = Operation.watch
        swap(&op, &request.op)
        // Each body is computed before it is handed to `turn.reply`: reading `self` while an argument
        // mutates it would copy the router's collections on every request.
        let body: Turn.Body
        switch consume op {
        case .push(let push):
            let admission = arrive(push)
            body = Self.body(of: admission)
        case .open(let open):
            let admission = arrive(open)
            body = Self.body(of: admission)
        case .retract(let target):
            let count = retract(target)
            body = .final(.success(.retracted(count)))
        case .status(let limit, let after):
            if let cursor = StatusPage.cursor(after, below: nextSeq) {
                body = .status(StatusPage(limit: limit, after: cursor))
            } else {
                body = .final(.failure(StatusPage.badCursor(after)))
            }
        case .watch:
            watchers.insert(connection)
            body = .final(.success(.ok))
        case .scene(let name, let op):
            let result = sceneOp(name, op, from: connection)
            body = .final(result)
        case .advance, .hello:
            body = .final(.success(.ok))
        }
        turn.reply(connection, req, body)
    }

    private static func body(of admission: Admission) -> Turn.Body {
        switch admission {
        case .admitted(let id, let seq): return .entry(id: id, seq: seq)
        case .duplicate(let original): return .final(.success(.entry(original)))
        case .refused(let error): return .final(.failure(error))
        }
    }

    private mutating func arrive(_ push: consuming PushRequest) -> Admission {
        if let collapseId = push.collapseId, collapseId.utf8.count > limits.maxCollapseIdBytes {
            return .refused(WireError(.badRequest, "collapseId is \(collapseId.utf8.count) bytes; "
                + "the limit is \(limits.maxCollapseIdBytes) bytes (as APNs)"))
        }
        if case .fcm(let ttl) = push.format { return arrive(fcm: push, ttl: ttl) }
        return admit(route(push: push.payload, bytes: push.payloadBytes), source: .push, id: push.id,
                     collapseId: push.collapseId, expiration: push.expiration,
                     dedupeKey: push.id.map(DedupeKey.init(senderId:)), scene: nil)
    }

    /// An FCM message: routed with its data strings read as the selectors' types, and its
    /// `android.ttl` (when the request gives no `expiration`) counted from now.
    private mutating func arrive(fcm push: consuming PushRequest, ttl: Int64?) -> Admission {
        let expiration = push.expiration ?? ttl.map { turn.now.milliseconds / 1000 + $0 }
        let routed: Result<RouteMatch, WireError>
        if let tooLarge = limits.sizeError(fcmBytes: push.payloadBytes) {
            routed = .failure(tooLarge)
        } else {
            routed = routing.route(fcm: push.payload, payloadBytes: push.payloadBytes)
        }
        return admit(routed, source: .push, id: push.id, collapseId: push.collapseId, expiration: expiration,
                     dedupeKey: push.id.map(DedupeKey.init(senderId:)), scene: nil)
    }

    private mutating func arrive(_ open: consuming OpenRequest) -> Admission {
        let source = open.source ?? (open.url.lowercased().hasPrefix("https://") ? .universalLink : .deeplink)
        return admit(route(url: open.url, on: open.platform), source: source, id: open.id, collapseId: nil, expiration: open.expiration,
                     dedupeKey: open.id.map(DedupeKey.init(senderId:)), scene: nil)
    }

    /// Routes a URL or payload after checking the sizes the router's limits bound.
    func route(_ thing: LaunchEntry) -> Result<RouteMatch, WireError> {
        switch thing {
        case .url(let url):
            return route(url: url, on: .ios)
        case .push(let payload, let bytes):
            return route(push: payload, bytes: bytes)
        }
    }

    /// Routes a URL after checking its size, with `platform`'s universal-link rules.
    private func route(url: String, on platform: LinkPlatform) -> Result<RouteMatch, WireError> {
        guard url.utf8.count <= limits.maxURLBytes else {
            return .failure(WireError(.notAllowed, "url is \(url.utf8.count) bytes; the limit is \(limits.maxURLBytes)"))
        }
        return platform == .ios ? routing.route(url: url) : routing.route(url: url, on: platform)
    }

    /// Routes a push payload of `bytes` bytes after checking its size. A push request's payload is
    /// routed from where it lies, not first wrapped in a `LaunchEntry` copied and destroyed again.
    private func route(push payload: PushPayload, bytes: Int) -> Result<RouteMatch, WireError> {
        if let tooLarge = limits.sizeError(push: payload, bytes: bytes) { return .failure(tooLarge) }
        return routing.route(push: payload, payloadBytes: bytes)
    }

    /// Removes matching waiting entries and dismisses a matching active modal (R10). The inbox is
    /// searched through its indexes; a scene's queue holds one entry per modal kind (R6) besides its
    /// launches, so walking it costs what the config allows, not what the inbox holds. A retraction
    /// also cancels the steps an action left waiting for that modal's dismissal, or for its scene to
    /// come back: what was withdrawn must not start a flow. Returns how many entries ended `retracted`.
    mutating func retract(_ target: RetractTarget) -> Int {
        // Byte for byte, as the dedupe window and the inbox's indexes tell ids apart: `==` on strings
        // would take "café" and "cafe\u{301}" for one id.
        let matches: (Entry) -> Bool = { entry in
            switch target {
            case .id(let id): return entry.id.utf8.elementsEqual(id.utf8)
            case .kind(let kind): return entry.kind.map { $0.utf8.elementsEqual(kind.utf8) } ?? false
            case .collapseId(let collapseId): return entry.collapseId.map { $0.utf8.elementsEqual(collapseId.utf8) } ?? false
            }
        }
        // The pending entries through the inbox's indexes: there may be `maxPending` of them.
        var retracted: [Entry]
        switch target {
        case .id(let id): retracted = inbox.removeAll(id: id)
        case .kind(let kind): retracted = routes.kindSlot(of: kind).map { inbox.removeAll(kindSlot: $0, kind: kind) } ?? []
        case .collapseId(let collapseId): retracted = inbox.removeAll(collapseId: collapseId)
        }
        // A scene's unsent outbox through its index: a scene that does not read keeps it without end.
        let key: OutboxIndex.Key? = switch target {
        case .id(let id): .id(id)
        case .kind(let kind): routes.kindSlot(of: kind).map { .kindSlot($0) }
        case .collapseId(let collapseId): .collapseId(collapseId)
        }
        var active = 0
        for name in scenes.keys.sorted() {
            retracted += scenes[name]?.removeWaiting(key.map { [$0] } ?? [], where: matches) ?? []
            if let key { retracted += scenes[name]?.removeUnsentRuns(key, where: matches) ?? [] }
            guard let scene = scenes[name], var slot = scene.slot, matches(slot.entry) else { continue }
            if !slot.isDismissing { turn.send(scene.connection, .dismiss(scene: name, modal: slot.modal)) }
            slot.phase = .dismissing
            if slot.entry.state == .presenting || slot.entry.state == .presented {
                slot.entry.steps = []
                move(&slot.entry, to: .retracted, scene: name)
                active += 1
            } else if !slot.entry.steps.isEmpty {
                cancelSteps(of: &slot.entry, endingAs: .retracted)
            }
            scenes[name]?.slot = slot
        }
        for var entry in retracted { move(&entry, to: .retracted) }
        let withdrawn = removeRuns(where: matches)
        for var entry in withdrawn { cancelSteps(of: &entry, endingAs: .retracted) }
        return retracted.count + active + withdrawn.count
    }
}
