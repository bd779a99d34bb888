import CUV

extension Connection {
    /// Why a connection closed, for the log line.
    package enum CloseReason: Sendable, Hashable, CustomStringConvertible {
        case endOfInput
        case readFailed(UVError)
        case writeFailed(UVError)
        case stalled
        case outputCapExceeded(unsent: Int)
        /// Closed by its owner (the router's `close`, a refused peer, shutdown).
        case requested(String)

        package var description: String {
            switch self {
            case .endOfInput: "peer closed"
            case .readFailed(let e): "read failed: \(e)"
            case .writeFailed(let e): "write failed: \(e)"
            case .stalled: "partial line stalled"
            case .outputCapExceeded(let unsent): "unsent output over the cap (\(unsent) bytes)"
            case .requested(let why): why
            }
        }
    }
}
