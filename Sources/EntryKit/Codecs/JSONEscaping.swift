
/// Which bytes of a string JSON text must escape, and copying the run before the first of them.
///
/// The writer escapes `"`, `\\` and every control character below U+0020, and nothing else:
/// non-ASCII text is copied as its UTF-8 bytes.
@usableFromInline package enum JSONEscaping {
    @inlinable package static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == ASCII.quote || byte == ASCII.backslash
    }

    /// Whether any of the eight bytes of `word` needs an escape. A byte below `0x20` is found by
    /// subtracting `0x20` from every byte (it borrows into its high bit, which it did not have); a
    /// byte equal to `"` or `\\` becomes zero when XORed with it, and a zero byte is found by
    /// subtracting one. Each test is exact as a yes/no for the whole word, which is all this asks:
    /// a word that says yes is gone through byte by byte.
    @inlinable package static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word
        let quotes = word ^ (ones &* UInt64(ASCII.quote))
        let backslashes = word ^ (ones &* UInt64(ASCII.backslash))
        let marks = control | ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
        return marks & highBits != 0
    }

    /// Copies the bytes of `utf8` to `destination` up to the first one that needs an escape
    /// (eight at a time while a whole word needs none); returns how many were copied.
    ///
    /// The bytes after the last whole word, and strings of four to seven bytes, are read as two words
    /// that overlap rather than byte by byte: most strings written (ids, routes, params) are short and
    /// need no escape, and for them this is a few loads, one check and two stores. The overlapping
    /// stores write the same bytes twice, never past `length`. A word that needs an escape leaves the
    /// rest to the byte loop, which finds where it is. Inlined: a push's reply copies four strings
    /// this way, and for strings this short a call and its frame are a good part of the copy.
    @inline(__always)
    @inlinable static func copyPlainPrefix(_ utf8: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        guard let source = utf8.baseAddress else { return 0 }
        let length = utf8.count
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(destination)
        var index = 0
        if length >= 8 {
            while index + 8 <= length {
                let word = from.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if needsEscape(word) { break }
                to.storeBytes(of: word, toByteOffset: index, as: UInt64.self)
                index += 8
            }
            if index < length, index + 8 > length {
                let last = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                if !needsEscape(last) {
                    to.storeBytes(of: last, toByteOffset: length - 8, as: UInt64.self)
                    return length
                }
            }
        } else if length >= 4 {
            let first = from.loadUnaligned(as: UInt32.self)
            let last = from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            if !needsEscape(UInt64(first) | UInt64(last) << 32) {
                to.storeBytes(of: first, as: UInt32.self)
                to.storeBytes(of: last, toByteOffset: length - 4, as: UInt32.self)
                return length
            }
        }
        while index < length {
            let byte = source[index]
            if needsEscape(byte) { break }
            destination[index] = byte
            index += 1
        }
        return index
    }
}
