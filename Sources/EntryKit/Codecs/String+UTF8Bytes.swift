extension String {
    /// Calls `body` with the string's UTF-8 bytes, read in place (`withContiguousStorageIfAvailable`,
    /// which a native string always allows) rather than through the mutable copy `withUTF8` needs;
    /// a bridged or otherwise non-contiguous string is made contiguous first.
    @inline(__always)
    @inlinable func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var contiguous = self
        return contiguous.withUTF8(body)
    }
}
