#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EntryClient
import Testing

/// A payload file is read as the daemon reads its files: a FIFO or a device named by mistake is
/// refused by name at once, where reading it would hang the test or never end.
@Suite struct PayloadFileTests {
    @Test func aFIFOIsRefusedNamingIt() {
        var template = Array("/tmp/entryclient-XXXXXX".utf8CString)
        let directory = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!)! })
        let path = directory + "/invite.apns"
        #expect(mkfifo(path, 0o600) == 0)
        defer {
            unlink(path)
            rmdir(directory)
        }
        #expect(throws: EntryClientError.badFile(path: path, reason: "cannot read it: it is a FIFO, not a regular file")) {
            try APNsPayload(file: path)
        }
    }

    @Test func aDeviceIsRefusedNamingIt() {
        #expect(throws: EntryClientError.badFile(path: "/dev/zero", reason: "cannot read it: it is a character device, not a regular file")) {
            try APNsPayload(file: "/dev/zero")
        }
    }
}
