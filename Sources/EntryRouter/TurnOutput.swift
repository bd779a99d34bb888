/// Where a turn's output goes, as `Router.handle(_:at:into:)` hands it over: the same things, in the
/// same order, as the `Effect`s `Router.handle(_:at:)` returns.
///
/// A turn calls `persist` once with all of its records first (when it has any), then `send` for its
/// replies (in request order) and its events, then `close`, then at most one `armTimer` and at most
/// one `dedupeKeysEvicted`. A receiver
/// that writes the messages itself (the daemon, straight into each connection's output) keeps the
/// rule of `Effect`: every record of the turn committed before any of the turn's messages is written.
/// The records are handed over as the turn's array, to be kept until the commit. A reply or event is
/// passed `inout`: a receiver that only encodes it reads it where it is, one that keeps it (an array
/// of effects) takes it with `swap` rather than copying it (a retain of each string, and a release
/// when the router drops its own), and the router destroys whatever is left.
///
/// The calls are made while the router is in the middle of `handle`: a receiver must not hand the
/// router anything from inside them (performing a close can report a disconnect, for example), but
/// remember what to do and do it once `handle` has returned.
public protocol TurnOutput: ~Copyable {
    /// The records of this turn, in order, to be committed before any of its messages is written. A
    /// receiver takes them by swapping in an empty array of its own (both arrays keep their room for
    /// later turns), or copies them; the router empties whatever it gets back.
    mutating func persist(_ records: inout [Record])
    /// The reply to one request.
    mutating func send(_ connection: ConnectionID, reply: inout Reply)
    /// The reply to a `push` or `open` that carried `req`: `entry` is its entry as the turn left it.
    /// Both are lent for the call, from where the turn keeps them: a receiver that encodes the reply
    /// (the daemon, with `EntryReply.encodeReply`) reads them there, and no `Reply`, `Result` or
    /// `ReplyBody` is made, moved or destroyed around them. `entry` is `inout` for the reason a reply
    /// is: the turn's own is passed, where a value lent through a generic call would be copied first.
    /// Receivers that keep replies need not implement it: the default makes the `Reply` and hands it
    /// to `send(_:reply:)`.
    mutating func send(_ connection: ConnectionID, req: JSONValue?, entry: inout EntryReply)
    /// A message the router sends on its own (a scene's present or show, a watcher's news).
    mutating func send(_ connection: ConnectionID, event: inout Event)
    /// Close the connection once what was sent to it before is written.
    mutating func close(_ connection: ConnectionID)
    /// Call back with `.timer` at this instant (replaces any earlier request).
    mutating func armTimer(_ instant: Instant)
    /// `count` of the dedupe window's oldest keys were forgotten for `maxDedupeKeys` (see
    /// `Effect.dedupeKeysEvicted`).
    mutating func dedupeKeysEvicted(_ count: Int)
}

extension TurnOutput where Self: ~Copyable {
    /// The reply as `send(_:reply:)` takes it.
    public mutating func send(_ connection: ConnectionID, req: JSONValue?, entry: inout EntryReply) {
        var reply = Reply(req: req, body: .success(.entry(entry)))
        send(connection, reply: &reply)
    }
}

/// The output of turns as the effects `Router.handle(_:at:)` returns, in the order they came.
struct EffectList: TurnOutput {
    var effects: [Effect] = []

    mutating func persist(_ records: inout [Record]) {
        for record in records { effects.append(.persist(record)) }
    }

    mutating func send(_ connection: ConnectionID, reply: inout Reply) {
        var taken = Reply(req: nil, body: .success(.ok))
        swap(&taken, &reply)
        effects.append(.send(connection, .reply(taken)))
    }

    mutating func send(_ connection: ConnectionID, event: inout Event) {
        var taken = Event.dismiss(scene: "", modal: "")
        swap(&taken, &event)
        effects.append(.send(connection, .event(taken)))
    }

    mutating func close(_ connection: ConnectionID) {
        effects.append(.close(connection))
    }

    mutating func armTimer(_ instant: Instant) {
        effects.append(.armTimer(instant))
    }

    mutating func dedupeKeysEvicted(_ count: Int) {
        effects.append(.dedupeKeysEvicted(count))
    }
}
