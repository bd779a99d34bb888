// swift-tools-version:6.0
import PackageDescription

/// entryd: a push and deep-link entry router.
///
/// - `EntrySystem`: what the package asks of the operating system, portably: starting a process,
///   a socket to a daemon, reading a regular file.
/// - `EntryKit`: the engine's machinery (memory views, containers, byte codecs), under the engine.
/// - `EntryRouter`: the pure engine (no I/O, no clock).
/// - `EntryDaemon`: the imperative shell (libuv loop, SQLite store), the daemon only.
/// - `EntryCLI`: the command line (argument parsing, the subcommands, the blocking client, the scene
///   player and the scenario runner), on the daemon and the engine.
/// - `entryd`: the executable, `main.swift` calling into EntryCLI.
let package = Package(
    name: "entryd",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "EntryRouter", targets: ["EntryRouter"]),
        .library(name: "EntryClient", targets: ["EntryClient"]),
        .library(name: "EntryTesting", targets: ["EntryTesting"]),
        .executable(name: "entryd", targets: ["entryd"]),
    ],
    targets: [
        .systemLibrary(
            name: "CUV",
            pkgConfig: "libuv",
            providers: [.apt(["libuv1-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // A CPU hint the engine uses to overlap its cache misses (header only, nothing linked).
        .systemLibrary(name: "CMemoryHint"),
        // The engine's machinery: the views it reads and writes memory through, hashed indexes,
        // arenas and queues, byte codecs; all its raw memory, with their own tests, so that the
        // engine's domain code stays plain Swift. Not a product, and `package` throughout: the
        // push path's containers are `@inlinable package`, which the compiler inlines across this
        // package's modules as it would public code (see docs/ARCHITECTURE.md).
        .target(name: "EntryKit", dependencies: ["CMemoryHint"]),
        // Glibc's posix_spawn action that closes inherited descriptors (header only, nothing linked).
        .systemLibrary(name: "CSpawn"),
        // What the package asks of the operating system, in one place for the daemon, the command
        // line, the client library and the tests: starting a process, a connected socket to a
        // daemon, reading a regular file without blocking. Portable: the C library only behind
        // `#if canImport(Glibc)`, `Musl`, `Darwin`, so it builds wherever an app's tests do.
        .target(name: "EntrySystem", dependencies: ["CSpawn"]),
        .target(name: "EntryRouter", dependencies: ["EntryKit"]),
        // What both hosts of the engine share, the daemon and a test's own process: performing a
        // turn in R16's order, the store's protocol with an in-memory store that keeps what it is
        // given, rebuilding the router from a store, and the in-process host. Portable: the engine
        // and the standard library only, no libuv, no SQLite, no C library.
        .target(name: "EntryHost", dependencies: ["EntryRouter", "EntryKit"]),
        .target(name: "EntryDaemon", dependencies: ["EntryHost", "EntryRouter", "EntryKit", "EntrySystem", "CUV", "CSQLite"]),
        // The client library an app's debug build and its tests link: typed requests and events over
        // the socket, on the engine's JSON codec only (no libuv, no SQLite, no daemon).
        .target(name: "EntryClient", dependencies: ["EntryRouter", "EntrySystem"]),
        // Test support on the client: a test's daemon, the engine in the test's own process or the
        // real binary, expectations with the recent event log, and a launch helper that says when an
        // entry arrives.
        .target(name: "EntryTesting", dependencies: ["EntryClient", "EntryHost", "EntryRouter", "EntrySystem"]),
        .target(name: "EntryCLI", dependencies: ["EntryClient", "EntryDaemon", "EntryHost", "EntryRouter", "EntrySystem"]),
        .executableTarget(name: "entryd", dependencies: ["EntryCLI"]),
        .executableTarget(name: "entryd-bench", dependencies: ["EntryRouter", "SeededRandom"], path: "Sources/entryd-bench"),
        // One cold-start story of the MateRunner sample timed against TestDaemon in process and against entryd, side by side.
        .executableTarget(name: "entryd-storybench", dependencies: ["EntryTesting", "EntryClient", "MateRunnerApp"], path: "Sources/entryd-storybench"),
        // A seeded random source for the randomized tests and the benchmark's inputs.
        .target(name: "SeededRandom"),
        // Transport benchmark tools in C, so the yardstick and the load generator are never the bottleneck.
        .executableTarget(name: "CEchoServer", dependencies: ["CUV"]),
        .target(name: "CLoadGen"),
        .executableTarget(name: "CLoadGenCLI", dependencies: ["CLoadGen"]),
        .testTarget(name: "EntryKitTests", dependencies: ["EntryKit", "SeededRandom"]),
        // The one spawner, socket and file reader, against real processes, FIFOs and files.
        .testTarget(name: "EntrySystemTests", dependencies: ["EntrySystem"]),
        .testTarget(name: "EntryRouterTests", dependencies: ["EntryRouter", "EntryKit", "SeededRandom"]),
        // The engine as an app embeds it: its public API alone, as docs/EMBEDDING.md shows it.
        .testTarget(name: "EmbeddingTests", dependencies: ["EntryRouter"]),
        // The daemon's tests, most of them against the real `entryd` binary; they talk to it with EntryCLI's client.
        .testTarget(name: "EntryDaemonTests", dependencies: ["EntryDaemon", "EntryHost", "EntryCLI", "EntryRouter", "EntryKit", "EntrySystem", "CUV", "SeededRandom"]),
        // The command line's pure parts: argument parsing, the request builders, the scene player, event lines.
        .testTarget(name: "EntryCLITests", dependencies: ["EntryCLI", "EntryClient", "EntryDaemon", "EntryRouter"]),
        // The client library: its wire codec, and the client against the real daemon through EntryTesting.
        .testTarget(name: "EntryClientTests", dependencies: ["EntryClient", "EntryTesting", "EntryRouter", "EntrySystem"]),
        // A sample app model (samples/MateRunnerApp) whose coordinator the scene driver runs, and the
        // seed stories as its cold-start tests, written against the public API only.
        .target(name: "MateRunnerApp", dependencies: ["EntryClient"], path: "samples/MateRunnerApp/Sources/MateRunnerApp"),
        .testTarget(name: "MateRunnerAppTests", dependencies: ["MateRunnerApp", "EntryClient", "EntryTesting"],
                    path: "samples/MateRunnerApp/Tests/MateRunnerAppTests"),
        .testTarget(name: "TransportBenchTests", dependencies: ["CLoadGen"]),
        // The decoders' fuzz targets (scripts/fuzz), kept out of the shipping modules; the tests replay the corpus.
        .target(name: "FuzzTargets", dependencies: ["EntryKit", "EntryRouter", "EntryDaemon"]),
        .executableTarget(name: "entryd-fuzz", dependencies: ["FuzzTargets"], path: "Sources/entryd-fuzz"),
        .testTarget(name: "FuzzTargetTests", dependencies: ["FuzzTargets"]),
    ],
    swiftLanguageModes: [.v6]
)
