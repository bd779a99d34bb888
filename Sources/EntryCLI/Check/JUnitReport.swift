/// `entryd check --junit FILE`: the scenarios' results as JUnit XML, the format CI systems read
/// test results in. One `testsuite`, one `testcase` per scenario (named by its `name`, its file as
/// the class name); a failed scenario's `failure` carries the failing step and why it failed, and a
/// scenario whose daemon did not start fails the same way. When a file is refused before anything
/// runs (it cannot be read, it has a mistake, its config would be refused), that file is a failed
/// testcase saying why, and the scenarios that were fine are `skipped`: none ran.
package enum JUnitReport {
    package struct Case: Sendable, Hashable {
        package var file: String
        package var name: String
        package var outcome: CheckRunner.Outcome
        /// Wall-clock seconds the scenario took, for the report's `time` attributes.
        package var seconds: Double
        /// Why the scenario did not run, when it did not.
        package var notRun: NotRun?

        package init(file: String, name: String, outcome: CheckRunner.Outcome, seconds: Double) {
            self.file = file
            self.name = name
            self.outcome = outcome
            self.seconds = seconds
        }

        /// A scenario that did not run, and why.
        package init(file: String, name: String, notRun: NotRun) {
            self.init(file: file, name: name, outcome: CheckRunner.Outcome(), seconds: 0)
            self.notRun = notRun
        }
    }

    /// Why a scenario did not run.
    package enum NotRun: Sendable, Hashable {
        /// Its file was refused, with the refusal's words: a failed testcase.
        case refused(String)
        /// Another file was refused, so none ran: a skipped testcase.
        case skipped(String)
    }

    package static func xml(_ cases: [Case]) -> String {
        let failures = cases.filter(\.failed).count
        let skipped = cases.filter { if case .skipped? = $0.notRun { true } else { false } }.count
        let total = cases.reduce(0) { $0 + $1.seconds }
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<testsuites name="entryd check" tests="\#(cases.count)" failures="\#(failures)" errors="0" time="\#(format(total))">"# + "\n"
        out += #"  <testsuite name="entryd check" tests="\#(cases.count)" failures="\#(failures)" errors="0" skipped="\#(skipped)" time="\#(format(total))">"# + "\n"
        for item in cases {
            let opening = #"    <testcase classname="\#(escaped(item.file))" name="\#(escaped(item.name))" time="\#(format(item.seconds))""#
            let (element, type, text): (String, String?, String)
            switch item.notRun {
            case .refused(let why)?: (element, type, text) = ("failure", "ScenarioRefused", why)
            case .skipped(let why)?: (element, type, text) = ("skipped", nil, why)
            case nil:
                guard item.outcome.failed > 0 else {
                    out += opening + "/>\n"
                    continue
                }
                (element, type, text) = ("failure", "ScenarioStepFailed", item.outcome.failure ?? "a step failed")
            }
            let message = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? text
            out += opening + ">\n"
            out += #"      <\#(element) message="\#(escaped(message))""# + (type.map { #" type="\#($0)""# } ?? "")
            out += element == "skipped" ? "/>\n" : ">" + escaped(text) + "</\(element)>\n"
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

extension JUnitReport.Case {
    /// Whether the report counts it as a failure: a step failed, or its file was refused.
    var failed: Bool {
        if case .refused? = notRun { return true }
        return notRun == nil && outcome.failed > 0
    }
}
