import EntryDaemon
import EntryRouter
import Glibc

/// `entryd check SCENARIO.json...`: runs each scenario against a fresh daemon of this same binary.
///
/// Every file is read and every config checked before any daemon starts: a scenario file that
/// cannot pass by accident (an unknown key, a pattern naming what its config lacks) is refused (65) and a config the daemon would refuse stops the run with
/// the daemon's own words (78, or 66 when it cannot be read), instead of a scenario that fails
/// because its daemon never came up.
enum Check {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        var scenarios: [Scenario] = []
        for file in parsed.positionals {
            guard let bytes = FileBytes.read(file) else {
                printError("entryd check: cannot read \(file): \(String(cString: strerror(errno)))")
                return 66
            }
            do {
                scenarios.append(try Scenario.parse(bytes, file: file))
            } catch {
                printError("entryd check: \(error)")
                return 65
            }
        }
        let runner = CheckRunner(executable: Talk.ownExecutable(), configOverride: parsed.value("config")) { line in
            print(line)
            fflush(nil)
        }
        var configs: [String?: Config] = [:]
        for scenario in scenarios {
            let path = runner.configPath(for: scenario)
            if configs[path] == nil {
                do throws(ConfigCheck.Failure) {
                    configs[path] = try ConfigCheck.load(orEmbedded: path)
                } catch {
                    printError("entryd check: the daemon would refuse its config:\n\(error)")
                    return error.exitCode
                }
            }
            do {
                try scenario.checkNames(in: configs[path]!)
            } catch {
                printError("entryd check: \(error)")
                return 65
            }
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
}
