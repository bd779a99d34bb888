import EntryHost
import EntryKit
import EntryRouter
import Glibc

/// The daemon's connections: accepting one (the peer's uid, or on TCP its `hello`, and the client
/// limit checked first), and what each reports, handed to the router as inputs of the turn. Lines
/// arrive lent from the connection's buffer and are decoded where they lie.
extension Daemon: ConnectionDelegate {
    /// A connection on the Unix socket: its peer is known by its uid.
    func accept(_ error: UVError?) {
        if let error {
            log.warn("accept failed", ["error": "\(error)"])
            return
        }
        guard case .serving(let listeners) = phase else { return }
        let listener = listeners.unix
        let id = ConnectionID(nextConnection)
        nextConnection += 1
        let connection: Connection
        let uid: uid_t
        do {
            connection = try Connection(loop: loop, id: id, limits: options.connection)
            try listener.accept(into: connection)
            uid = try connection.peerUID()
        } catch {
            log.warn("accept failed", ["error": "\(error)"])
            return
        }
        guard uid == ownUID || options.allowedUIDs.contains(uid) else {
            log.warn("connection refused: peer uid not allowed", ["conn": "\(id)", "uid": .count(uid)])
            connection.close(.requested("peer uid not allowed"))
            return
        }
        serve(connection, peer: "uid=\(uid)")
    }

    /// A connection on a TCP listener: its peer has no credentials, and is served once its first line
    /// is a `hello` with the token (`admitHello`).
    func accept(_ error: UVError?, from tcp: TCPListener) {
        if let error {
            log.warn("accept failed", ["listen": .text(tcp.address.description), "error": "\(error)"])
            return
        }
        let id = ConnectionID(nextConnection)
        nextConnection += 1
        let connection: Connection
        do {
            connection = try Connection(loop: loop, id: id, limits: options.connection, transport: .tcp)
            try tcp.accept(into: connection)
        } catch {
            log.warn("accept failed", ["listen": .text(tcp.address.description), "error": "\(error)"])
            return
        }
        guard awaitingHello.count < options.maxAwaitingHello else {
            connection.close(.requested("too many TCP connections awaiting hello"))
            let now = Monotonic.milliseconds()
            if lastBudgetWarning.map({ now - $0 >= 1000 }) ?? true {
                lastBudgetWarning = now
                log.warn("connection refused at accept: too many TCP connections awaiting hello",
                         ["listen": .text(tcp.address.description), "max_awaiting_hello": .count(options.maxAwaitingHello)])
            }
            return
        }
        guard serve(connection, peer: tcp.address.description, awaitingHello: true) else { return }
        awaitingHello.insert(connection.id)
        connection.timeFirstLine()
    }

    /// Serves an accepted connection, unless the daemon serves as many clients as it may; returns
    /// whether it does. `awaitingHello`: the first line goes to `admitHello`, which admits the
    /// connection or refuses it; until then it holds no client slot (the budget of `accept(_:from:)`
    /// bounds such connections), and `admitHello` checks the limit.
    @discardableResult
    private func serve(_ connection: Connection, peer: String, awaitingHello: Bool = false) -> Bool {
        let id = connection.id
        guard awaitingHello || admittedClients < maxClients else {
            log.warn("connection refused: too many clients", ["conn": "\(id)", "max_clients": .count(maxClients)])
            var bytes: [UInt8] = []
            Message.reply(Reply(req: nil, body: .failure(tooManyClients)))
                .encode(into: &bytes)
            connection.send(bytes)
            connection.closeAfterFlush(.requested("too many clients"))
            return false
        }
        connection.delegate = self
        table.add(connection)
        do {
            try connection.startReading(awaitingHello: awaitingHello)
        } catch {
            connection.close(.readFailed(error))
            return false
        }
        log.debug("connected", ["conn": "\(id)", "peer": .text(peer)])
        return true
    }

    /// The connections that hold a client slot: every open one but those awaiting `hello`.
    private var admittedClients: Int { table.connections.count - awaitingHello.count }

    private var tooManyClients: WireError {
        WireError(.tooManyClients, "the daemon serves \(maxClients) clients at most (--max-clients)")
    }

    /// The first line of a TCP connection: a `hello` with the daemon's token lets the router answer
    /// it and the connection be served like a Unix one; anything else is refused with `not_allowed`
    /// and the connection closed, reading nothing more (the lines after it in the same read are
    /// dropped, never handed to the router). The refusal says which it was: a token that is not the
    /// daemon's, a `hello` without one, or a first line that is no `hello`.
    private func admitHello(_ connection: Connection, _ line: UnsafeBufferPointer<UInt8>, at instant: Instant) -> Int {
        awaitingHello.remove(connection.id)
        let req: RequestTag?
        let hello = "a TCP connection must begin with {\"op\":\"hello\",\"token\":\"...\"} showing the daemon's token (--token-file)"
        var refusal = (log: "connection refused: no hello", message: hello)
        switch Request.decode(bytes: BufferView(line)) {
        case .success(let request):
            if case .hello(let shown) = request.op {
                if let shown, let token, TokenFile.matches(shown.utf8, token) {
                    // Admitted, it takes a client slot, if one is free.
                    guard admittedClients <= maxClients else {
                        connection.stopReading()
                        log.warn("connection refused: too many clients", ["conn": "\(connection.id)", "max_clients": .count(maxClients)])
                        enqueue(.invalid(connection.id, req: request.req, tooManyClients, close: true),
                                at: clock.isManual ? clock.now : instant)
                        return line.count + Self.replyOverhead
                    }
                    connection.admit()
                    log.debug("hello accepted", ["conn": "\(connection.id)"])
                    enqueue(.request(connection.id, request), at: clock.isManual ? clock.now : instant)
                    return line.count + Self.replyOverhead
                }
                refusal = shown == nil
                    ? ("connection refused: hello without a token", "the hello shows no token: " + hello)
                    : ("connection refused: wrong token", "the token shown is not the daemon's: give the contents of its --token-file (entryd.token beside its store unless serve names another)")
            }
            req = request.req
        case .failure(let failure):
            req = failure.req
        }
        connection.stopReading()
        log.warn(refusal.log, ["conn": "\(connection.id)"])
        // The refusal echoes `req`, so that a client waiting for its hello's reply reads it as one.
        enqueue(.invalid(connection.id, req: req, WireError(.notAllowed, refusal.message), close: true),
                at: clock.isManual ? clock.now : instant)
        return line.count + Self.replyOverhead
    }

    /// Decodes the line where it lies and hands it to the router; returns what its reply may take,
    /// which paces a connection that writes many requests at once.
    package func connection(_ connection: Connection, receivedLine line: UnsafeBufferPointer<UInt8>, at instant: Instant) -> Int {
        if connection.awaitsHello { return admitHello(connection, line, at: instant) }
        switch Request.decode(bytes: BufferView(line)) {
        case .success(let request):
            // A `status` reply grows with the daemon's state up to its page, so it counts as a turn's
            // whole share of output and is built alone (after the lines before it); any other reply
            // is about its line's size.
            var bound = line.count + Self.replyOverhead
            if case .status = request.op { bound = connection.limits.turnOutput }
            if case .advance(let milliseconds) = request.op {
                advance(by: milliseconds, request, from: connection)
                return bound
            }
            connection.role = connection.role.after(request.op)
            enqueue(.request(connection.id, request), at: clock.isManual ? clock.now : instant)
            return bound
        case .failure(let failure):
            enqueue(.invalid(connection.id, req: failure.req, failure.error, close: false), at: clock.isManual ? clock.now : instant)
            return line.count + Self.replyOverhead
        }
    }

    /// The bytes a reply adds to what its line carries: `ok`, an error's message, an entry's id,
    /// state, route and screen. Every reply but `status`'s echoes at most its line (its `req`, an
    /// entry's params) besides, or names what the config bounds (a scene's tabs and gates).
    static let replyOverhead = 512

    package func connectionAwaitsTurnEnd(_ connection: Connection) {
        awaitingTurnEnd.append(connection)
    }

    /// `advance`: moves a manual clock on, then hands the request in stamped with the new time, so
    /// that the turn it ends expires and forgets what is due by then; refused (in its place among the
    /// connection's replies) when the daemon runs on the wall clock.
    private func advance(by milliseconds: Int64, _ request: consuming Request, from connection: Connection) {
        guard clock.advance(by: milliseconds) else {
            enqueue(.invalid(connection.id, req: request.req, WireError(.notAllowed,
                "advance moves a manual clock; this daemon runs on the wall clock (start it with serve --clock manual)"),
                close: false), at: clock.now)
            return
        }
        log.debug("clock advanced", ["by_ms": .count(milliseconds), "now_ms": .count(clock.now.milliseconds)])
        enqueue(.request(connection.id, request), at: clock.now)
    }

    package func connectionReceivedTooLargeLine(_ connection: Connection, at instant: Instant) {
        connection.stopReading()
        log.warn("frame too large; closing", ["conn": "\(connection.id)", "max_frame": .count(options.connection.maxFrame)])
        enqueue(.invalid(connection.id, req: nil,
                     HostErrors.frameTooLarge(maxFrame: options.connection.maxFrame),
                     close: true), at: instant)
    }

    package func connectionDrained(_ connection: Connection) {
        enqueue(.drained(connection.id), at: clock.now)
    }

    package func connectionReachedEnd(_ connection: Connection) {
        endedThisTurn.append(connection)
        turn.mark()
    }

    package func connectionClosed(_ connection: Connection, reason: Connection.CloseReason) {
        guard table.remove(connection.id) else { return }
        awaitingHello.remove(connection.id)
        switch reason {
        case .endOfInput, .requested:
            log.debug("connection closed", ["conn": "\(connection.id)", "reason": "\(reason)"])
        case .readFailed, .writeFailed, .stalled, .outputCapExceeded:
            log.warn("connection closed", ["conn": "\(connection.id)", "reason": "\(reason)"])
        }
        enqueue(.disconnected(connection.id), at: clock.now)
    }
}
