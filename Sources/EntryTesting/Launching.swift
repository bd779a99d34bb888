import EntryClient

/// When an entry reaches the app, relative to the app's start: the one parameter cold-start bugs
/// depend on, and the one other tools cannot set.
public enum Arrival: Sendable, Hashable {
    /// The user tapped it while the app was closed: it is the scene's launch entry (R2).
    case atLaunch
    /// It arrives from outside before the app's scene connects.
    case beforeConnect
    /// After the scene connected, before its home screen appeared.
    case afterConnect
    /// After home appeared, while the named gate is closed (signed out, R17).
    case whileGateClosed(String)
    /// After home appeared, while the app shows the named tab.
    case whileOnTab(String)
}

/// An entry a test sends: a push payload or a URL, with the sender's or notification's id.
public enum TestEntry: Sendable, Hashable {
    case push(APNsPayload, id: String? = nil)
    case url(String, source: OpenSource? = nil, id: String? = nil)

    var launch: Launch {
        switch self {
        case .push(let payload, let id): .notification(payload, id: id)
        case .url(let url, _, let id): .url(url, id: id)
        }
    }

    func send(with sender: EntrySender) async throws -> EntryReceipt {
        switch self {
        case .push(let payload, let id): try await sender.push(payload, id: id)
        case .url(let url, let source, let id): try await sender.open(url, source: source, id: id)
        }
    }
}

/// An app the launch helper started: its scene driver, a probe over what the driver played to
/// the app's coordinator, a sender, and the sender's receipt when the entry was sent.
public struct LaunchedApp: Sendable, ProbingEvents {
    public let driver: SceneDriver
    /// What the driver played to the coordinator, once handled.
    public let probe: EventProbe
    /// What reached the app, before the coordinator was called.
    public let arrivals: EventProbe
    public let sender: EntrySender
    public let receipt: EntryReceipt?
}

extension TestDaemon {
    /// Starts an app and delivers `entry` at the moment `arrives` names.
    ///
    /// `start` is the app's own start: it makes its `SceneDriver` (with the launch entry it is
    /// given) and connects it, as the app's scene delegate would. The helper then plays what the
    /// system and the user do around it: the entry's arrival, the gate closed by a signed-out
    /// user, home appearing, a tab chosen.
    public func launch(_ entry: TestEntry, arrives: Arrival,
                       start: (Launch?) async throws -> SceneDriver) async throws -> LaunchedApp {
        let sender = try await sender()
        var receipt: EntryReceipt?
        if arrives == .beforeConnect { receipt = try await entry.send(with: sender) }
        let driver = try await start(arrives == .atLaunch ? entry.launch : nil)
        let probe = probe(driver)
        let arrivals = arrivalProbe(driver)
        if arrives == .afterConnect { receipt = try await entry.send(with: sender) }
        if case .whileGateClosed(let gate) = arrives { try await driver.gate(gate, open: false) }
        guard let home = await driver.home else { throw TestingError("the app's scene did not connect") }
        try await driver.appeared(screen: home)
        switch arrives {
        case .whileGateClosed:
            receipt = try await entry.send(with: sender)
        case .whileOnTab(let tab):
            try await driver.appeared(screen: tab)
            receipt = try await entry.send(with: sender)
        case .atLaunch, .beforeConnect, .afterConnect:
            break
        }
        return LaunchedApp(driver: driver, probe: probe, arrivals: arrivals, sender: sender, receipt: receipt)
    }
}
