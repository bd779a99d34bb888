@testable import EntryRouter
import Testing

/// A match is given its config route's shape only when everything the shape holds agrees with it: the
/// name, the target (a modal's identity value aside), the gates and the actions.
struct RouteShapeTests {
    static let modal = RouteShape(name: "notice", target: .modal(kind: "serviceNotice", priority: 4),
                                  requires: ["signedIn"], actions: ["close": [.dismiss]], kindSlot: 0)
    static let show = RouteShape(name: "records", target: .show(tab: "records"), requires: [], actions: [:],
                                 kindSlot: nil)
    static let tab = RouteShape(name: "home", target: .tab("home"), requires: [], actions: [:], kindSlot: nil)

    static func match(_ route: String, _ target: RouteMatch.Target, requires: [String] = [],
                      actions: [String: [RouteAction]] = [:]) -> RouteMatch {
        RouteMatch(route: route, params: ["noticeId": "n"], target: target, requires: requires, actions: actions)
    }

    @Test func aModalMatchesWhateverItsIdentityValue() {
        for identity in ["n-1", nil] as [String?] {
            let match = Self.match("notice", .modal(kind: "serviceNotice", priority: 4, identity: identity),
                                   requires: ["signedIn"], actions: ["close": [.dismiss]])
            #expect(Self.modal.isShape(of: match))
        }
    }

    @Test func anyDifferenceIsAnotherShape() {
        let actions: [String: [RouteAction]] = ["close": [.dismiss]]
        #expect(!Self.modal.isShape(of: Self.match("notice", .modal(kind: "tutorial", priority: 4, identity: nil),
                                                   requires: ["signedIn"], actions: actions)))
        #expect(!Self.modal.isShape(of: Self.match("notice", .modal(kind: "serviceNotice", priority: 3, identity: nil),
                                                   requires: ["signedIn"], actions: actions)))
        #expect(!Self.modal.isShape(of: Self.match("other", .modal(kind: "serviceNotice", priority: 4, identity: nil),
                                                   requires: ["signedIn"], actions: actions)))
        #expect(!Self.modal.isShape(of: Self.match("notice", .modal(kind: "serviceNotice", priority: 4, identity: nil),
                                                   actions: actions)))
        #expect(!Self.modal.isShape(of: Self.match("notice", .modal(kind: "serviceNotice", priority: 4, identity: nil),
                                                   requires: ["signedIn"])))
        #expect(!Self.modal.isShape(of: Self.match("notice", .show(tab: "serviceNotice"), requires: ["signedIn"],
                                                   actions: actions)))
    }

    @Test func showsAndTabsCompareTheirTab() {
        #expect(Self.show.isShape(of: Self.match("records", .show(tab: "records"))))
        #expect(!Self.show.isShape(of: Self.match("records", .show(tab: "cards"))))
        #expect(!Self.show.isShape(of: Self.match("records", .tab("records"))))
        #expect(Self.tab.isShape(of: Self.match("home", .tab("home"))))
        #expect(!Self.tab.isShape(of: Self.match("home", .tab("cards"))))
        #expect(!Self.tab.isShape(of: Self.match("home", .show(tab: "home"))))
        #expect(!Self.tab.isShape(of: Self.match("home", .modal(kind: "home", priority: 0, identity: nil))))
    }
}
