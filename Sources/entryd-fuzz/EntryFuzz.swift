import EntryDaemon
import FuzzTargets
#if canImport(Glibc)
import Glibc
#endif

// Built by `scripts/fuzz` with `--sanitize=fuzzer` and `-DENTRYD_LIBFUZZER`, this is a libFuzzer
// target: libFuzzer brings `main` and calls in for each input, on the target that
// `ENTRYD_FUZZ_TARGET` names. Built as usual, it replays files through a target, to look at one
// input the fuzzer kept without the fuzzer build.

#if ENTRYD_LIBFUZZER

/// The target this run fuzzes, read once from the environment.
let fuzzTarget: FuzzTarget = {
    let name = getenv("ENTRYD_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        fatalError("ENTRYD_FUZZ_TARGET is '\(name)'; one of \(FuzzTarget.allCases.map(\.rawValue)) is needed")
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzTarget.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}

#else

/// `entryd-fuzz TARGET FILE...`: runs each file through the target; a failing check stops the run.
@main
struct EntryFuzz {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            printError("usage: entryd-fuzz \(names) FILE...")
            exit(64)
        }
        for path in arguments.dropFirst() {
            guard let bytes = readFile(path) else {
                printError("entryd-fuzz: cannot read \(path)")
                exit(66)
            }
            target.run(bytes)
            print("\(path): ok")
        }
    }

    static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            bytes += chunk[..<count]
            if count < chunk.count { return ferror(file) == 0 ? bytes : nil }
        }
    }
}

#endif
