extension Connection {
    /// How the peer reached the daemon, which decides how it is known: by its uid on the Unix
    /// socket, by the token its `hello` shows on TCP.
    package enum Transport: Sendable, Hashable {
        case unix
        case tcp
    }
}
