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
        let runner = CheckRunner(executable: ownExecutable(), configOverride: parsed.value("config")) { line in
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

    /// The running binary, so the scenarios test exactly this build.
    private static func ownExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return String(decoding: buffer[..<max(n, 0)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
