/// Plain values laid end to end in bytes, at whatever alignment those bytes start: records stored
/// after a variable-length text in one allocation (`MutableBufferView.copy(bytesOf:to:)` packs
/// them), so that a value and its index cost one allocation rather than two.
///
/// Each element is loaded unaligned, an ordinary load on the platforms served. Like the view it
/// was made from, it is only valid inside the closure that lent those bytes.
@usableFromInline package struct PackedView<Element: BitwiseCopyable> {
    @usableFromInline let base: UnsafeRawPointer?
    /// How many whole elements the bytes hold.
    @usableFromInline package let count: Int

    /// The elements in `bytes`, from the first byte; bytes after the last whole element are ignored.
    @inline(__always)
    @inlinable package init(_ bytes: ByteView) {
        base = UnsafeRawPointer(bytes.buffer.baseAddress)
        count = bytes.count / MemoryLayout<Element>.stride
    }

    /// The element at `index` (`0..<count`); any other index stops the program.
    @inlinable package subscript(index: Int) -> Element {
        @inline(__always) get {
            precondition(index >= 0 && index < count, "packed element index out of range")
            return base.unsafelyUnwrapped.loadUnaligned(fromByteOffset: index &* MemoryLayout<Element>.stride, as: Element.self)
        }
    }
}

extension MutableBufferView where Element == UInt8 {
    /// Copies the memory of `source`'s elements, byte for byte, to the bytes from `start`, which must
    /// have room for all of it: the elements are then packed where their alignment is not kept, and
    /// `PackedView` reads them back.
    @inline(__always)
    @inlinable package func copy<Packed: BitwiseCopyable>(bytesOf source: BufferView<Packed>, to start: Int) {
        let byteCount = source.count &* MemoryLayout<Packed>.stride
        guard let from = source.buffer.baseAddress, byteCount > 0 else { return }
        precondition(start >= 0 && start + byteCount <= buffer.count, "copy past the end of a view")
        UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped + start).copyMemory(from: from, byteCount: byteCount)
    }
}
