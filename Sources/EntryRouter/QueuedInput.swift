/// An input waiting in the router's turn, and the instant it happened at.
///
/// A struct rather than a tuple: the turn's array of them is then specialized for it, so emptying the
/// array destroys each element with the type's own code, not with the runtime's generic walk over a
/// tuple's metadata.
struct QueuedInput {
    var input: Input
    var at: Instant
}
