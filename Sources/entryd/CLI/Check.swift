import EntryDaemon
import Glibc

/// `entryd check SCENARIO.json...`: runs each scenario against a fresh daemon of this same binary.
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
