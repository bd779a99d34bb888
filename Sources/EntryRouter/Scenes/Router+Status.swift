/// The `status` reply: every scene, a page of the pending entries, complete counts per state. Every
/// list is bounded by the page's limit (docs/PROTOCOL.md), so the reply's size has a bound whatever the
/// router holds.
extension Router {
    public func status(_ page: StatusPage) -> StatusReport {
        let pending = inbox.page(after: page.after, limit: page.limit)
        return StatusReport(
            config: config.file,
            bundle: config.bundleId,
            scenes: scenes.keys.sorted().compactMap { scenes[$0]?.status(limit: page.limit) },
            pending: pending.entries.map {
                PendingStatus(id: $0.id, route: $0.route, source: $0.source, received: $0.received,
                              expires: $0.expires, scene: $0.scene)
            },
            next: pending.more ? pending.entries.last.map { StatusPage.next(after: $0.seq) } : nil,
            counts: counts.all)
    }
}
