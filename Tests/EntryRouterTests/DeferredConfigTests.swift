import Foundation
import Testing
@testable import EntryRouter

/// `deferred` in a config (docs/CONFIG.md): `{"requires": [gate, ...]}`, every gate declared, so
/// that a misspelt one, which would never open, holds no deferred link for ever.
@Suite("Deferred config")
struct DeferredConfigTests {
    static func config(deferred: String, gates: String = #"["signedIn", "onboarded"]"#) -> String {
        RoutingFixtures.config(routes: #"{"name": "feed", "match": ["app://feed"], "tab": "list"}"#)
            .replacingOccurrences(of: #""gates": ["signedIn"]"#, with: #""gates": \#(gates), "deferred": \#(deferred)"#)
    }

    @Test func theGatesAreRead() throws {
        #expect(try RoutingFixtures.load(Self.config(deferred: #"{"requires": ["onboarded"]}"#)).deferredRequires == ["onboarded"])
        #expect(try RoutingFixtures.load(Self.config(deferred: #"{"requires": []}"#)).deferredRequires == [])
        #expect(try RoutingFixtures.load(RoutingFixtures.config(routes: #"{"name": "feed", "match": ["app://feed"], "tab": "list"}"#))
            .deferredRequires == [])
    }

    /// Each mistake is one error naming the field and what to fix.
    @Test(arguments: [
        (#"{"requires": ["onboarde"]}"#, "deferred.requires[0]: unknown gate \"onboarde\"; did you mean \"onboarded\"?"),
        (#"{"requires": ["onboarded", "paid"]}"#, "deferred.requires[1]: unknown gate \"paid\"; \"gates\": onboarded, signedIn"),
        (#"{"requires": ["onboarded", "onboarded"]}"#, "deferred.requires[1]: \"onboarded\" is listed twice"),
        (#"{"require": ["onboarded"]}"#, "deferred.require: unknown key; did you mean \"requires\"?"),
        (#"{}"#, "deferred.requires: missing: the gates every deferred link waits for"),
        (#"["onboarded"]"#, "deferred: expected an object {\"requires\": [gate, ...]}"),
        (#"{"requires": "onboarded"}"#, "deferred.requires: expected a list"),
        (#"{"requires": [1]}"#, "deferred.requires[0]: expected a string"),
    ])
    func aMistakeIsAnErrorNamingIt(_ deferred: String, _ message: String) {
        do {
            _ = try RoutingFixtures.load(Self.config(deferred: deferred), file: "app.json")
            Issue.record("the config loaded")
        } catch {
            #expect(error.errors.map(\.description).filter { $0.contains("deferred") } == ["app.json: " + message], "\(error)")
        }
    }

    /// A route's own unknown gate is named with the nearest declared one, as a deferred one is.
    @Test func aRoutesUnknownGateGetsTheNearestName() {
        let json = RoutingFixtures.config(routes: #"{"name": "feed", "match": ["app://feed"], "tab": "list", "requires": ["signedin"]}"#)
        do {
            _ = try RoutingFixtures.load(json, file: "app.json")
            Issue.record("the config loaded")
        } catch {
            #expect(error.errors.map(\.description) == [#"app.json: route "feed": requires[0]: unknown gate "signedin"; did you mean "signedIn"?"#])
        }
    }
}
