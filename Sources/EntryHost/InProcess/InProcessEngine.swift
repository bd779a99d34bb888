import EntryKit
import EntryRouter

/// The in-process host's state and its turns, owned by the host's one task.
final class InProcessEngine {
    private let config: Config
    private let limits: RouterLimits
    private let maxFrame: Int
    private let store: MemoryStore
    private var recordsStore: EntryStore?
    private var router: Router
    private var result = TurnResult()
    private var now: Instant
    private var peers: [ObjectIdentifier: Peer] = [:]
    private var links: [ConnectionID: ObjectIdentifier] = [:]
    private var nextConnection: UInt64 = 1
    private var activity = 0

    /// A connection as the host keeps it.
    private struct Peer {
        let id: ConnectionID
        let link: InProcessLink
        var decoder: FrameDecoder
        var role = ConnectionRole.sender
        /// False once a line was too long: nothing more is read, as the daemon stops reading.
        var reading = true
        var unhandledEvents = 0
    }

    init(config: Config, limits: RouterLimits, maxFrame: Int, now: Instant) throws(StoreError) {
        self.config = config
        self.limits = limits
        self.maxFrame = maxFrame
        self.now = now
        store = MemoryStore(seenWindowMilliseconds: limits.dedupeWindowMilliseconds)
        recordsStore = store
        let setup = try RouterRecovery.makeRouter(config: config, limits: limits, store: store, at: now)
        router = setup.router
        result = setup.startup
        perform()
    }

    /// Handles one input; false once the host stops.
    func handle(_ input: InProcessInput) -> Bool {
        if case .quiescence = input {} else { activity += 1 }
        switch input {
        case .opened(let link):
            let id = ConnectionID(nextConnection)
            nextConnection += 1
            peers[ObjectIdentifier(link)] = Peer(id: id, link: link, decoder: FrameDecoder(maxFrame: maxFrame))
            links[id] = ObjectIdentifier(link)
        case .bytes(let link, let bytes):
            read(bytes, from: ObjectIdentifier(link))
        case .closed(let link):
            guard let peer = peers.removeValue(forKey: ObjectIdentifier(link)) else { break }
            links[peer.id] = nil
            router.enqueue(.disconnected(peer.id), at: now)
            endTurn(.turnEnded)
        case .handled(let link, let count):
            peers[ObjectIdentifier(link)]?.unhandledEvents -= count
        case .restart(let continuation):
            do {
                try crashAndRecover()
                continuation.resume()
            } catch {
                continuation.resume(throwing: error)
            }
        case .quiescence(let continuation):
            continuation.resume(returning: InProcessHost.Quiescence(
                unhandledEvents: peers.values.reduce(0) { $0 + max($1.unhandledEvents, 0) }, activity: activity))
        case .stop:
            return false
        }
        return true
    }

    /// Ends every connection; the host is gone.
    func stop() {
        endAllConnections()
    }

    /// The lines of one write: each decoded and handed to the router, then the turn ends.
    private func read(_ bytes: [UInt8], from key: ObjectIdentifier) {
        guard var peer = peers[key], peer.reading else { return }
        peer.decoder.append(bytes)
        while peer.reading, let frame = peer.decoder.next() {
            switch frame {
            case .line(let line):
                switch Request.decode(line: line) {
                case .success(let request):
                    if case .advance(let milliseconds) = request.op {
                        now = Instant(milliseconds: now.milliseconds + milliseconds)
                    } else {
                        peer.role = peer.role.after(request.op)
                    }
                    router.enqueue(.request(peer.id, request), at: now)
                case .failure(let failure):
                    router.enqueue(.invalid(peer.id, req: failure.req, failure.error, close: false), at: now)
                }
            case .tooLarge:
                peer.reading = false
                router.enqueue(.invalid(peer.id, req: nil, HostErrors.frameTooLarge(maxFrame: maxFrame), close: true), at: now)
            }
        }
        peers[key] = peer
        endTurn(.turnEnded)
    }

    /// Ends the router's turn and performs it; then the turns it calls for: the disconnects of the
    /// connections it closed, the scenes whose events were handed over (`.drained`), a timer that is
    /// due on the manual clock.
    private func endTurn(_ end: TurnEnd) {
        router.endTurn(end, at: now, into: &result)
        perform()
    }

    private func perform() {
        var done = TurnResult()
        swap(&done, &result)
        var staging = InProcessStaging()
        _ = done.commitAndStage(store: &recordsStore, on: &staging)
        var followUp = false
        for id in staging.order {
            guard let key = links[id], let peer = peers[key], let output = staging.output[id] else { continue }
            // A scene's events are counted until its client has handled them, and it hears
            // `.drained` once they are handed over, as the daemon reports a completed write.
            if peer.role == .scene {
                peers[key]?.unhandledEvents += output.events
                if output.events > 0 {
                    router.enqueue(.drained(id), at: now)
                    followUp = true
                }
            }
            peer.link.receive(output.bytes)
        }
        for id in done.closes {
            guard let key = links.removeValue(forKey: id), let peer = peers.removeValue(forKey: key) else { continue }
            peer.link.end()
            router.enqueue(.disconnected(id), at: now)
            followUp = true
        }
        let timerDue = done.timer.map { $0 <= now } ?? false
        done.clear()
        swap(&done, &result)
        if followUp { endTurn(.turnEnded) }
        if timerDue { endTurn(.timer) }
    }

    /// A crash: every connection ends without a word, the router and everything not committed are
    /// gone, and a new router is built from the store (which holds every record of every ended turn).
    private func crashAndRecover() throws(StoreError) {
        endAllConnections()
        nextConnection = 1
        result.clear()
        let setup = try RouterRecovery.makeRouter(config: config, limits: limits, store: store, at: now)
        router = setup.router
        result = setup.startup
        perform()
    }

    private func endAllConnections() {
        let ended = peers.values.sorted { $0.id < $1.id }
        peers = [:]
        links = [:]
        for peer in ended { peer.link.end() }
    }
}
