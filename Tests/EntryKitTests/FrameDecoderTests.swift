import SeededRandom
import Testing
@testable import EntryKit

@Suite struct FrameDecoderTests {
    /// Drains every frame, rendering lines as text and `.tooLarge` as "<too large>".
    private func drain(_ decoder: inout FrameDecoder) -> [String] {
        var frames: [String] = []
        while let frame = decoder.next() {
            switch frame {
            case .line(let line): frames.append(String(decoding: line, as: UTF8.self))
            case .tooLarge: frames.append("<too large>")
            }
        }
        return frames
    }

    /// Feeds `stream` in chunks of `chunk` bytes, draining after each.
    private func frames(_ stream: String, chunk: Int, maxFrame: Int = 64) -> [String] {
        var decoder = FrameDecoder(maxFrame: maxFrame)
        return feed(stream, chunk: chunk, into: &decoder)
    }

    /// Feeds `stream` to `decoder` in chunks of `chunk` bytes, draining after each.
    private func feed(_ stream: String, chunk: Int, into decoder: inout FrameDecoder) -> [String] {
        let all = Array(stream.utf8)
        var frames: [String] = []
        var offset = 0
        while offset < all.count {
            decoder.append(Array(all[offset..<min(offset + chunk, all.count)]))
            frames += drain(&decoder)
            offset += chunk
        }
        return frames
    }

    /// Lending a line (`next(lending:)`, the daemon's path) finds the same frames as `next()`, in the
    /// same order, for random lines (some over the limit) fed in random chunks to twin decoders.
    @Test func lendingFindsWhatNextFinds() {
        var random = SplitMix64(seed: 0x1E4D)
        for _ in 0..<200 {
            var stream: [UInt8] = []
            for _ in 0..<random.below(10) {
                stream += (0..<random.below(40)).map { _ in random.pick(Array("ab{}\":, 19\r".utf8)) }
                stream.append(UInt8(ascii: "\n"))
            }
            var sliced = FrameDecoder(maxFrame: 24)
            var lending = FrameDecoder(maxFrame: 24)
            var expected: [String] = []
            var lent: [String] = []
            var offset = 0
            while offset < stream.count {
                let chunk = Array(stream[offset..<min(offset + 1 + random.below(30), stream.count)])
                offset += chunk.count
                sliced.append(chunk)
                lending.append(chunk)
                expected += drain(&sliced)
                while let frame = lending.next(lending: { lent.append(String(decoding: $0, as: UTF8.self)) }) {
                    if frame == .tooLarge { lent.append("<too large>") }
                }
            }
            #expect(lent == expected)
            #expect(lending.hasPartialLine == sliced.hasPartialLine && lending.isFinished == sliced.isFinished)
        }
    }

    @Test(arguments: [1, 2, 3, 5, 7, 16, 1000])
    func anyChunkingGivesTheSameFrames(chunk: Int) {
        let stream = "{\"op\":\"watch\"}\n{\"op\":\"status\"}\r\n\n{\"req\":1}\nlast\n"
        #expect(frames(stream, chunk: chunk) == ["{\"op\":\"watch\"}", "{\"op\":\"status\"}", "{\"req\":1}", "last"])
    }

    /// The search steps by blocks of sixteen bytes, then words of eight, then bytes: a newline at
    /// every offset of lines of every length up to a few blocks, whole or in random chunks, must
    /// split exactly where splitting byte by byte does.
    @Test func newlinesAreFoundAtEveryOffset() {
        var random = SplitMix64(seed: 0x0A0A_F00D)
        for round in 0..<200 {
            var lines: [String] = []
            var stream = ""
            for _ in 0..<random.below(12) {
                let line = String((0..<random.below(70)).map { _ in random.pick(Array("abcXYZ{}\":, 0189")) })
                stream += line + (random.chance(30) ? "\r\n" : "\n")
                if !line.isEmpty { lines.append(line) }
            }
            let tail = String(repeating: "t", count: random.below(40))
            stream += tail
            for chunk in [stream.utf8.count + 1, 1 + random.below(40)] {
                var decoder = FrameDecoder(maxFrame: 100)
                let frames = feed(stream, chunk: chunk, into: &decoder)
                #expect(frames == lines, "round \(round), chunk \(chunk)")
                #expect(decoder.hasPartialLine == !tail.isEmpty, "round \(round), chunk \(chunk)")
            }
        }
    }

    @Test func manyFramesInOneChunk() {
        let lines = (0..<500).map { "{\"req\":\($0)}" }
        var decoder = FrameDecoder()
        decoder.append(Array((lines.joined(separator: "\n") + "\n").utf8))
        #expect(drain(&decoder) == lines)
        #expect(!decoder.hasPartialLine)
    }

    @Test func lineSplitAcrossChunks() {
        var decoder = FrameDecoder()
        #expect(!decoder.hasPartialLine)
        decoder.append(Array("{\"op\":".utf8))
        #expect(drain(&decoder) == [])
        #expect(decoder.hasPartialLine)
        decoder.append(Array("\"watch\"}\n{\"op\"".utf8))
        #expect(drain(&decoder) == ["{\"op\":\"watch\"}"])
        #expect(decoder.hasPartialLine)
        decoder.append(Array(":\"status\"}\n".utf8))
        #expect(drain(&decoder) == ["{\"op\":\"status\"}"])
        #expect(!decoder.hasPartialLine)
    }

    @Test func appendsFromARawBuffer() {
        var decoder = FrameDecoder()
        let chunk = Array("a\nb".utf8)
        chunk.withUnsafeBytes { decoder.append($0) }
        #expect(drain(&decoder) == ["a"])
        #expect(decoder.hasPartialLine)
    }

    @Test(arguments: [
        ("12345678\n", ["12345678"]),
        ("12345678\r\n", ["12345678"]),
        ("123456789\n", ["<too large>"]),
        ("123456789\r\n", ["<too large>"]),
        ("1234\n123456789\nnever\n", ["1234", "<too large>"]),
    ])
    func frameLimit(stream: String, expected: [String]) {
        #expect(frames(stream, chunk: 1000, maxFrame: 8) == expected)
        #expect(frames(stream, chunk: 1, maxFrame: 8) == expected)
    }

    @Test func tooLargeIsKnownBeforeTheNewline() {
        var decoder = FrameDecoder(maxFrame: 8)
        decoder.append(Array("12345678\r".utf8))
        #expect(drain(&decoder) == [], "a trailing \\r may still be the terminator")
        decoder.append(Array("9".utf8))
        #expect(drain(&decoder) == ["<too large>"])
        #expect(decoder.isFinished)
        #expect(!decoder.hasPartialLine)
        decoder.append(Array("\nok\n".utf8))
        #expect(drain(&decoder) == [], "a finished decoder yields nothing more")
    }

    @Test func crlfAndBareCarriageReturns() {
        #expect(frames("a\r\nb\nc\rd\n\r\r\n", chunk: 100) == ["a", "b", "c\rd", "\r"])
    }

    @Test func emptyLinesAreSkipped() {
        #expect(frames("\n\r\n\nx\n\n", chunk: 100) == ["x"])
        #expect(frames("\n\r\n\nx\n\n", chunk: 1) == ["x"])
    }

    /// The decoder frames bytes and leaves their meaning to the parser: invalid UTF-8 passes through
    /// (the request decoder refuses it, `FramedInvalidUTF8Tests`).
    @Test func invalidUTF8PassesThroughToTheParser() {
        var decoder = FrameDecoder()
        decoder.append([0x7B, 0xFF, 0xFE, 0x7D, 0x0A])
        guard case .line(let line) = decoder.next() else { Issue.record("expected a line"); return }
        #expect(Array(line) == [0x7B, 0xFF, 0xFE, 0x7D])
    }

    @Test func aLongPartialLineSurvivesCompaction() {
        // Consumed heads are dropped while a line is still arriving; the line must come out whole.
        var decoder = FrameDecoder(maxFrame: 10_000)
        var expected: [String] = []
        var received: [String] = []
        for round in 0..<50 {
            let head = "short-\(round)\n"
            let long = String(repeating: Character(String(round % 10)), count: 300 + round)
            expected += ["short-\(round)", long]
            decoder.append(Array((head + long.prefix(100)).utf8))
            received += drain(&decoder)
            decoder.append(Array((long.dropFirst(100) + "\n").utf8))
            received += drain(&decoder)
        }
        #expect(received == expected)
    }

    @Test func bytesLeftFromEarlierReadsAreNotRead() {
        // The buffer keeps its room between reads, and what an earlier read left there (newlines, a
        // trailing `\r`) must not be taken for the current line's.
        var decoder = FrameDecoder(maxFrame: 8)
        decoder.append(Array("1234567\r\n".utf8))
        #expect(drain(&decoder) == ["1234567"])
        decoder.append(Array("ab".utf8))
        #expect(drain(&decoder) == [], "the newline left by the first read is not the line's")
        #expect(decoder.hasPartialLine)
        decoder.append(Array("c\n".utf8))
        #expect(drain(&decoder) == ["abc"])
        #expect(!decoder.hasPartialLine)
        decoder.append(Array("12345678".utf8))
        #expect(drain(&decoder) == [], "a line at the limit is not too large, whatever lies beyond it")
        decoder.append(Array("\n".utf8))
        #expect(drain(&decoder) == ["12345678"])
    }

    @Test func aTailMovedToTheFrontKeepsItsBytes() {
        // A read that ends inside a line after a longer consumed head moves the tail to the front;
        // the next read continues it there.
        var decoder = FrameDecoder()
        decoder.append(Array("a-long-first-line\nxy".utf8))
        #expect(drain(&decoder) == ["a-long-first-line"])
        decoder.append(Array("z\nq".utf8))
        #expect(drain(&decoder) == ["xyz"])
        decoder.append(Array("\n".utf8))
        #expect(drain(&decoder) == ["q"])
        #expect(!decoder.hasPartialLine)
    }
}
