import EntryDaemon
import EntryRouter
import Testing

/// `entryd route` and `entryd link`, run as a user runs them: the built binary, no daemon.
@Suite struct RouteCommandTests {
    static func sample(_ path: String) -> String { repositoryRoot + "/samples/" + path }

    @Test func aHitNamesTheRuleThePatternsTheParamsAndTheOutcome() {
        let run = Spawned.run(Spawned.entryd, ["route", "https://materunner.app/r/7?from=mail"])
        #expect(run.waitForExit() == 0)
        #expect(run.stdoutText == """
            https://materunner.app/r/7?from=mail
              universal link allowed by "/r/*" in the paths of materunner.app
              matched recordShortLink  https://materunner.app/r/<int:id>
              param from=mail from the query
              param id=7 from path segment 2
            redirect by recordShortLink (materunner://records/:id) to
            materunner://records/7
              scheme materunner is declared
              matched recordDetail  materunner://records/<int:id>
              param from=mail from the URL before the redirect
              param id=7 from path segment 2
            => recordDetail: show a screen on tab records
               requires gates: signedIn

            """)
    }

    @Test func theBackStackAnEntryWouldGetIsPrinted() {
        let run = Spawned.run(Spawned.entryd, ["route", "--config", Self.sample("runclub.json"), "runclub://records/7"])
        #expect(run.waitForExit() == 0)
        #expect(run.stdoutText.hasSuffix("""
            => recordDetail: show a screen on tab records
               no gates required
               back stack (bottom first, under the entry's screen):
                 recordList

            """), "\(run.stdoutText)")
        let json = Spawned.run(Spawned.entryd, ["route", "--json", "--config", Self.sample("runclub.json"), "runclub://records/7"])
        #expect(json.waitForExit() == 0)
        #expect(json.stdoutText.contains(#""backStack":[{"params":{},"route":"recordList","tab":"records"}]"#), "\(json.stdoutText)")
    }

    @Test func anUnmatchedLinkNamesTheFallbackAndExits0() {
        let run = Spawned.run(Spawned.entryd, ["route", "--config", Self.sample("runclub.json"), "runclub://challenges/42"])
        #expect(run.waitForExit() == 0)
        #expect(run.stdoutText.contains("""
              no pattern matched; fallback linkNotFound takes it with param url=runclub://challenges/42
            => linkNotFound: show a screen on tab home

            """), "\(run.stdoutText)")
    }

    @Test func theBeatenPatternAndThePrecedenceThatDecidedAreShown() {
        let run = Spawned.run(Spawned.entryd, ["route", "materunner://notice/update"])
        #expect(run.waitForExit() == 0)
        #expect(run.stdoutText.contains(
            "  beat serviceNotice  materunner://notice/:noticeId  at segment 2: literal > :param (literal > typed > :param > *rest)\n"))
        #expect(run.stdoutText.contains("=> updateNotice: modal updateNotice, priority 3\n   waits at most 604800 s"))
    }

    @Test func aMissListsTheNearestPatternsAndExits1() {
        let run = Spawned.run(Spawned.entryd, ["route", "materunner://recrods/7"])
        #expect(run.waitForExit() == 1)
        #expect(run.stdoutText == """
            materunner://recrods/7
              scheme materunner is declared
              no pattern matches; nearest:
                recordDetail  materunner://records/<int:id>  stops at segment 1: `recrods` is not `records`
                records  materunner://records  stops at segment 1: `recrods` is not `records`
                recordShortLink  materunner://r/<int:id>  stops at segment 1: `recrods` is not `r`
            => no_route: no route matches materunner://recrods/7

            """)
    }

    @Test func aUniversalLinkRefusedByARuleNamesTheRule() {
        let run = Spawned.run(Spawned.entryd, ["route", "https://materunner.app/records/admin/1"])
        #expect(run.waitForExit() == 1)
        #expect(run.stdoutText == """
            https://materunner.app/records/admin/1
              universal link refused by "NOT /records/admin/*" in the paths of materunner.app
            => not_allowed: path /records/admin/1 is not in the universal-link paths of materunner.app: https://materunner.app/records/admin/1

            """)
    }

    @Test func aPushNamesItsSelectorAndPayloadKeys() {
        let run = Spawned.run(Spawned.entryd, ["route", "--payload", Self.sample("apns/materunner-invitation.apns")])
        #expect(run.waitForExit() == 0)
        #expect(run.stdoutText.hasPrefix("""
            push payload
              selector of invitation matches: type="invitation"
              param inviter=Mina from payload key inviter.name
              param sessionId=run-42 from payload key sessionId
            => invitation: modal invitation, priority 2, identity run-42
            """))
    }

    @Test func jsonIsOneObjectWithTheHopsAndTheResult() throws {
        let run = Spawned.run(Spawned.entryd, ["route", "--config", Self.sample("shopmate.json"), "--json",
                                               "https://shop.example.com/p/42"])
        #expect(run.waitForExit() == 0)
        let value = try JSONValue.parse(Array(run.stdoutText.utf8)[...])
        #expect(value[path: "result.ok"] == .bool(true))
        guard case .array(let hops)? = value["hops"] else {
            Issue.record("no hops in \(run.stdoutText)")
            return
        }
        #expect(hops.first?[path: "admission.kind"] == .string("universalLink"))
        #expect(hops.first?[path: "winner.pattern"] == .string("https://shop.example.com/p/<int:productId>"))
    }

    @Test(arguments: [
        (["route"], 64, "give a URL, --payload FILE.apns or --fcm FILE"),
        (["route", "materunner://records", "--payload", "x.apns"], 64, "give one of a URL, --payload FILE.apns and --fcm FILE"),
        (["route", "--payload", "/nonexistent/x.apns"], 66, "cannot read /nonexistent/x.apns"),
        (["route", "materunner://records", "--config", "/nonexistent/config.json"], 66, "cannot read"),
        (["link", "recordz"], 65, "no route is named recordz; did you mean records?"),
        (["link", "recordDetail", "id"], 64, "a param is KEY=VALUE; got 'id'"),
        (["link", "recordDetail", "id=1", "id=2"], 64, "param id is given twice"),
    ] as [([String], Int32, String)])
    func refusalsExitWithTheirCode(arguments: [String], code: Int32, message: String) {
        let run = Spawned.run(Spawned.entryd, arguments)
        #expect(run.waitForExit() == code)
        #expect(run.stderrText.contains(message), "\(run.stderrText)")
    }

    @Test func linkPrintsEachURLCheckedByRoutingItBack() {
        let run = Spawned.run(Spawned.entryd, ["link", "invitation", "sessionId=run-42", "inviter=Mina"])
        #expect(run.waitForExit() == 0)
        #expect(run.stdoutText == """
            materunner://invite/run-42?inviter=Mina
              checked: routes back to this route with these params
            https://materunner.app/invite/run-42?inviter=Mina
              checked: routes back to this route with these params

            """)
    }

    @Test func aLinkThatCannotBeMadeExits1() throws {
        let run = Spawned.run(Spawned.entryd, ["link", "recordDetail", "id=abc", "--json"])
        #expect(run.waitForExit() == 1)
        let value = try JSONValue.parse(Array(run.stdoutText.utf8)[...])
        guard case .array(let links)? = value["links"] else {
            Issue.record("no links in \(run.stdoutText)")
            return
        }
        #expect(links.map { $0["unfillable"] } == [.string("<int:id> does not take `abc`"), .string("<int:id> does not take `abc`")])
    }
}
