import EntryClient

/// How an app went away before a test launches it again; each leaves the daemon something else to do.
public enum Departure: Sendable, Hashable {
    /// The system killed it (memory pressure, an update): iOS keeps its scene's session, so a scene
    /// of the same name comes back and gets what that name was owed.
    case killedBySystem
    /// The user swiped it away: iOS discards its scene sessions and tells the app at its next launch
    /// (`application(_:didDiscardSceneSessions:)`), so the scene is reported discarded, and what it
    /// was owed goes to the next ready scene, whatever its name.
    case forceQuit
    /// The daemon crashed and the app went with it: both start again, the daemon with what it had
    /// committed.
    case daemonCrashed
}

extension TestDaemon {
    /// Launches again an app that went away as `departure` says: its driver stops (the process is
    /// gone, mid-call if a test held its coordinator there), the daemon learns what it would learn,
    /// and `start` starts the app again as `launch`'s does (with no launch entry); home appears.
    /// Returns the relaunched app with probes of its own.
    public func relaunch(_ previous: LaunchedApp, after departure: Departure,
                         start: (Launch?) async throws -> SceneDriver) async throws -> LaunchedApp {
        await previous.driver.stop()
        switch departure {
        case .killedBySystem: break
        case .forceQuit: try await previous.sender.discarded(scene: previous.driver.name)
        case .daemonCrashed: try await restart()
        }
        let sender = try await sender()
        let driver = try await start(nil)
        let probe = probe(driver)
        let arrivals = arrivalProbe(driver)
        guard let home = await driver.home else { throw TestingError("the relaunched app's scene did not connect") }
        try await driver.appeared(screen: home)
        return LaunchedApp(driver: driver, probe: probe, arrivals: arrivals, sender: sender, receipt: nil)
    }
}
