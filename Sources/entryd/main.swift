import EntryDaemon
import EntryRouter

print("entryd")
