import Glibc

/// A file's device and inode numbers: which file a path names at one moment. A path that names
/// another identity later was renamed, removed or replaced in between.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    /// The identity of the file at `path` (of the link itself when `followingLinks` is false); nil
    /// when there is none.
    init?(path: String, followingLinks: Bool = true) {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
