import EntryCLI
import Glibc

/// `entryd SUBCOMMAND ...`: everything but the process's exit lives in EntryCLI.
exit(EntrydCommandLine.run(Array(CommandLine.arguments.dropFirst())))
