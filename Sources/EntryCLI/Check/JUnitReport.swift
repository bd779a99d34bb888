/// `entryd check --junit FILE`: the scenarios' results as JUnit XML, the format CI systems read
/// test results in. One `testsuite`, one `testcase` per scenario (named by its `name`, its file as
/// the class name); a failed scenario's `failure` carries the failing step and why it failed, and a
/// scenario whose daemon did not start fails the same way.
package enum JUnitReport {
    package struct Case: Sendable, Hashable {
        package var file: String
        package var name: String
        package var outcome: CheckRunner.Outcome
        /// Wall-clock seconds the scenario took, for the report's `time` attributes.
        package var seconds: Double

        package init(file: String, name: String, outcome: CheckRunner.Outcome, seconds: Double) {
            self.file = file
            self.name = name
            self.outcome = outcome
            self.seconds = seconds
        }
    }

    package static func xml(_ cases: [Case]) -> String {
        let failures = cases.filter { $0.outcome.failed > 0 }.count
        let total = cases.reduce(0) { $0 + $1.seconds }
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<testsuites name="entryd check" tests="\#(cases.count)" failures="\#(failures)" errors="0" time="\#(format(total))">"# + "\n"
        out += #"  <testsuite name="entryd check" tests="\#(cases.count)" failures="\#(failures)" errors="0" skipped="0" time="\#(format(total))">"# + "\n"
        for item in cases {
            let opening = #"    <testcase classname="\#(escaped(item.file))" name="\#(escaped(item.name))" time="\#(format(item.seconds))""#
            guard item.outcome.failed > 0 else {
                out += opening + "/>\n"
                continue
            }
            let failure = item.outcome.failure ?? "a step failed"
            let message = failure.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? failure
            out += opening + ">\n"
            out += #"      <failure message="\#(escaped(message))" type="ScenarioStepFailed">"# + escaped(failure) + "</failure>\n"
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// Text and attribute values: the five XML escapes, and characters XML 1.0 does not allow
    /// (control characters a daemon log might hold) as U+FFFD.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func format(_ seconds: Double) -> String {
        let millis = Int((seconds * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
