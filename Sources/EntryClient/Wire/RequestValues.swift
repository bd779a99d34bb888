import EntryRouter

/// What the user tapped to start the app (R2), with the notification's identifier and the action
/// chosen on it.
public struct Launch: Sendable, Hashable {
    public enum Origin: Sendable, Hashable {
        case url(String)
        case notification(APNsPayload)
    }

    public var origin: Origin
    /// The notification's request identifier: replay protection goes by it when given (R18).
    public var id: String?
    /// The notification action the user chose (a lock-screen "Join"): its steps run without the modal.
    public var action: String?

    public init(_ origin: Origin, id: String? = nil, action: String? = nil) {
        self.origin = origin
        self.id = id
        self.action = action
    }

    public static func url(_ url: String, id: String? = nil, action: String? = nil) -> Launch {
        Launch(.url(url), id: id, action: action)
    }

    public static func notification(_ payload: APNsPayload, id: String? = nil, action: String? = nil) -> Launch {
        Launch(.notification(payload), id: id, action: action)
    }
}

/// The `launch` member of `scene.connect`, named by the engine's fields as the request is.
extension Launch {
    var json: JSONValue {
        var members: [String: JSONValue] = [:]
        switch origin {
        case .url(let url): members[RequestFields.Field.url.rawValue] = .string(url)
        case .notification(let payload): members[RequestFields.Field.push.rawValue] = payload.json
        }
        if let id { members[RequestFields.Field.id.rawValue] = .string(id) }
        if let action { members[RequestFields.Field.action.rawValue] = .string(action) }
        return .object(members)
    }
}

/// Which entries a retraction withdraws: the engine's own value, so that an app that imports both
/// modules names one type.
public typealias RetractTarget = EntryRouter.RetractTarget

/// Where an opened URL came from (`open`'s `source`).
public enum OpenSource: String, Sendable, Hashable, CaseIterable {
    case deeplink, universalLink, widget, shortcut, deferred
}

/// A span of the daemon's manual clock, in the one unit the protocol's `by` takes.
public struct ClockSpan: Sendable, Hashable, CustomStringConvertible {
    public let milliseconds: Int64

    /// A positive duration; a fraction of a millisecond is dropped.
    public init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// Reads the protocol's form (`"1500ms"`, `"90s"`, `"25h"`) with the daemon's own reader.
    public init?(_ text: String) {
        guard let milliseconds = ClockAdvance.milliseconds(text) else { return nil }
        self.milliseconds = milliseconds
    }

    /// The largest unit that divides the span: `90s`, `25h`, `1500ms`.
    public var description: String {
        for (unit, size) in [("d", Int64(86_400_000)), ("h", 3_600_000), ("m", 60_000), ("s", 1000)]
        where milliseconds % size == 0 {
            return "\(milliseconds / size)\(unit)"
        }
        return "\(milliseconds)ms"
    }
}
