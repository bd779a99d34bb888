import EntryDaemon

/// A usage error as every subcommand reports it: what is wrong, then that subcommand's usage (not
/// the whole list), then where the rest is.
enum Usage {
    /// Prints the error and returns 64.
    static func fail(_ command: String, _ message: String) -> Int32 {
        guard let spec = Commands.named(command) else {
            printError("entryd: \(message)\n`entryd --help` lists the subcommands.")
            return 64
        }
        printError((["entryd \(command): \(message)"] + spec.usageLines
                    + ["`entryd help \(command)` describes every flag."]).joined(separator: "\n"))
        return 64
    }
}
