/// `entryd-bench [SECTION]`: runs one benchmark section, or every section when none is named.
/// Build with `-c release`; debug figures mean nothing.
#if canImport(Glibc)
import Glibc
#endif

/// Each section prints its own table; add new sections here.
let sections: [(name: String, run: () -> Void)] = [
    ("routing", RoutingBench.run),
    ("handoff", HandoffBench.run),
    ("growth", GrowthBench.run),
    ("retract", RetractBench.run),
    ("dedupe", DedupeBench.run),
    ("applinks", AppLinksLoadBench.run),
    ("stuck", StuckSceneBench.run),
]

let arguments = CommandLine.arguments.dropFirst()
if let wanted = arguments.first {
    guard let section = sections.first(where: { $0.name == wanted }) else {
        let names = sections.map(\.name).joined(separator: ", ")
        let message = "entryd-bench: unknown section \(wanted); sections: \(names)\n"
        _ = write(2, message, message.utf8.count)
        exit(64)
    }
    section.run()
} else {
    for section in sections { section.run() }
}
