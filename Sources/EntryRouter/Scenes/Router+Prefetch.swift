import EntryKit

extension Router {
    /// Starts loading, for every push and link in `batch` that has a sender id, the dedupe window's
    /// index words its arrival will probe, before the first input is handled.
    ///
    /// Under load the window holds millions of ids, its index is tens of megabytes, and each arrival's
    /// first probe misses the cache, a stall for every push (docs/PERFORMANCE.md, "Why a prefetch").
    /// Asked for all at once, the turn's misses overlap one another and the handling of the inputs
    /// ahead of them. A hint only: nothing is read or changed, so the turn's outcome is the same.
    ///
    /// Each kind is matched down to its id in one `if case` chain, which reads the id in place: a
    /// `switch` over the request's operation would copy every input out of the array whole, its
    /// strings and payload retained and released.
    ///
    /// A turn of one input skips it: its one arrival would wait for the word all the same.
    func prefetchDedupeWords(for batch: [QueuedInput]) {
        guard batch.count > 1 else { return }
        for index in batch.indices {
            if case .request(_, let request) = batch[index].input, case .push(let push) = request.op, let id = push.id {
                dedupe.prefetch(idTag: SlotIndex.tag(of: id))
            } else if case .request(_, let request) = batch[index].input, case .open(let open) = request.op,
                      let id = open.id {
                dedupe.prefetch(idTag: SlotIndex.tag(of: id))
            }
        }
    }
}
