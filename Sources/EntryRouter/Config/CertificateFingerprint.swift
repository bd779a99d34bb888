/// A SHA-256 certificate fingerprint as a Digital Asset Links statement names the app's signing
/// certificate: 32 bytes in hex, separated by colons (`14:6D:E9:…:E5`), as `keytool -list -v`
/// prints it. Android verifies a host only for a statement whose fingerprints include the
/// installed app's, so a statement with none of this form can grant nothing.
enum CertificateFingerprint {
    static let bytes = 32

    /// Whether `text` is one: 32 two-digit hex groups between colons, either case.
    static func isWellFormed(_ text: String) -> Bool {
        let groups = text.utf8.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        return groups.count == bytes && groups.allSatisfy { group in
            group.count == 2 && group.allSatisfy(isHexDigit)
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }
}
