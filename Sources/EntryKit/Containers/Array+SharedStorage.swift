extension Array {
    /// Whether this array and `other` are one storage: the same elements at the same address, as
    /// copies of one array are until either is written. True means equal contents without reading
    /// them, so a caller can skip assigning a value over itself (a retain and a release of the one
    /// storage); false says nothing about the contents.
    @inline(__always)
    @inlinable package func sharesStorage(with other: [Element]) -> Bool {
        withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress && mine.count == theirs.count }
        }
    }
}
