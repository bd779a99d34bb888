import EntryRouter
import EntryKit

/// Splits the input into lines three ways and checks that they agree with a plain model of the
/// framing rules: all bytes in one read, reads of sizes taken from the input itself, and the same
/// reads drained through `next(lending:)`. A small `maxFrame` makes the oversize path common.
enum FrameFuzzing {
    static let maxFrame = 32

    /// What the decoder is expected to hand out for a stream.
    enum Outcome: Hashable {
        case line([UInt8])
        case tooLarge
    }

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let expected = model(bytes)
        let whole = decode(bytes, readSizes: [bytes.count], lending: false)
        expect(whole == expected, "one read gave \(whole), the rules give \(expected)")
        let sizes = readSizes(bytes)
        let pieces = decode(bytes, readSizes: sizes, lending: false)
        expect(pieces == expected, "reads of \(sizes) gave \(pieces), the rules give \(expected)")
        let lent = decode(bytes, readSizes: sizes, lending: true)
        expect(lent == expected, "lent lines in reads of \(sizes) gave \(lent), the rules give \(expected)")
    }

    /// The framing rules read literally: lines end at `\n`, one `\r` before it goes, empty lines are
    /// skipped, and a line (or the unterminated tail, a last `\r` not counted) over the limit ends
    /// the stream.
    static func model(_ bytes: UnsafeBufferPointer<UInt8>) -> [Outcome] {
        var outcomes: [Outcome] = []
        var line: [UInt8] = []
        for byte in bytes {
            guard byte == UInt8(ascii: "\n") else {
                line.append(byte)
                continue
            }
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if line.count > maxFrame { return outcomes + [.tooLarge] }
            if !line.isEmpty { outcomes.append(.line(line)) }
            line = []
        }
        let tail = line.last == UInt8(ascii: "\r") ? line.count - 1 : line.count
        return tail > maxFrame ? outcomes + [.tooLarge] : outcomes
    }

    /// Read sizes from 1 to 16 bytes, one per input byte in turn, until the input is covered.
    static func readSizes(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var sizes: [Int] = []
        var covered = 0
        var index = 0
        while covered < bytes.count {
            let size = min(Int(bytes[index % bytes.count] & 0x0F) + 1, bytes.count - covered)
            sizes.append(size)
            covered += size
            index += 1
        }
        return sizes
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, readSizes: [Int], lending: Bool) -> [Outcome] {
        var decoder = FrameDecoder(maxFrame: maxFrame)
        var outcomes: [Outcome] = []
        var at = 0
        for size in readSizes {
            decoder.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[at..<at + size])))
            at += size
            drain(&decoder, into: &outcomes, lending: lending)
        }
        return outcomes
    }

    static func drain(_ decoder: inout FrameDecoder, into outcomes: inout [Outcome], lending: Bool) {
        if lending {
            var line: [UInt8] = []
            while let lent = decoder.next(lending: { line = Array($0) }) {
                outcomes.append(lent == .line ? .line(line) : .tooLarge)
            }
        } else {
            while let frame = decoder.next() {
                switch frame {
                case .line(let bytes): outcomes.append(.line(Array(bytes)))
                case .tooLarge: outcomes.append(.tooLarge)
                }
            }
        }
    }
}
