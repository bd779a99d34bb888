import EntryHost
import CUV

/// Where the store lives when `--store` is not given: `$XDG_STATE_HOME/entryd/entryd.sqlite`, else
/// `~/.local/state/entryd/entryd.sqlite` (the XDG base directory rules for state that should survive a
/// restart but is not worth backing up).
package enum StorePath {
    /// The default store path for `environment`, or nil when neither `XDG_STATE_HOME` nor a home directory
    /// is known. A relative `XDG_STATE_HOME` is ignored, as the XDG specification asks; `homeDirectory` is
    /// used when `HOME` is unset or empty.
    package static func resolve(environment: [String: String], homeDirectory: String? = nil) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return join(state, "entryd/entryd.sqlite")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? homeDirectory
        guard let home, !home.isEmpty else { return nil }
        return join(home, ".local/state/entryd/entryd.sqlite")
    }

    /// The default path for this process: its `XDG_STATE_HOME` and `HOME`, else the password database's home.
    package static func processDefault() throws(StoreError) -> String {
        var environment: [String: String] = [:]
        for name in ["XDG_STATE_HOME", "HOME"] {
            environment[name] = processVariable(name)
        }
        guard let path = resolve(environment: environment, homeDirectory: processHomeDirectory()) else {
            throw StoreError(path: "~/.local/state/entryd/entryd.sqlite",
                             message: "no home directory is known; set HOME or XDG_STATE_HOME, or pass --store")
        }
        return path
    }

    /// Creates the directory that will hold `storePath`, and its missing parents, with mode 0700: the store
    /// holds what users were sent, so only its owner may list or read it. Existing directories are left as
    /// they are. Does nothing for `:memory:` or a bare file name.
    package static func createDirectory(for storePath: String) throws(StoreError) {
        guard storePath != ":memory:", let slash = storePath.lastIndex(of: "/") else { return }
        let directory = String(storePath[..<slash])
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            var request = uv_fs_t()
            let rc = uv_fs_mkdir(nil, &request, prefix, 0o700, nil)
            uv_fs_req_cleanup(&request)
            if rc != 0 && rc != UV_EEXIST.rawValue {
                throw StoreError(path: storePath, message: "cannot create the directory \(prefix): "
                    + "\(String(cString: uv_strerror(rc))); create it or pass another --store")
            }
            // mkdir's mode passes through the umask: one that takes the owner's search bit (0177, say)
            // would leave a directory nobody can use. A directory made here is set to exactly 0700.
            if rc == 0 { chmod(prefix, 0o700) }
        }
    }

    private static func join(_ directory: String, _ rest: String) -> String {
        directory.hasSuffix("/") ? directory + rest : directory + "/" + rest
    }

    private static func processVariable(_ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        var size = buffer.count
        guard uv_os_getenv(name, &buffer, &size) == 0 else { return nil }
        return String(decoding: buffer[..<size].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func processHomeDirectory() -> String? {
        var passwd = uv_passwd_t()
        guard uv_os_get_passwd(&passwd) == 0 else { return nil }
        defer { uv_os_free_passwd(&passwd) }
        return passwd.homedir.map { String(cString: $0) }
    }
}
