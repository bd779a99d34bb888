import EntryTesting
import Foundation
import Testing

/// The modules an app links build on macOS 13 and iOS 16 and later, as Package.swift declares:
/// they import a C library only in the three-way `canImport` chain and never Foundation, reach
/// neither libuv, SQLite nor the daemon, and call none of the APIs below that need a newer system.
/// Read from the sources, so that a Linux build notices what only a Mac build would otherwise.
@Suite struct PortabilityTests {
    /// What an app links. EntryHost may not exist yet; the others must.
    static let modules = ["EntryKit", "EntryRouter", "EntrySystem", "EntryClient", "EntryTesting", "EntryHost"]
    static let optionalModules: Set = ["EntryHost"]

    /// The C libraries, one per platform, each imported in its branch of
    /// `#if canImport(Glibc)` / `#elseif canImport(Musl)` / `#elseif canImport(Darwin)`.
    /// (Dispatch needs no guard: it is on every Apple platform and in the Linux toolchain.)
    static let cLibraries = ["Glibc", "Musl", "Darwin"]

    /// APIs newer than macOS 13 / iOS 16, by the `@available` of the toolchain's own interfaces
    /// (SwiftStdlib 5.9 = macOS 14 / iOS 17, 6.0 = macOS 15 / iOS 18, 6.2 = macOS 26 / iOS 26).
    static let newerAPIs: [(pattern: String, needs: String)] = [
        (#"String\(validating:"#, "macOS 15 / iOS 18"), // String.init(validating:as:)
        (#"\bMutex\b"#, "macOS 15 / iOS 18"), // Synchronization.Mutex
        (#"\bAtomic\b"#, "macOS 15 / iOS 18"), // Synchronization.Atomic
        (#"import\s+Synchronization\b"#, "macOS 15 / iOS 18"), // every type of the module
        (#"\bwith(Throwing)?DiscardingTaskGroup\b"#, "macOS 14 / iOS 17"),
        (#"\b(InlineArray|RawSpan|MutableSpan|UTF8Span)\b|\bSpan<"#, "macOS 26 / iOS 26"),
    ]

    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(arguments: modules)
    func importsCLibrariesOnlyInTheThreeWayChainAndNeverFoundation(module: String) throws {
        for (file, text) in try sources(of: module) {
            for problem in Self.importProblems(in: text) {
                Issue.record("\(module)/\(file): \(problem)")
            }
        }
    }

    @Test(arguments: modules)
    func reachesNeitherLibuvNorSQLiteNorTheDaemon(module: String) throws {
        let targets = try Self.targetDependencies(in: packageManifest())
        guard targets[module] != nil else {
            #expect(Self.optionalModules.contains(module), "Package.swift declares no target \(module)")
            return
        }
        for forbidden in ["CUV", "CSQLite", "EntryDaemon", "EntryCLI"] {
            if let path = Self.path(from: module, to: forbidden, in: targets) {
                Issue.record("\(module) depends on \(forbidden): \(path.joined(separator: " → "))")
            }
        }
    }

    @Test func declaresMacOS13AndIOS16OrOlder() throws {
        let manifest = try packageManifest()
        let platforms = try #require(manifest.firstMatch(of: #/platforms:\s*\[([^\]]*)\]/#), "Package.swift declares no platforms")
        for (platform, newest) in [("macOS", 13), ("iOS", 16)] {
            let version = try Regex(#"\."# + platform + #"\(\s*(?:\.v|")(\d+)"#)
            let major = try #require(platforms.output.1.firstMatch(of: version).flatMap { $0.output[1].substring.flatMap { Int($0) } },
                                     "Package.swift declares no \(platform) version")
            #expect(major <= newest, "Package.swift declares \(platform) \(major); an app on \(platform) \(newest) must be able to link the client")
        }
    }

    @Test(arguments: modules)
    func callsNoAPINewerThanTheDeclaredPlatforms(module: String) throws {
        let denied = try Self.newerAPIs.map { (try Regex($0.pattern), $0.needs) }
        for (file, text) in try sources(of: module) {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
                for (pattern, needs) in denied {
                    if let match = code.firstMatch(of: pattern) {
                        Issue.record("\(module)/\(file):\(number + 1): `\(code[match.range])` needs \(needs)")
                    }
                }
            }
        }
    }

    @Test func aDaemonIsGivenOnlyTheEnvironmentItNeeds() {
        let given = ["PATH=/usr/bin", "DYLD_INSERT_LIBRARIES=/x.dylib", "HOME=/h", "XCTestConfigurationFilePath=/c",
                     "LC_ALL=C", "DYLD_FRAMEWORK_PATH=/Build/Products/Debug", "SIMULATOR_UDID=1", "__XPC_DYLD_LIBRARY_PATH=/p",
                     "ENTRYD_SOCKET=/s", "NOTIFY_SOCKET=/n", "TMPDIR=/t", "PATHS=/p", "LC=1"]
        #expect(DaemonEnvironment.entries(of: given) == ["PATH=/usr/bin", "HOME=/h", "LC_ALL=C", "TMPDIR=/t"])
    }

    // MARK: - Reading the package

    private func packageManifest() throws -> String {
        try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    }

    /// The Swift files of `module` with their text, by path under the module's directory.
    private func sources(of module: String) throws -> [(String, String)] {
        let directory = root.appendingPathComponent("Sources/\(module)")
        guard FileManager.default.fileExists(atPath: directory.path) else {
            #expect(Self.optionalModules.contains(module), "Sources/\(module) does not exist")
            return []
        }
        let files = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
        var found: [(String, String)] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let name = String(file.path.dropFirst(directory.path.count + 1))
            found.append((name, try String(contentsOf: file, encoding: .utf8)))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// What is wrong with the imports of one file: Foundation at all, or a C library outside its
    /// branch of a chain that has all three.
    static func importProblems(in text: String) -> [String] {
        let chain = Set(cLibraries.map { "canImport(\($0))" })
        var open: [(conditions: [String], imports: [(library: String, branch: String, line: Int)])] = []
        var problems: [String] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            let condition = line.split(separator: " ", maxSplits: 1).dropFirst().first.map { $0.filter { !$0.isWhitespace } } ?? ""
            if line.hasPrefix("#if ") {
                open.append(([condition], []))
            } else if line.hasPrefix("#elseif "), !open.isEmpty {
                open[open.count - 1].conditions.append(condition)
            } else if line.hasPrefix("#else"), !open.isEmpty {
                open[open.count - 1].conditions.append("else")
            } else if line.hasPrefix("#endif"), let block = open.popLast() {
                let missing = chain.subtracting(block.conditions).sorted()
                for found in block.imports {
                    if found.branch != "canImport(\(found.library))" {
                        problems.append("line \(found.line): \(found.library) is imported under `\(found.branch)`, not `canImport(\(found.library))`")
                    } else if !missing.isEmpty {
                        problems.append("line \(found.line): the chain around \(found.library)'s import has no branch \(missing.joined(separator: ", "))")
                    }
                }
            } else if let imported = line.firstMatch(of: #/^(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)/#) {
                let name = String(imported.output.1)
                if name.hasPrefix("Foundation") || name == "CoreFoundation" {
                    problems.append("line \(number + 1): imports \(name), which an app's client must not need")
                } else if cLibraries.contains(name) {
                    if open.isEmpty {
                        problems.append("line \(number + 1): imports \(name) outside any #if canImport chain")
                    } else {
                        open[open.count - 1].imports.append((name, open[open.count - 1].conditions.last!, number + 1))
                    }
                }
            }
        }
        return problems
    }

    /// Every target of the manifest with the names its `dependencies:` list (system libraries and
    /// targets without dependencies have none).
    static func targetDependencies(in manifest: String) throws -> [String: [String]] {
        var targets: [String: [String]] = [:]
        let declaration = #/\.(?:target|executableTarget|testTarget|systemLibrary|binaryTarget|macro|plugin)\(\s*name:\s*"([^"]+)"(?:\s*,\s*dependencies:\s*\[([^\]]*)\])?/#
        for match in manifest.matches(of: declaration) {
            let list = match.output.2 ?? ""
            targets[String(match.output.1)] = list.matches(of: #/"([^"]+)"/#).map { String($0.output.1) }
        }
        return targets
    }

    /// The chain of dependencies from `start` to `goal`, if there is one.
    static func path(from start: String, to goal: String, in targets: [String: [String]]) -> [String]? {
        var cameFrom: [String: String] = [:]
        var queue = [start]
        var seen: Set = [start]
        while !queue.isEmpty {
            let name = queue.removeFirst()
            if name == goal {
                var path = [goal]
                while let previous = cameFrom[path[0]] { path.insert(previous, at: 0) }
                return path
            }
            for next in targets[name] ?? [] where seen.insert(next).inserted {
                cameFrom[next] = name
                queue.append(next)
            }
        }
        return nil
    }
}
