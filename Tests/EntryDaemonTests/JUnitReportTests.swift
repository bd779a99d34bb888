@testable import EntryCLI
import FoundationXML
import Foundation
import Testing

/// `entryd check --junit FILE` writes XML a JUnit reader parses: one testcase per scenario, and a
/// failure naming the failing step where a scenario fails.
@Suite struct JUnitReportTests {
    @Test func passingAndFailingScenariosBecomeTestcasesAJUnitReaderParses() throws {
        let directory = TemporaryDirectory()
        let passing = directory.file("passing.json")
        let failing = directory.file("failing.json")
        try #"""
        {"name": "a <quoted> & \"escaped\" name", "steps": [
          {"as": "server", "send": {"op": "open", "url": "materunner://notice/a"}, "reply": {"ok": true, "state": "pending"}}
        ]}
        """#.write(toFile: passing, atomically: true, encoding: .utf8)
        try #"""
        {"name": "expects what never comes", "steps": [
          {"as": "server", "send": {"op": "open", "url": "materunner://notice/a"}, "reply": {"ok": true, "state": "queued"}},
          {"as": "server", "send": {"op": "status"}}
        ]}
        """#.write(toFile: failing, atomically: true, encoding: .utf8)
        let report = directory.file("report.xml")
        let run = Spawned.run(Spawned.entryd, ["check", "--junit", report, passing, failing])
        #expect(run.waitForExit() == 1)

        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "tests")?.stringValue == "2")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        let cases = suite.elements(forName: "testcase")
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == [#"a <quoted> & "escaped" name"#, "expects what never comes"])
        #expect(cases.map { $0.attribute(forName: "classname")?.stringValue } == [passing, failing])
        #expect(cases[0].elements(forName: "failure").isEmpty)
        let failure = try #require(cases[1].elements(forName: "failure").first)
        let message = try #require(failure.attribute(forName: "message")?.stringValue)
        #expect(message.hasPrefix("step 1 failed: server  send open"), "\(message)")
        #expect(failure.stringValue?.contains("queued") == true)
    }

    /// A step that waited in vain fails with a `message` that says what it expected and what came
    /// instead, whole on its one line, not a list announced for the lines after it.
    @Test func aTimedOutExpectationSaysWhatWasExpectedAndWhatCameInstead() throws {
        let directory = TemporaryDirectory()
        let scenario = directory.file("waits.json")
        try #"""
        {"name": "waits for what never comes", "steps": [
          {"as": "w", "send": {"op": "watch"}},
          {"as": "s", "send": {"op": "open", "url": "materunner://notice/a"}},
          {"as": "w", "expect": {"event": "entry", "state": "done"}, "timeout": 300}
        ]}
        """#.write(toFile: scenario, atomically: true, encoding: .utf8)
        let report = directory.file("report.xml")
        #expect(Spawned.run(Spawned.entryd, ["check", "--junit", report, scenario]).waitForExit() == 1)

        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let failure = try #require(document.rootElement()?.elements(forName: "testsuite").first?
            .elements(forName: "testcase").first?.elements(forName: "failure").first)
        let message = try #require(failure.attribute(forName: "message")?.stringValue)
        #expect(message.contains(#"expect {"event":"entry","state":"done"}: nothing matched within 300 ms; came instead: {"event":"entry","#),
                "\(message)")
        #expect(message.contains(#""state":"pending"}"#), "\(message)")
        #expect(!message.hasSuffix(":"), "\(message)")
    }

    /// A scenario file refused before anything runs is a failed testcase saying why, and the
    /// files that were fine are skipped, not missing: the report is written all the same.
    @Test func anInvalidScenarioIsAFailedTestcaseAndTheOthersAreSkipped() throws {
        let directory = TemporaryDirectory()
        let good = directory.file("good.json")
        let typo = directory.file("typo.json")
        try #"{"name": "fine", "steps": [{"note": "nothing to do"}]}"#.write(toFile: good, atomically: true, encoding: .utf8)
        try #"{"name": "a typo", "steps": [{"as": "main", "absent": {"event": "present", "kind": "invitaton"}, "for": 10}]}"#
            .write(toFile: typo, atomically: true, encoding: .utf8)
        let report = directory.file("report.xml")
        let run = Spawned.run(Spawned.entryd, ["check", "--junit", report, good, typo])
        #expect(run.waitForExit() == 65)
        #expect(run.stdoutText.isEmpty, "nothing may run: \(run.stdoutText)")

        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "tests")?.stringValue == "2")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        #expect(suite.attribute(forName: "skipped")?.stringValue == "1")
        let cases = suite.elements(forName: "testcase")
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["fine", "a typo"])
        #expect(cases[0].elements(forName: "skipped").first?.attribute(forName: "message")?.stringValue
                == "not run: 1 scenario file was refused before any ran")
        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue
                == #"\#(typo): step 1: "kind": "invitaton" is not a modal kind of the config <embedded samples/materunner.json>; did you mean "invitation"?"#)
    }

    /// A report that cannot be created is refused before anything runs (73, naming the path), not
    /// after a run whose results it would lose.
    @Test(arguments: ["missing/report.xml", ""])
    func aReportPathThatCannotBeCreatedIsRefusedBeforeTheRun(name: String) throws {
        let directory = TemporaryDirectory()
        let scenario = directory.file("s.json")
        try #"{"name": "n", "steps": [{"note": "it ran"}]}"#.write(toFile: scenario, atomically: true, encoding: .utf8)
        // A missing directory, and a directory where the file would be.
        let report = directory.file(name)
        let run = Spawned.run(Spawned.entryd, ["check", "--junit", report, scenario])
        #expect(run.waitForExit() == 73)
        #expect(run.stderrText.hasPrefix("entryd check: cannot create the --junit report \(report): "), "\(run.stderrText)")
        #expect(run.stdoutText.isEmpty, "\(run.stdoutText)")
    }
}
