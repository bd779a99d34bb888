import Glibc

/// Writes a message and a newline to stderr, in one `write` (the CLI's error output).
package func printError(_ message: String) {
    let bytes = Array((message + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
