@testable import EntryCLI
@testable import EntryDaemon
import EntryHost
import EntryRouter
import Glibc
import Testing

/// The repository's root, found from this file's path, for the samples the tests run.
let repositoryRoot: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

@Suite struct ScenarioTests {
    /// Every cold-start scenario under samples/scenarios passes through `entryd check`.
    @Test func sampleScenariosPass() throws {
        let directory = repositoryRoot + "/samples/scenarios"
        let files = try #require(listDirectory(directory)).filter { $0.hasSuffix(".json") }.sorted()
        let check = Spawned.run(Spawned.entryd, ["check"] + files.map { directory + "/" + $0 })
        #expect(check.waitForExit(timeoutMilliseconds: 120_000) == 0, "\(check.stdoutText)\n\(check.stderrText)")
        #expect(check.stdoutText.contains(" 0 failed"), "\(check.stdoutText)")
        // Each file ran: its name heads its steps.
        let headed = check.stdoutText.split(separator: "\n").filter { $0.hasPrefix(directory + "/") }
        #expect(headed.count == files.count, "\(check.stdoutText)")
        #expect(!files.isEmpty)
    }

    /// A failing expectation fails the run, names the step and exits non-zero.
    @Test func failingStepIsReportedAndExitsNonZero() throws {
        let directory = TemporaryDirectory()
        let file = directory.file("wrong.json")
        let scenario = #"{"name": "wrong on purpose", "steps": [{"as": "s", "send": {"op": "open", "url": "materunner://records"}, "reply": {"state": "done"}}, {"wait": 1}]}"#
        #expect(writeFile(file, Array(scenario.utf8)))
        let check = Spawned.run(Spawned.entryd, ["check", file])
        #expect(check.waitForExit(timeoutMilliseconds: 30_000) == 1)
        #expect(check.stdoutText.contains("FAIL   1"))
        #expect(check.stdoutText.contains("0 passed, 1 failed, 1 skipped"))
    }

    /// `"confirm": true` on a step event of a scene that did not connect with `confirms` fails: its
    /// event has no step id, so the scenario would believe in a confirmation that never happened.
    @Test func confirmingAnEventWithoutAStepFails() throws {
        let directory = TemporaryDirectory()
        let file = directory.file("no-step.json")
        let scenario = #"{"steps": [{"as": "main", "send": {"op": "scene.connect", "scene": "main"}},"#
            + #"{"as": "main", "send": {"op": "scene.appeared", "scene": "main", "screen": "home"}},"#
            + #"{"send": {"op": "open", "url": "materunner://records"}},"#
            + #"{"as": "main", "expect": {"event": "selectTab", "tab": "records"}, "confirm": true}]}"#
        #expect(writeFile(file, Array(scenario.utf8)))
        let check = Spawned.run(Spawned.entryd, ["check", file])
        #expect(check.waitForExit(timeoutMilliseconds: 30_000) == 1)
        #expect(check.stdoutText.contains(#"has no step to confirm (its scene did not connect with "confirms": true)"#), "\(check.stdoutText)")
    }

    /// Ctrl-C on `entryd check` while a step waits: the daemon is gone and so is its temporary
    /// directory, and the exit status says it was interrupted.
    @Test func anInterruptedCheckLeavesNothingBehind() throws {
        let directory = TemporaryDirectory()
        let file = directory.file("long.json")
        #expect(writeFile(file, Array(#"{"steps": [{"note": "waiting"}, {"wait": 60000}]}"#.utf8)))
        let check = Spawned(Spawned.entryd, ["check", file])
        #expect(check.waitForStdout(containing: "-- waiting"), "\(check.stdoutText)")
        let daemon = try #require(childProcesses(of: check.pid).first, "no daemon under entryd check")
        let socket = try #require(daemon.arguments.first { $0.hasSuffix("/entryd.sock") })
        let temporary = String(socket.dropLast("/entryd.sock".count))
        var info = stat()
        #expect(stat(temporary, &info) == 0)
        check.signal(SIGINT)
        #expect(check.waitForExit() == 128 + SIGINT)
        #expect(stat(temporary, &info) != 0, "\(temporary) was left behind")
        #expect(kill(daemon.pid, 0) != 0, "the daemon \(daemon.pid) still runs")
    }

    /// The config compiled into the binary is `samples/materunner.json`, byte for byte.
    @Test func embeddedConfigIsTheSample() throws {
        let sample = try #require(fileBytes(repositoryRoot + "/samples/materunner.json"))
        #expect(Array(EmbeddedConfig.json.utf8) + [UInt8(ascii: "\n")] == sample)
    }

    @Test func scenarioErrorsNameTheStep() {
        let bytes = Array(#"{"steps": [{"note": "fine"}, {"expect": {"event": "present"}, "timeout": -1}]}"#.utf8)
        #expect(throws: ScenarioError.self) { try Scenario.parse(bytes, file: "f.json") }
        do {
            _ = try Scenario.parse(bytes, file: "f.json")
        } catch {
            #expect(error.description == "f.json: step 2: `timeout` must be a whole number of milliseconds (at most 600000)")
        }
    }
}

/// Scenario files that cannot pass by accident: a step with a mistake is refused before anything runs.
@Suite struct ScenarioStrictnessTests {
    @Test(arguments: [
        (#"{"send": {"op": "open", "url": "x://y"}, "replly": {"ok": false}}"#, #"unknown key "replly"; did you mean "reply"?"#),
        (#"{"expect": {"event": "never"}}"#, #"unknown event "never"; events are present, update"#),
        (#"{"as": "main", "absent": {"event": "presnt"}, "for": 100}"#, #"unknown event "presnt"; did you mean "present"?"#),
        (#"{"wait": 10, "for": 5}"#, "`for` goes with absent, not with wait"),
        (#"{"wait": 10, "note": "both"}"#,
         "a step has exactly one of send, expect, absent, disconnect, discard, restart, wait, advance, note; this one has wait and note"),
        (#"{"discard": 3}"#, "`discard` must name a scene"),
        (#"{"discard": ""}"#, "`discard` must name a scene"),
        (#"{"discrad": "window-1"}"#, #"unknown key "discrad"; did you mean "discard"?"#),
        (#"{"discard": "window-1", "for": 5}"#, "`for` goes with absent, not with discard"),
        (#"{"as": "w", "expect": {"event": "start"}, "confrim": false}"#, #"unknown key "confrim"; did you mean "confirm"?"#),
        (#"{"as": "w", "expect": {"event": "start"}, "confirm": "no"}"#, "`confirm` must be true or false"),
        (#"{"as": "w", "absent": {"event": "start"}, "for": 5, "confirm": false}"#, "`confirm` goes with expect, not with absent"),
        (#"{"as": "w", "expect": {"event": "start", "stpe": "$s"}}"#, #"unknown key "stpe"; did you mean "step"?"#),
        (#"{"as": "w", "send": {"op": "scene.discard", "scene": "window-1"}}"#, #"unknown op "scene.discard"; did you mean "scene.discarded"?"#),
        (#"{"as": "w", "send": {"op": "scene.handled", "scene": "w", "stpe": "e-1/show"}}"#,
         "`send`: op `scene.handled` has no field `stpe`; did you mean `step`?"),
        (#"{"advance": "soon"}"#, #"`advance` must be a span such as "1500ms""#),
        (#"{"advance": 3600000}"#, #"`advance` must be a span such as "1500ms""#),
        (#"{"as": "main", "advance": "1h"}"#, "`as` goes with absent or discard or expect or send, not with advance"),
        (#"{"as": "main"}"#, "this one has none"),
        (#"{"send": {"op": "scene.apeared", "scene": "main", "screen": "home"}}"#, #"unknown op "scene.apeared"; did you mean "scene.appeared"?"#),
        (#"{"restart": false}"#, "`restart` must be true"),
        (#"{"note": 3}"#, "`note` must be a string"),
        (#"{"as": "main", "absent": {"event": "present", "knd": "invitation"}, "for": 100}"#,
         #"unknown key "knd"; did you mean "kind"?"#),
        (#"{"as": "main", "expect": {"event": "show", "rout": "recordDetail"}}"#, #"unknown key "rout"; did you mean "route"?"#),
        (#"{"as": "main", "send": {"op": "scene.connect", "scene": "main", "lanch": {"url": "x://y"}}}"#,
         "`send`: op `scene.connect` has no field `lanch`; did you mean `launch`?"),
        (#"{"send": [{"op": "status"}, {"op": "push", "payload": {}, "expiraton": 0}], "reply": [{"ok": true}, {"ok": true}]}"#,
         "`send`: op `push` has no field `expiraton`; did you mean `expiration`?"),
    ] as [(String, String)])
    func aStepWithAMistakeIsRefusedNamingFileAndStep(step: String, message: String) {
        let bytes = Array(#"{"steps": [{"note": "fine"}, \#(step)]}"#.utf8)
        do {
            _ = try Scenario.parse(bytes, file: "s.json")
            Issue.record("the step was accepted")
        } catch {
            #expect(error.description.hasPrefix("s.json: step 2: "), "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test(arguments: [
        #"{"send": {"op": "nope"}, "reply": {"ok": false, "error": {"code": "unknown_op"}}}"#,
        #"{"as": "main", "expect": {"event": "$any"}}"#,
        #"{"send": {"op": "open"}, "reply": {"ok": false, "error": {"code": "bad_request"}}}"#,
        #"{"send": {"op": "open", "url": "x://y", "sorce": "widget"}, "reply": {"ok": false, "error": {"code": "bad_request"}}}"#,
        #"{"as": "main", "expect": {"event": "$any", "anything": 1}}"#,
        #"{"as": "main", "expect": {"scenes": [], "ok": true}}"#,
        #"{"send": {"op": "push", "payload": {"expiraton": 1, "lanch": 2}}}"#,
    ])
    func deliberateOddStepsStillParse(step: String) throws {
        _ = try Scenario.parse(Array(#"{"steps": [\#(step)]}"#.utf8), file: "s.json")
    }

    /// A scene that confirms, a step left unconfirmed and a discarded scene are steps of their own.
    @Test(arguments: [
        (#"{"as": "window-2", "discard": "window-1"}"#, ScenarioStep.discard(as: "window-2", scene: "window-1")),
        (#"{"discard": "window-1"}"#, .discard(as: "server", scene: "window-1")),
        (#"{"as": "w", "expect": {"event": "start", "step": "$s"}, "confirm": false}"#,
         .expect(as: "w", pattern: .object(["event": .string("start"), "step": .string("$s")]), timeoutMilliseconds: 2000, confirm: false)),
        (#"{"as": "w", "expect": {"event": "show"}, "confirm": true}"#,
         .expect(as: "w", pattern: .object(["event": .string("show")]), timeoutMilliseconds: 2000, confirm: true)),
        (#"{"as": "w", "expect": {"event": "selectTab"}}"#,
         .expect(as: "w", pattern: .object(["event": .string("selectTab")]), timeoutMilliseconds: 2000, confirm: nil)),
        (#"{"as": "w", "send": {"op": "scene.connect", "scene": "w", "confirms": true}}"#,
         .send(as: "w", lines: [.object(["op": .string("scene.connect"), "scene": .string("w"), "confirms": .bool(true)])], replies: [nil])),
    ] as [(String, ScenarioStep)])
    func confirmingAndDiscardingSteps(step: String, expected: ScenarioStep) throws {
        let scenario = try Scenario.parse(Array(#"{"steps": [\#(step)]}"#.utf8), file: "s.json")
        #expect(scenario.steps == [expected])
    }

    /// A scenario file's own keys are as strict as a step's.
    @Test(arguments: [
        (#"{"confg": "my.json", "steps": []}"#, #"s.json: unknown key "confg"; did you mean "config"?"#),
        (#"{"name": "n", "steps": [], "extra": 1}"#, #"s.json: unknown key "extra"; the keys of a scenario file are name, config, steps"#),
        (#"{"config": 3, "steps": []}"#, "s.json: `config` must be a string"),
    ] as [(String, String)])
    func aFileKeyWithAMistakeIsRefused(file: String, message: String) {
        do {
            _ = try Scenario.parse(Array(file.utf8), file: "s.json")
            Issue.record("the file was accepted")
        } catch {
            #expect(error.description == message)
        }
    }

    /// A pattern naming a route, modal kind, tab or gate its config lacks could never match: refused.
    @Test(arguments: [
        (#"{"as": "main", "absent": {"event": "present", "kind": "invitaton"}, "for": 100}"#,
         #"s.json: step 2: "kind": "invitaton" is not a modal kind of the config <embedded samples/materunner.json>; did you mean "invitation"?"#),
        (#"{"as": "main", "expect": {"event": "show", "route": "recordDetails"}}"#,
         #"s.json: step 2: "route": "recordDetails" is not a route of the config <embedded samples/materunner.json>; did you mean "recordDetail"?"#),
        (#"{"as": "main", "expect": {"event": "selectTab", "tab": "profile"}}"#,
         #"s.json: step 2: "tab": "profile" is not a tab of the config <embedded samples/materunner.json>; its tabs are home, records, mypage"#),
        (#"{"as": "w", "expect": {"event": "scene", "what": "gate", "gate": "signedin"}}"#,
         #"s.json: step 2: "gate": "signedin" is not a gate of the config <embedded samples/materunner.json>; did you mean "signedIn"?"#),
    ] as [(String, String)])
    func aPatternNamingWhatTheConfigLacksIsRefused(step: String, message: String) throws {
        let scenario = try Scenario.parse(Array(#"{"steps": [{"note": "fine"}, \#(step)]}"#.utf8), file: "s.json")
        let config = try ConfigCheck.load(orEmbedded: nil)
        do {
            try scenario.checkNames(in: config)
            Issue.record("the step was accepted")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func patternsNamingWhatTheConfigHasOrBindingsPass() throws {
        let steps = #"[{"as": "main", "expect": {"event": "present", "kind": "invitation", "route": "$r"}},"#
            + #"{"as": "main", "absent": {"event": "show", "route": "recordDetail", "tab": "records"}, "for": 1}]"#
        let scenario = try Scenario.parse(Array(#"{"steps": \#(steps)}"#.utf8), file: "s.json")
        try scenario.checkNames(in: try ConfigCheck.load(orEmbedded: nil))
    }

    /// `entryd check` refuses such a file before any daemon starts: exit 65, naming file, step and key.
    @Test func checkRefusesAFalseGreenBeforeAnythingRuns() throws {
        let directory = TemporaryDirectory()
        let file = directory.file("typo.json")
        let scenario = #"{"steps": [{"as": "main", "absent": {"event": "present", "kind": "invitaton"}, "for": 10}]}"#
        #expect(writeFile(file, Array(scenario.utf8)))
        let check = Spawned.run(Spawned.entryd, ["check", file])
        #expect(check.waitForExit(timeoutMilliseconds: 30_000) == 65)
        #expect(check.stderrText.contains(#"typo.json: step 1: "kind": "invitaton" is not a modal kind"#), "\(check.stderrText)")
        #expect(check.stdoutText.isEmpty, "\(check.stdoutText)")
    }

    /// A scenario's own `config` that cannot be read is said of the scenario file, with what it
    /// names and where that was looked for (beside the scenario file), not as a bare path.
    @Test func aRelativeConfigThatCannotBeReadNamesTheScenarioFile() throws {
        let directory = TemporaryDirectory()
        #expect(mkdir(directory.file("scenarios"), 0o700) == 0)
        let file = directory.file("scenarios/s.json")
        #expect(writeFile(file, Array(#"{"config": "../app.json", "steps": [{"note": "never runs"}]}"#.utf8)))
        let check = Spawned.run(Spawned.entryd, ["check", file])
        #expect(check.waitForExit() == 66)
        #expect(check.stderrText == "entryd check: \(file): \"config\": \"../app.json\": cannot read \(directory.file("scenarios/../app.json")) "
                + "(a relative config is read from the scenario file's directory): No such file or directory\n", "\(check.stderrText)")
        #expect(check.stdoutText.isEmpty)
    }

    @Test func everyOpOfTheVocabularyIsKnownToTheDecoder() {
        for op in ScenarioVocabulary.ops {
            #expect(ScenarioVocabulary.unknownOp(.object(["op": .string(op)])) == nil, "\(op)")
        }
        #expect(ScenarioVocabulary.unknownOp(.object(["op": .string("scene.apeared")])) == "scene.apeared")
    }
}

@Suite struct SubsetMatchTests {
    static let cases: [(pattern: String, value: String, matches: Bool)] = [
        (#"{"a": 1}"#, #"{"a": 1, "b": 2}"#, true),
        (#"{"a": 1}"#, #"{"a": 2}"#, false),
        (#"{"a": {"b": "x"}}"#, #"{"a": {"b": "x", "c": 1}}"#, true),
        (#"{"a": []}"#, #"{"a": []}"#, true),
        (#"{"a": []}"#, #"{"a": [1]}"#, false),
        (#"{"a": [{"id": 2}]}"#, #"{"a": [{"id": 1}, {"id": 2}]}"#, true),
        (#"{"a": [{"id": 3}]}"#, #"{"a": [{"id": 1}, {"id": 2}]}"#, false),
        (#"{"a": null}"#, #"{"a": null}"#, true),
        (#"{"missing": null}"#, #"{}"#, false),
        (#"{"a": "$x"}"#, #"{"a": "anything"}"#, true),
    ]

    @Test(arguments: cases) func matchesAsSubset(_ row: (pattern: String, value: String, matches: Bool)) throws {
        var match = SubsetMatch()
        let pattern = try JSONValue.parse(Array(row.pattern.utf8)[...])
        let value = try JSONValue.parse(Array(row.value.utf8)[...])
        let matched = match.matches(pattern, value)
        #expect(matched == row.matches)
    }

    @Test func variablesBindOnceAndAreSubstituted() {
        var match = SubsetMatch()
        let bound = match.matches(.object(["modal": .string("$m")]), .object(["modal": .string("m-1")]))
        let rebound = match.matches(.object(["modal": .string("$m")]), .object(["modal": .string("m-2")]))
        let partial = match.matches(.object(["a": .string("$y"), "b": .number(1)]), .object(["a": .string("v"), "b": .number(2)]))
        #expect(bound)
        #expect(!rebound, "a bound variable must keep its value")
        #expect(match.substituting(.object(["modal": .string("$m")])) == .object(["modal": .string("m-1")]))
        #expect(!partial)
        #expect(match.bindings["y"] == nil, "a failed match binds nothing")
    }
}

/// The processes whose parent is `parent`, with their arguments, from /proc.
func childProcesses(of parent: pid_t) -> [(pid: pid_t, arguments: [String])] {
    (listDirectory("/proc") ?? []).compactMap { name in
        guard let pid = pid_t(name), let stat = fileBytes("/proc/\(name)/stat"), let cmdline = fileBytes("/proc/\(name)/cmdline") else {
            return nil
        }
        // `pid (comm) state ppid …`: the command may hold spaces, so the fields are read after its `)`.
        let fields = String(decoding: stat, as: UTF8.self).split(separator: ")").last?.split(separator: " ") ?? []
        guard fields.count > 1, pid_t(fields[1]) == parent else { return nil }
        return (pid, cmdline.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
    }
}

private func listDirectory(_ path: String) -> [String]? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}
