import EntryDaemon
import Glibc

/// `entryd check SCENARIO.json...`: runs each scenario against a fresh daemon of this same binary.
///
/// Every file is read and every config checked before any daemon starts: a scenario file that
/// cannot pass by accident is refused (65) and a config the daemon would refuse stops the run with
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
        var checked: Set<String> = []
        for case let path? in scenarios.map(runner.configPath(for:)) where checked.insert(path).inserted {
            do throws(ConfigCheck.Failure) {
                _ = try ConfigCheck.load(path)
            } catch {
                printError("entryd check: the daemon would refuse its config:\n\(error)")
                return error.exitCode
            }
        }
        var total = CheckRunner.Outcome()
        for scenario in scenarios {
            let outcome = runner.run(scenario)
            total.passed += outcome.passed
            total.failed += outcome.failed
            total.skipped += outcome.skipped
        }
        let skipped = total.skipped > 0 ? ", \(total.skipped) skipped" : ""
        print("\(total.passed) passed, \(total.failed) failed\(skipped)")
        return total.failed == 0 && total.skipped == 0 ? 0 : 1
    }
}
