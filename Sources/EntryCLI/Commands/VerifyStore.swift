import EntryDaemon
import Glibc

/// `entryd verify-store`: `PRAGMA integrity_check` on a store file, then every row read as a start-up
/// reads it (`SQLiteStore.integrityCheck`), then what it holds: entries by state and dedupe keys.
///
/// A running daemon holds its store exclusively, so this checks a stopped daemon's file (after a
/// crash, a copy, a backup); against a store in use it says so and exits 74.
enum VerifyStore {
    static func run(_ parsed: ParsedArguments) -> Int32 {
        let path: String
        do {
            path = try parsed.value("store") ?? StorePath.processDefault()
        } catch {
            printError("entryd verify-store: \(error)")
            return 74
        }
        guard access(path, F_OK) == 0 else {
            printError("entryd verify-store: \(path): no such store (pass --store FILE)")
            return 66
        }
        do {
            let store = try SQLiteStore(path: path)
            let result = try store.integrityCheck()
            guard result == "ok" else {
                print("\(path): \(result)")
                return 65
            }
            print("\(path): ok; \(StoreSummary(try store.load()))")
            return 0
        } catch {
            printError("entryd verify-store: \(error)")
            return 74
        }
    }
}
