import EntryClient

/// The MateRunner app's model, as an iOS team would write it without UIKit: one window, a
/// signed-in state, three tabs with their stacks, at most one modal, and the runs it started. Its
/// coordinator side (`EntryCoordinator`) does what entryd asks; its user side (`signIn`, `tap`,
/// `closeScreen`) is what a user does, reported through the scene driver.
///
/// A real app makes the same `SceneDriver` in its scene delegate, with
/// `Endpoint.fromEnvironment()` and the notification or URL it was launched with.
@MainActor
public final class MateRunnerApp: EntryCoordinator {
    public private(set) var signedIn: Bool
    public private(set) var tab = "home"
    /// The modal on screen.
    public private(set) var modal: Modal?
    /// The kinds of the modals presented, in order.
    public private(set) var presentedKinds: [String] = []
    /// Each tab's stack of screen ids, bottom first.
    public private(set) var stacks: [String: [String]] = [:]
    /// The sessions of the runs started, in order.
    public private(set) var runs: [String] = []
    public private(set) var driver: SceneDriver?
    /// The entries whose start this app has seen: a start is delivered at least once.
    private var startedEntries: Set<String> = []
    /// The dismissal animation: while held, a dismissal does not finish (a test holds it to kill the
    /// app in the middle).
    public let dismissalAnimation = Animation()

    public init(signedIn: Bool) {
        self.signedIn = signedIn
    }

    /// The app's start: its scene connects with what launched it, and says whether the user is
    /// signed in. Home appearing is reported by the home screen (`homeAppeared`). `scene` is the
    /// name the app keeps for its window across launches; after a force-quit the system gives the
    /// window a new session, and the app a new name.
    public func start(launch: Launch?, scene: String = "main", endpoint: Endpoint) async throws -> SceneDriver {
        let driver = SceneDriver(scene: scene, launch: launch, endpoint: endpoint, coordinator: self)
        self.driver = driver
        try await driver.connect()
        try await driver.gate("signedIn", open: signedIn)
        return driver
    }

    public func homeAppeared() async throws {
        try await driver?.appeared(screen: "home")
    }

    public func signIn() async throws {
        signedIn = true
        try await driver?.gate("signedIn", open: true)
    }

    /// The user taps one of the modal's buttons.
    public func tap(_ action: String) async throws {
        guard let modal else { throw AppError("no modal is on screen to tap \(action) on") }
        try await driver?.action(action, modal: modal.id)
    }

    /// The user closes the screen on top of the current tab: its flow finishes.
    public func closeScreen() async throws {
        guard let top = stacks[tab]?.last else { throw AppError("the \(tab) tab shows no screen to close") }
        try await driver?.finish(screen: top)
    }

    /// The system kills the app: its connection goes, nothing more is reported.
    public func kill() async {
        await driver?.stop()
        driver = nil
        dismissalAnimation.release()
    }

    // MARK: EntryCoordinator

    public func present(_ modal: Modal) async {
        self.modal = modal
        presentedKinds.append(modal.kind)
    }

    public func dismiss(modal id: String) async {
        await dismissalAnimation.run()
        if modal?.id == id { modal = nil }
    }

    public func update(modal id: String, params: Params) async {
        if modal?.id == id { modal?.params = params }
    }

    public func selectTab(_ tab: String) async {
        self.tab = tab
    }

    public func start(_ flow: Flow) async {
        if let entry = flow.entry, !startedEntries.insert(entry).inserted { return }
        if flow.name == "run", let session = flow.params["sessionId"]?.stringValue { runs.append(session) }
    }

    public func show(_ screen: Screen) async {
        if let tab = screen.tab { self.tab = tab }
        stacks[tab, default: []].append(screen.id)
    }

    public func pop(screen: String, reason: String?) async {
        remove(screen)
    }

    public func detach(screen: String, parent: String) async {
        remove(screen)
    }

    private func remove(_ screen: String) {
        for tab in stacks.keys { stacks[tab]?.removeAll { $0 == screen } }
    }
}

/// An animation a test can hold open: `run` returns at once unless `hold()` was called, and then
/// when `release()` is.
@MainActor
public final class Animation {
    private var held = false
    private var running: CheckedContinuation<Void, Never>?
    private var started: [CheckedContinuation<Void, Never>] = []

    public init() {}

    public func hold() { held = true }

    /// Waits until a held animation has started.
    public func waitUntilStarted() async {
        if running != nil { return }
        await withCheckedContinuation { started.append($0) }
    }

    public func release() {
        held = false
        running?.resume()
        running = nil
    }

    func run() async {
        guard held else { return }
        await withCheckedContinuation { continuation in
            running = continuation
            for waiter in started { waiter.resume() }
            started = []
        }
    }
}

public struct AppError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
