/// The directory a file path names its file in: what is before its last `/` (`/` for a file at the
/// root, `.` for a bare name). Where a socket or store cannot be made or reached, it is often the
/// directory that is the reason, and the message names it.
package func parentDirectory(of path: String) -> String {
    path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
}
