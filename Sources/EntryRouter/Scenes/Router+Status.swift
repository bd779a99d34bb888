/// The `status` reply: every scene, the oldest pending entries, complete counts per state.
extension Router {
    func status(limit: Int) -> StatusReport {
        StatusReport(
            config: config.file,
            bundle: config.bundleId,
            scenes: scenes.keys.sorted().compactMap { scenes[$0]?.status },
            pending: inbox.oldest(limit).map {
                PendingStatus(id: $0.id, route: $0.route, source: $0.source, received: $0.received,
                              expires: $0.expires, scene: $0.scene)
            },
            counts: counts.all)
    }
}
