import EntryDaemon
import EntryRouter
import Glibc

/// `entryd check SCENARIO.json...`: runs each scenario against a fresh daemon of this same binary.
///
/// Every file is read and every config checked before any daemon starts: a scenario file that
/// cannot pass by accident (an unknown key, a pattern naming what its config lacks) is refused (65) and a config the daemon would refuse stops the run with
/// the daemon's own words (78, or 66 when it cannot be read), instead of a scenario that fails
/// because its daemon never came up. Each file refused is named; with `--junit` the report has it
/// as a failed testcase and the others as skipped.
enum Check {
    /// A file refused before anything runs: what it is called in the report, why, and the exit status.
    private struct Refusal {
        var file: String
        var name: String
        var message: String
        var code: Int32
    }

    static func run(_ parsed: ParsedArguments) -> Int32 {
        // A report that could not be written at the end would lose the whole run: refused first.
        if let junit = parsed.value("junit"), !FileBytes.canWrite(junit) {
            printError("entryd check: cannot create the --junit report \(junit): \(String(cString: strerror(errno)))")
            return 73
        }
        var scenarios: [Scenario] = []
        var refusals: [Refusal] = []
        for file in parsed.positionals {
            let bytes: [UInt8]
            switch FileBytes.read(file) {
            case .success(let read): bytes = read
            case .failure(let problem):
                refusals.append(Refusal(file: file, name: file, message: "cannot read \(file): \(problem)", code: 66))
                continue
            }
            do {
                scenarios.append(try Scenario.parse(bytes, file: file))
            } catch {
                refusals.append(Refusal(file: file, name: file, message: "\(error)", code: 65))
            }
        }
        let runner = CheckRunner(executable: Talk.ownExecutable(), configOverride: parsed.value("config")) { line in
            print(line)
            fflush(nil)
        }
        var configs: [String?: Result<Config, ConfigCheck.Failure>] = [:]
        for scenario in scenarios {
            let path = runner.configPath(for: scenario)
            if configs[path] == nil {
                configs[path] = Result { () throws(ConfigCheck.Failure) in try ConfigCheck.load(orEmbedded: path) }
            }
            do {
                try scenario.checkNames(in: configs[path]!.get())
            } catch let failure as ConfigCheck.Failure {
                refusals.append(Refusal(file: scenario.file, name: scenario.name,
                                        message: configRefusal(failure, of: scenario, overridden: parsed.has("config")),
                                        code: failure.exitCode))
            } catch {
                refusals.append(Refusal(file: scenario.file, name: scenario.name, message: "\(error)", code: 65))
            }
        }
        guard refusals.isEmpty else {
            // One config of --config refused is said once, not once per scenario.
            var said: Set<String> = []
            for refusal in refusals where said.insert(refusal.message).inserted { printError("entryd check: \(refusal.message)") }
            if let junit = parsed.value("junit") {
                let skip = "not run: \(refusals.count) scenario file\(refusals.count == 1 ? " was" : "s were") refused before any ran"
                let cases = parsed.positionals.map { file in
                    if let refusal = refusals.first(where: { $0.file == file }) {
                        return JUnitReport.Case(file: file, name: refusal.name, notRun: .refused(refusal.message))
                    }
                    return JUnitReport.Case(file: file, name: scenarios.first { $0.file == file }?.name ?? file, notRun: .skipped(skip))
                }
                guard FileBytes.write(Array(JUnitReport.xml(cases).utf8), to: junit) else {
                    printError("entryd check: cannot write \(junit): \(String(cString: strerror(errno)))")
                    return 73
                }
            }
            return refusals[0].code
        }
        InterruptCleanup.install()
        var total = CheckRunner.Outcome()
        var cases: [JUnitReport.Case] = []
        for scenario in scenarios {
            let started = Monotonic.milliseconds()
            let outcome = runner.run(scenario)
            cases.append(JUnitReport.Case(file: scenario.file, name: scenario.name, outcome: outcome,
                                          seconds: Double(Monotonic.milliseconds() - started) / 1000))
            total.passed += outcome.passed
            total.failed += outcome.failed
            total.skipped += outcome.skipped
        }
        if let junit = parsed.value("junit") {
            let xml = Array(JUnitReport.xml(cases).utf8)
            guard FileBytes.write(xml, to: junit) else {
                printError("entryd check: cannot write \(junit): \(String(cString: strerror(errno)))")
                return 73
            }
        }
        let skipped = total.skipped > 0 ? ", \(total.skipped) skipped" : ""
        print("\(total.passed) passed, \(total.failed) failed\(skipped)")
        return total.failed == 0 && total.skipped == 0 ? 0 : 1
    }

    /// A config the daemon would refuse, said of whose it is, the first problem on that line: the
    /// config of --config, or the scenario's own, with its file, and for one that cannot be read
    /// the path its relative `config` was looked for at.
    private static func configRefusal(_ failure: ConfigCheck.Failure, of scenario: Scenario, overridden: Bool) -> String {
        guard !overridden, let named = scenario.config else { return "the daemon would refuse its config: \(failure)" }
        if case .unreadable(let path, let reason) = failure {
            let relative = named.hasPrefix("/") ? "" : " (a relative config is read from the scenario file's directory)"
            return "\(scenario.file): \"config\": \"\(named)\": cannot read \(path)\(relative): \(reason)"
        }
        return "\(scenario.file): \"config\": \"\(named)\": the daemon would refuse it: \(failure)"
    }
}
