/// Why one URL or push payload routes where it does (`entryd route`): every URL looked at, with the
/// rule that let it in, the pattern that won, the ones it beat and the rule that decided, the
/// params and where each came from; for a push, the selector or link key that matched; and the
/// outcome the router acts on.
///
/// Made by `RoutingTable.explain`, beside routing rather than inside it: the winner and the result
/// are the table's own answers, and the explanation walks the config's patterns again to say why,
/// so the matcher on the entry path carries no bookkeeping for it.
package struct RouteExplanation: Sendable, Hashable {
    /// The push part, for a payload; nil for a URL.
    package var push: PushStep?
    /// The URLs looked at in order: the one opened (or the push's link), then each redirect's.
    package var hops: [Hop]
    /// What routing gives: the match the router would queue, or its error.
    package var result: Result<RouteMatch, WireError>
    /// For a show route with a `backStack`: the screens shown under the entry's, bottom first.
    package var backStack: [BackStackScreen] = []

    /// One URL and how it was matched.
    package struct Hop: Sendable, Hashable {
        package var url: String
        /// The redirect route that built this URL, for every hop but the first.
        package var redirect: Redirect?
        package var admission: Admission
        /// The pattern that matched; nil when none did (or the URL was refused before any).
        package var winner: Candidate?
        /// The other patterns that match the URL as well, with what decided against each.
        package var beaten: [Beaten] = []
        /// The params of the match after this hop, in name order, each with where it came from.
        package var params: [Param] = []
        /// Values that did not become params: a query item whose name a path capture or an earlier
        /// query item already has.
        package var lost: [Param] = []
        /// When no pattern matched: the patterns that got furthest, and where each stopped.
        package var nearest: [NearMiss] = []
        /// When no pattern matched and the config has a fallback route: its name (it takes the
        /// URL as the param `url`).
        package var fallback: String?
    }

    /// A redirect route and its template, filled in to make the next hop's URL.
    package struct Redirect: Sendable, Hashable {
        package var route: String
        package var template: String
    }

    /// What let a URL in before any pattern was tried, or kept it out.
    package enum Admission: Sendable, Hashable {
        /// A custom scheme the config declares.
        case scheme(String)
        /// An https URL of a universal-link host, allowed or refused by its rules.
        case universalLink(LinkRuleDecision)
        /// Refused before any rule: a malformed URL, a scheme not declared, a host not listed.
        case refused(WireError)
    }

    /// The universal-link rule that decided an https URL.
    package struct LinkRuleDecision: Sendable, Hashable {
        /// The URL's host, lowercased.
        package var host: String
        /// The config entry that names it: the host itself or a `*.domain` wildcard.
        package var entry: String
        /// Where the rules are: `paths`, or the apple-app-site-association (iOS) or Digital Asset
        /// Links (Android) file the entry names.
        package var rules: String
        /// The first rule that matches (`NOT /records/admin/*`, or a file component's key); nil when
        /// none does, which refuses the URL. For a Digital Asset Links file, the granting statement
        /// and the dynamic component, or the statement alone when it has no components.
        package var rule: String?
        package var allows: Bool
        /// Whose rules these are.
        package var platform: LinkPlatform = .ios
    }

    /// One pattern of one route.
    package struct Candidate: Sendable, Hashable {
        package var route: String
        package var pattern: String
    }

    /// A pattern that matches the URL too, and lost: at `segment` (0-based) the winner's kind of
    /// segment ranks above the loser's.
    package struct Beaten: Sendable, Hashable {
        package var candidate: Candidate
        package var segment: Int
        package var winnerKind: SegmentKind
        package var loserKind: SegmentKind
    }

    /// A pattern segment's kind, as precedence ranks it: literal > typed > `:param` > `*rest`; a
    /// pattern that ends where the URL ends beats a `*rest` that would match nothing.
    package enum SegmentKind: String, Sendable, Hashable {
        case literal
        case int = "<int>"
        case uuid = "<uuid>"
        case param = ":param"
        case rest = "*rest"
        case end = "end of pattern"

        /// Lower wins; kinds of equal rank never both match one segment.
        var rank: Int {
            switch self {
            case .literal, .end: 0
            case .int, .uuid: 1
            case .param: 2
            case .rest: 3
            }
        }
    }

    /// A param's name, value and origin.
    package struct Param: Sendable, Hashable {
        package var name: String
        package var value: String
        package var origin: Origin
    }

    /// Where a param's value came from.
    package enum Origin: Sendable, Hashable {
        /// A path capture, at this 0-based segment of the URL.
        case path(segment: Int)
        case query
        /// A push payload's member at this dotted key path.
        case payload(key: String)
        /// The hop before a redirect: a name the redirect's URL does not set.
        case earlierHop
    }

    /// A pattern that does not match, and the 0-based segment where it stopped.
    package struct NearMiss: Sendable, Hashable {
        package var candidate: Candidate
        package var segment: Int
        package var reason: StopReason
    }

    /// Why a pattern stopped matching at a segment.
    package enum StopReason: Sendable, Hashable, CustomStringConvertible {
        /// The literal differs from the URL's segment.
        case literal(expected: String, found: String)
        case notInt(found: String)
        case notUUID(found: String)
        /// `:param` takes a non-empty segment.
        case empty
        /// The URL ends where the pattern expects this segment.
        case urlEnds(expected: String)
        /// The pattern ends where the URL goes on with this segment.
        case urlGoesOn(found: String)

        package var description: String {
            switch self {
            case .literal(let expected, let found): "`\(found)` is not `\(expected)`"
            case .notInt(let found): "`\(found)` is not an integer"
            case .notUUID(let found): "`\(found)` is not a UUID"
            case .empty: "the segment is empty"
            case .urlEnds(let expected): "the URL ends where the pattern has `\(expected)`"
            case .urlGoesOn(let found): "the pattern ends where the URL goes on with `\(found)`"
            }
        }
    }

    /// How a push payload was read.
    package struct PushStep: Sendable, Hashable {
        /// What matched; nil when nothing did (or the payload was refused first).
        package var matched: PushMatch?
        /// Later routes whose selectors match as well: of those, the first in file order wins.
        package var shadowed: [String] = []
        /// With no match: the push routes whose selectors came closest (at most
        /// `RoutingTable.nearestShown`), each with its first key that does not hold.
        package var misses: [SelectorMiss] = []
        /// The params read from the payload for the matched route, in name order.
        package var params: [Param] = []
    }

    /// What a push payload matched.
    package enum PushMatch: Sendable, Hashable {
        /// The config's `pushLinkKey` holds a URL, routed as a link.
        case link(key: String, url: String)
        /// A route's `push` selector: every key path equals its value.
        case selector(route: String, selector: [String: JSONValue])
    }

    /// A push route whose selector does not hold: the key path tested and its value in the payload
    /// (nil when missing).
    package struct SelectorMiss: Sendable, Hashable {
        package var route: String
        package var key: String
        package var expected: JSONValue
        package var found: JSONValue?
    }
}
