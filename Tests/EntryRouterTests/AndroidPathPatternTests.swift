import Testing
@testable import EntryRouter

/// `android:pathPattern` and `android:pathAdvancedPattern` as Android's `PatternMatcher` matches
/// them, without backtracking.
@Suite("Android path patterns")
struct AndroidPathPatternTests {
    @Test(arguments: [
        ("/item/.*", "/item/", true), ("/item/.*", "/item/42/x", true), ("/item/.*", "/items", false),
        ("/a.c", "/abc", true), ("/a.c", "/ac", false), ("/ab*c", "/ac", true), ("/ab*c", "/abbbc", true),
        ("/ab*", "/a", false), ("/a.*", "/a", true), (".*", "", true), ("", "", true), ("", "/", false),
        // `.*` runs to the first occurrence of the next character and never gives it back.
        ("/.*/foo", "/a/foo", true), ("/.*/foo", "/a/b/foo", false), ("/.*\\.html", "/a.html", true),
        ("/.*\\.html", "/a.b.html", false),
        // An escaped `*` is literal; a lone `\.` still takes any character, as on the phone.
        ("/a\\*", "/a*", true), ("/a\\.b", "/axb", true), ("/a\\.*", "/a...", true),
    ])
    func simple(pattern: String, path: String, matches: Bool) {
        #expect(AndroidPathPattern(simple: pattern).matches(path) == matches, "\(pattern) on \(path)")
    }

    @Test(arguments: [
        ("/p/[0-9]+", "/p/123", true), ("/p/[0-9]+", "/p/", false), ("/p/[0-9]+", "/p/12a", false),
        ("/p/[^/]+/edit", "/p/x/edit", true), ("/p/[^/]+/edit", "/p/x/y/edit", false),
        ("/c/[a-f]{2}", "/c/ab", true), ("/c/[a-f]{2}", "/c/abc", false), ("/c/x{1,3}", "/c/xxx", true),
        ("/c/x{2,}", "/c/x", false), ("/.*", "/anything/at/all", true),
        // Greedy: `.*` takes the rest, so nothing may follow it.
        ("/.*/edit", "/a/edit", false), ("/\\[x\\]", "/[x]", true),
    ])
    func advanced(pattern: String, path: String, matches: Bool) throws {
        #expect(try AndroidPathPattern(advanced: pattern).matches(path) == matches, "\(pattern) on \(path)")
    }

    @Test(arguments: ["*a", "/a**", "/[a-z", "/[]", "/x{2", "/x{a}", "/x{3,1}", "/a\\"])
    func aMalformedAdvancedPatternIsRefused(pattern: String) {
        #expect(throws: AndroidPathPattern.PatternProblem.self) { try AndroidPathPattern(advanced: pattern) }
    }
}
