import Foundation

/// What the corpus tests of real files share: where a corpus lies beside the tests, its
/// sources.tsv (one row per file: its name, then where it came from), and the wildcard the
/// platforms' documentation describes, which both independent readings match with.
enum CorpusFiles {
    /// `Tests/<name>`, found from this file's path, so that no resource needs declaring.
    static func directory(_ name: String) -> String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return parts.joined(separator: "/") + "/" + name
    }

    /// The rows of `directory`'s sources.tsv, each split at its tabs.
    static func rows(in directory: String) throws -> [[String]] {
        let text = try String(contentsOfFile: directory + "/sources.tsv", encoding: .utf8)
        return text.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    }

    /// `*` any run of characters, `?` exactly one: the documented wildcard, matched by backtracking
    /// and nothing else, so that it is plainly the documentation's reading.
    static func glob(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern)
        let t = Array(text)
        func from(_ i: Int, _ j: Int) -> Bool {
            if i == p.count { return j == t.count }
            if p[i] == "*" { return (j...t.count).contains { from(i + 1, $0) } }
            guard j < t.count, p[i] == "?" || p[i] == t[j] else { return false }
            return from(i + 1, j + 1)
        }
        return from(0, 0)
    }
}
